import Foundation
import Hummingbird
import LatchkeyWire

/// Reads JSON and form bodies strictly: a size limit (413), a nesting limit, a JSON object at the
/// top, no NUL characters, no members beyond those the endpoint accepts, and typed decoding errors.
enum RequestBody {
    /// The deepest JSON nesting accepted.
    static let maximumDepth = 16

    /// The body decoded as `T`, with the set of members present (to tell "absent" from `null`).
    static func decode<T: StrictRequest>(
        _ type: T.Type,
        from request: Request,
        limit: Int
    ) async throws -> (value: T, present: Set<String>) {
        let data = try await bytes(of: request, limit: limit)
        let scan = members(of: data)
        // The common case in one scan and one decode; anything else (an error to tell, a name
        // with escapes) takes the full parse below, which words every refusal.
        if case .members(let present) = scan, present.isSubset(of: T.acceptedFields),
            let value = try? WireCoding.makeDecoder().decode(T.self, from: data)
        {
            return (value, present)
        }
        guard scan != .refused, depth(of: data) <= maximumDepth,
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], !containsNUL(object)
        else { throw APIError(.badRequest, .invalidRequest) }
        let unknown = Set(object.keys).subtracting(T.acceptedFields).sorted()
        guard unknown.isEmpty else {
            throw APIError(.badRequest, .unknownField, fields: unknown.map { FieldError(field: $0, code: .unknownField) })
        }
        do {
            return (try WireCoding.makeDecoder().decode(T.self, from: data), Set(object.keys))
        } catch let DecodingError.keyNotFound(key, _) {
            throw APIError(.badRequest, .invalidRequest, fields: [FieldError(field: key.stringValue, code: .invalidRequest)])
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw APIError(.badRequest, .invalidRequest, fields: [FieldError(field: field(at: context), code: .invalidField)])
        } catch let DecodingError.dataCorrupted(context) where !context.codingPath.isEmpty {
            // A member of the right type whose value the endpoint does not accept (a name outside
            // an enumeration): a field error, as the endpoint's own validation gives.
            throw APIError.validation([FieldError(field: field(at: context), code: .invalidField)])
        } catch {
            throw APIError(.badRequest, .invalidRequest)
        }
    }

    /// The member a decoding error is about, as `a.b` from the body's top.
    private static func field(at context: DecodingError.Context) -> String {
        context.codingPath.map(\.stringValue).joined(separator: ".")
    }

    /// An `application/x-www-form-urlencoded` body as name → value for the parameters in
    /// `recognized`; per RFC 6749 §3.1 others are ignored and a repeated recognized one is an error.
    static func form(from request: Request, limit: Int, recognized: Set<String>) async throws -> [String: String]? {
        let data = try await bytes(of: request, limit: limit)
        guard let text = String(data: data, encoding: .utf8) else { return nil }
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") where !pair.isEmpty {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            // Names the endpoint does not read are skipped unexamined, whatever they hold.
            guard let name = FormEncoding.decode(parts[0]), recognized.contains(name) else { continue }
            guard let value = FormEncoding.decode(parts.count > 1 ? parts[1] : "") else { return nil }
            guard fields[name] == nil else { return nil }
            fields[name] = value
        }
        return fields
    }

    /// Whether any key or string in a parsed JSON value holds U+0000, which no identifier,
    /// password or token contains and PostgreSQL cannot store.
    private static func containsNUL(_ value: Any) -> Bool {
        switch value {
        // The byte, not `contains("\u{0}")`: that is Foundation's locale-aware substring search,
        // far slower for one byte.
        case let string as String: return string.utf8.contains(0)
        case let object as [String: Any]: return object.contains { containsNUL($0.key) || containsNUL($0.value) }
        case let array as [Any]: return array.contains(where: containsNUL)
        default: return false
        }
    }

    /// The body's bytes, refused with `413 body_too_large` past `limit`.
    static func bytes(of request: Request, limit: Int) async throws -> Data {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            throw APIError(.contentTooLarge, .bodyTooLarge)
        }
        var request = request
        do {
            let buffer = try await request.collectBody(upTo: limit)
            return Data(buffer.readableBytesView)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            // `HTTPError` for a body the server knows the length of, NIO's `NIOTooManyBytesError`
            // for a chunked one that runs past the limit.
            throw APIError(.contentTooLarge, .bodyTooLarge)
        }
    }

    /// The maximum nesting of arrays and objects, counted outside strings.
    static func depth(of data: Data) -> Int {
        var depth = 0
        var deepest = 0
        forEachByteOutsideStrings(of: data) { byte in
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                deepest = max(deepest, depth)
                if deepest > maximumDepth { return false }
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default: break
            }
            return true
        }
        return deepest
    }

    /// Whether an array or object ends with a comma (`[1,]`, `{"a":1,}`): not JSON (RFC 8259),
    /// though Foundation's parser lets it through. It matters where a body is kept as sent.
    static func hasTrailingComma(_ data: Data) -> Bool {
        var last: UInt8 = 0
        var found = false
        forEachByteOutsideStrings(of: data) { byte in
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { return true }
            if last == UInt8(ascii: ","), byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") { found = true }
            last = byte
            return !found
        }
        return found
    }

    /// Calls `body` with each byte of JSON text outside strings (a string's opening quote
    /// included) until it answers false.
    private static func forEachByteOutsideStrings(of data: Data, _ body: (UInt8) -> Bool) {
        var inString = false
        var escaped = false
        for byte in data {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            if byte == UInt8(ascii: "\"") { inString = true }
            guard body(byte) else { return }
        }
    }
}
