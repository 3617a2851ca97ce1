import Foundation
import HTTPTypes
import LatchkeyWire

/// The tree's JSON text: request bodies parsed strictly, values written back in one canonical
/// form (keys sorted, no spaces) so that equal values have equal text and so equal `ETag`s, and
/// stored scalars read back without a general parser.
enum TreeJSON {
    /// The deepest body accepted, counted in nested arrays and objects; the tree's own depth limit
    /// (``DataPath/maximumDepth``) is checked on the flattened leaves.
    static let maximumBodyDepth = DataPath.maximumDepth + 2

    /// The protocol's answer to a body that is not JSON.
    static let unparseable = DatabaseError(
        status: .badRequest,
        message: "Invalid data; couldn't parse JSON object, array, or value."
    )

    /// Parses a request body: one JSON value of RFC 8259 (nothing Foundation merely tolerates),
    /// no NUL, nested at most ``maximumBodyDepth`` deep.
    static func parse(_ body: Data) throws(DatabaseError) -> JSONValue {
        do {
            return try TreeJSONParser.parse(body, maximumDepth: maximumBodyDepth)
        } catch {
            throw unparseable
        }
    }

    /// `value` as canonical JSON text; `pretty` indents it by two spaces as `print=pretty` asks.
    static func text(_ value: JSONValue?, pretty: Bool = false) -> String {
        var output = ""
        write(value ?? .null, into: &output, indent: pretty ? "" : nil)
        return output
    }

    /// The canonical object whose members are `members`' keys with their values' JSON text.
    static func object(_ members: [String: String]) -> String {
        var output = "{"
        for (index, key) in members.keys.sorted().enumerated() {
            if index > 0 { output += "," }
            JSONText.appendQuoted(key, to: &output)
            output += ":" + (members[key] ?? "null")
        }
        return output + "}"
    }

    private static func write(_ value: JSONValue, into output: inout String, indent: String?) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .integer(let number): output += String(number)
        case .number(let number): output += numberText(number)
        case .string(let string): JSONText.appendQuoted(string, to: &output)
        case .array(let items):
            guard !items.isEmpty else {
                output += "[]"
                return
            }
            let inner = indent.map { $0 + "  " }
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                if let inner { output += "\n" + inner }
                write(item, into: &output, indent: inner)
            }
            if let indent { output += "\n" + indent }
            output += "]"
        case .object(let members):
            guard !members.isEmpty else {
                output += "{}"
                return
            }
            let inner = indent.map { $0 + "  " }
            output += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { output += "," }
                if let inner { output += "\n" + inner }
                JSONText.appendQuoted(key, to: &output)
                output += indent == nil ? ":" : ": "
                write(members[key] ?? .null, into: &output, indent: inner)
            }
            if let indent { output += "\n" + indent }
            output += "}"
        }
    }

    /// A double as JSON: integral values within 2^53 without a fraction, as the protocol writes them.
    private static func numberText(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(), abs(number) < 9_007_199_254_740_992 { return String(Int64(number)) }
        return "\(number)"
    }

    /// A stored scalar's value: its text as ``text(_:pretty:)`` wrote it.
    static func scalar(stored text: String) -> JSONValue {
        switch text.utf8.first {
        case UInt8(ascii: "\""):
            if !text.utf8.contains(UInt8(ascii: "\\")) { return .string(String(Substring(text.utf8.dropFirst().dropLast()))) }
            return (try? TreeJSONParser.parse(Data(text.utf8), maximumDepth: 0)) ?? .null
        case UInt8(ascii: "t"): return .bool(true)
        case UInt8(ascii: "f"): return .bool(false)
        default:
            if let integer = Int64(text) { return .integer(integer) }
            return Double(text).map(JSONValue.number) ?? .null
        }
    }
}

extension JSONValue {
    /// The number this value holds, if it is one.
    var numberValue: Double? {
        switch self {
        case .integer(let number): Double(number)
        case .number(let number): number
        default: nil
        }
    }
}
