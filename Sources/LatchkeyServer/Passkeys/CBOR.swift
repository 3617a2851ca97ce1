/// A CBOR data item (RFC 8949), as far as WebAuthn carries them: the attestation object, COSE
/// keys and authenticator extensions. Authenticators encode CTAP2's canonical form, so the reader
/// refuses what that form never holds — indefinite lengths, tags, floats, duplicate map keys — and
/// nests at most ``CBORReader/maximumDepth`` deep, so a hostile body costs no more than its bytes.
enum CBORValue: Hashable, Sendable {
    case unsigned(UInt64)
    /// The integer −1 − n.
    case negative(UInt64)
    case bytes([UInt8])
    case text(String)
    case array([CBORValue])
    case map([CBORValue: CBORValue])
    case bool(Bool)
    case null
    case undefined

    /// The value as an integer, when it is one that fits.
    var integer: Int? {
        switch self {
        case .unsigned(let value): return value <= UInt64(Int.max) ? Int(value) : nil
        case .negative(let value): return value < UInt64(Int.max) ? -1 - Int(value) : nil
        default: return nil
        }
    }

    /// The member under an integer key (COSE keys), when the value is a map.
    subscript(key: Int) -> CBORValue? {
        guard case .map(let members) = self else { return nil }
        return members[key >= 0 ? .unsigned(UInt64(key)) : .negative(UInt64(-1 - key))]
    }

    /// The member under a text key (the attestation object), when the value is a map.
    subscript(key: String) -> CBORValue? {
        guard case .map(let members) = self else { return nil }
        return members[.text(key)]
    }

    /// The bytes of a byte string.
    var bytes: [UInt8]? {
        if case .bytes(let bytes) = self { return bytes }
        return nil
    }

    /// The string of a text string.
    var text: String? {
        if case .text(let text) = self { return text }
        return nil
    }
}

/// Reads CBOR data items from bytes; see ``CBORValue`` for what it refuses.
struct CBORReader {
    /// Bytes that are not one data item of the form WebAuthn uses.
    struct Malformed: Error {}

    /// How deep arrays and maps may nest.
    static let maximumDepth = 8

    private let bytes: [UInt8]
    /// Where the next item starts.
    private(set) var offset: Int

    init(_ bytes: [UInt8], at offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    /// The one item that is all of `bytes`.
    static func decode(_ bytes: [UInt8]) throws -> CBORValue {
        var reader = CBORReader(bytes)
        let value = try reader.read()
        guard reader.offset == bytes.count else { throw Malformed() }
        return value
    }

    /// Reads the next item, moving past it.
    mutating func read() throws -> CBORValue {
        try read(depth: 0)
    }

    private mutating func read(depth: Int) throws -> CBORValue {
        guard depth <= Self.maximumDepth else { throw Malformed() }
        let initial = try take(1)[0]
        let major = initial >> 5
        if major == 7 { return try simple(initial & 0x1F) }
        let argument = try self.argument(initial & 0x1F)
        switch major {
        case 0: return .unsigned(argument)
        case 1: return .negative(argument)
        case 2: return .bytes(try take(argument))
        case 3:
            guard let text = String(validating: try take(argument), as: UTF8.self) else { throw Malformed() }
            return .text(text)
        case 4:
            var items: [CBORValue] = []
            for _ in 0..<(try count(argument)) { items.append(try read(depth: depth + 1)) }
            return .array(items)
        case 5:
            var members: [CBORValue: CBORValue] = [:]
            for _ in 0..<(try count(argument)) {
                let key = try read(depth: depth + 1)
                guard members.updateValue(try read(depth: depth + 1), forKey: key) == nil else { throw Malformed() }
            }
            return .map(members)
        default:
            throw Malformed()  // tags (6)
        }
    }

    /// The argument that follows an initial byte's additional information.
    private mutating func argument(_ info: UInt8) throws -> UInt64 {
        switch info {
        case 0..<24: return UInt64(info)
        case 24...27: return try take(1 << (info - 24)).reduce(0) { $0 << 8 | UInt64($1) }
        default: throw Malformed()  // reserved, or an indefinite length
        }
    }

    private func count(_ argument: UInt64) throws -> Int {
        // Every item is at least a byte, so a count past the bytes left cannot be honest.
        guard argument <= UInt64(bytes.count - offset) else { throw Malformed() }
        return Int(argument)
    }

    private func simple(_ info: UInt8) throws -> CBORValue {
        switch info {
        case 20: return .bool(false)
        case 21: return .bool(true)
        case 22: return .null
        case 23: return .undefined
        default: throw Malformed()  // floats and other simple values
        }
    }

    private mutating func take(_ count: some BinaryInteger) throws -> [UInt8] {
        guard count >= 0, UInt64(count) <= UInt64(bytes.count - offset) else { throw Malformed() }
        let end = offset + Int(count)
        defer { offset = end }
        return Array(bytes[offset..<end])
    }
}
