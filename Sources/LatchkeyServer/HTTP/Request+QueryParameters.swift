import Hummingbird
import LatchkeyWire

/// Whole-number query parameters (`limit`, `offset`, `count`), read one way on every route: a
/// value that is not a whole number in range is `422 invalid_field` naming the parameter, as a
/// body member's would be.
extension Request {
    /// The whole-number query parameter `name`; nil when absent.
    func integerParameter(_ name: String) throws -> Int? {
        guard let text = uri.queryParameters[Substring(name)] else { return nil }
        guard text.utf8.count <= 19, let number = Int(text) else { throw APIError.validation([FieldError(field: name, code: .invalidField)]) }
        return number
    }

    /// The whole-number query parameter `name` within `range`; `fallback` when absent.
    func integerParameter(_ name: String, default fallback: Int, in range: ClosedRange<Int>) throws -> Int {
        guard let number = try integerParameter(name) else { return fallback }
        guard range.contains(number) else { throw APIError.validation([FieldError(field: name, code: .invalidField)]) }
        return number
    }
}
