import Foundation
public import LatchkeyWire

/// Literals for ``JSONValue``, so data tree values read like the JSON they are:
/// `ref.setValue(["provider": "password", "visits": 1])`, `queryEqual(toValue: "income")`.
extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension JSONValue {
    /// `value` as the JSON the SDK's encoder makes of it (camelCase members as declared, ISO 8601
    /// dates), for writing any `Encodable` to the tree.
    init(encoding value: some Encodable) throws {
        do {
            let data = try WireCoding.makeEncoder().encode(value)
            self = try WireCoding.makeDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw LatchkeyError.invalidOperation("\(type(of: value)) is not JSON: \(error)")
        }
    }

    /// The value decoded as `T` with the SDK's coders; ``LatchkeyError/Kind/invalidOperation(_:)``
    /// when it has another shape.
    func decoded<T: Decodable>(as type: T.Type) throws -> T {
        do {
            return try WireCoding.makeDecoder().decode(T.self, from: try WireCoding.makeEncoder().encode(self))
        } catch {
            throw LatchkeyError.invalidOperation("the data is not a \(T.self): \(error)")
        }
    }
}
