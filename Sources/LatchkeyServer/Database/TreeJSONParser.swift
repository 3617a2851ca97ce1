import Foundation
import LatchkeyWire

/// A strict RFC 8259 parser straight to ``JSONValue``, for the tree's request bodies (up to
/// ``DatabaseFeature/maximumWriteBytes``). `JSONValue`'s `Decodable` form tries each type in turn
/// and throws on every miss — four throws for an object — which on megabyte bodies costs more than
/// the parse; here each value is read once, and only a malformed body throws.
///
/// What it accepts is the RFC's grammar and nothing else: no trailing commas, no comments, no
/// unescaped control characters, no NUL, no unpaired surrogate escapes, UTF-8 only, numbers
/// within a double's range, at most `maximumDepth` nested arrays and objects. A number that is a
/// whole number within 64 bits is an integer, any other a double. Of a repeated key, the last
/// value counts.
struct TreeJSONParser {
    /// A body the grammar refuses.
    struct Malformed: Error {}

    private let bytes: UnsafeRawBufferPointer
    private let maximumDepth: Int
    private var index = 0
    private var depth = 0

    /// The one value `body` holds, surrounded by nothing but whitespace.
    static func parse(_ body: Data, maximumDepth: Int) throws(Malformed) -> JSONValue {
        let parsed = body.withUnsafeBytes { bytes -> JSONValue? in
            var parser = TreeJSONParser(bytes: bytes, maximumDepth: maximumDepth)
            guard let value = try? parser.value() else { return nil }
            parser.skipWhitespace()
            return parser.index == bytes.count ? value : nil
        }
        guard let parsed else { throw Malformed() }
        return parsed
    }

    private init(bytes: UnsafeRawBufferPointer, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    private mutating func expect(_ literal: StaticString, _ value: JSONValue) throws(Malformed) -> JSONValue {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw Malformed() }
        for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] { throw Malformed() }
        index += count
        return value
    }

    private mutating func value() throws(Malformed) -> JSONValue {
        skipWhitespace()
        guard let byte = current else { throw Malformed() }
        switch byte {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try expect("true", .bool(true))
        case UInt8(ascii: "f"): return try expect("false", .bool(false))
        case UInt8(ascii: "n"): return try expect("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw Malformed()
        }
    }

    /// Enters an array or object (past its opening bracket), within ``maximumDepth``.
    private mutating func enter() throws(Malformed) {
        depth += 1
        guard depth <= maximumDepth else { throw Malformed() }
        index += 1
        skipWhitespace()
    }

    private mutating func object() throws(Malformed) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        var members: [String: JSONValue] = [:]
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw Malformed() }
            let key = try string()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw Malformed() }
            index += 1
            members[key] = try value()
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(members)
            default: throw Malformed()
            }
        }
    }

    private mutating func array() throws(Malformed) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        var items: [JSONValue] = []
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            items.append(try value())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(items)
            default: throw Malformed()
            }
        }
    }

    /// A string, from its opening quote: its plain runs copied as they are (validated as UTF-8),
    /// its escapes decoded.
    private mutating func string() throws(Malformed) -> String {
        index += 1
        var text = ""
        var runStart = index
        while true {
            guard let byte = current, byte >= 0x20 else { throw Malformed() }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                try appendRun(from: runStart, to: &text)
                index += 1
                if byte == UInt8(ascii: "\"") { return text }
                try appendEscape(to: &text)
                runStart = index
            } else {
                index += 1
            }
        }
    }

    private func appendRun(from start: Int, to text: inout String) throws(Malformed) {
        guard start < index else { return }
        guard let run = String(validating: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self) else {
            throw Malformed()
        }
        text += run
    }

    /// An escape, past its backslash.
    private mutating func appendEscape(to text: inout String) throws(Malformed) {
        guard let byte = current else { throw Malformed() }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): text += "\""
        case UInt8(ascii: "\\"): text += "\\"
        case UInt8(ascii: "/"): text += "/"
        case UInt8(ascii: "b"): text += "\u{08}"
        case UInt8(ascii: "f"): text += "\u{0C}"
        case UInt8(ascii: "n"): text += "\n"
        case UInt8(ascii: "r"): text += "\r"
        case UInt8(ascii: "t"): text += "\t"
        case UInt8(ascii: "u"):
            var unit = try hexUnit()
            if (0xD800..<0xDC00).contains(unit) {
                // A high surrogate pairs with the low one escaped right after it.
                guard current == UInt8(ascii: "\\") else { throw Malformed() }
                index += 1
                guard current == UInt8(ascii: "u") else { throw Malformed() }
                index += 1
                let low = try hexUnit()
                guard (0xDC00..<0xE000).contains(low) else { throw Malformed() }
                unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(unit) {
                throw Malformed()
            }
            guard let scalar = Unicode.Scalar(unit) else { throw Malformed() }
            text.unicodeScalars.append(scalar)
        default: throw Malformed()
        }
    }

    /// Four hex digits of a `\u` escape.
    private mutating func hexUnit() throws(Malformed) -> UInt32 {
        guard index + 4 <= bytes.count else { throw Malformed() }
        var unit: UInt32 = 0
        for _ in 0..<4 {
            let digit: UInt32
            switch bytes[index] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(bytes[index] - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(bytes[index] - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(bytes[index] - UInt8(ascii: "A") + 10)
            default: throw Malformed()
            }
            unit = unit << 4 | digit
            index += 1
        }
        return unit
    }

    /// A number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func number() throws(Malformed) -> JSONValue {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
        } else {
            guard digits() > 0 else { throw Malformed() }
        }
        var integral = true
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw Malformed() }
            integral = false
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw Malformed() }
            integral = false
        }
        let literal = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if integral, let integer = Int64(literal) { return .integer(integer) }
        guard let number = Double(literal), number.isFinite else { throw Malformed() }
        // `1.0` and `1e2` are the integers they equal, as Foundation's decoder reads them.
        if let integer = Int64(exactly: number) { return .integer(integer) }
        return .number(number)
    }

    /// Skips a run of decimal digits; how many there were.
    private mutating func digits() -> Int {
        let start = index
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
        return index - start
    }
}
