import Crypto
import Foundation
import LatchkeySystemRandom

/// Random identifiers and bearer secrets.
enum SecureRandom {
    /// `count` bytes from the kernel's CSPRNG in one call (`getrandom`; Apple platforms:
    /// `arc4random_buf`).
    ///
    /// Why not `SymmetricKey(size:)` or the standard library's generator: both ask the kernel
    /// for eight bytes at a time, so a refresh made nine `getrandom` calls for its new token, its
    /// access token's id and its sealing nonce where one does.
    static func bytes(_ count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            if let start = buffer.baseAddress, count > 0 {
                let failure = latchkey_random_bytes(start, count)
                // Only a kernel without getrandom (before Linux 3.17) fails here; nothing can be
                // kept secret without it.
                precondition(failure == 0, "the kernel's random bytes are unavailable (errno \(failure))")
            }
            initialized = count
        }
    }

    /// A bearer secret with 256 random bits, base64url without padding, behind a readable prefix.
    static func token(prefix: String) -> String {
        prefix + Base64URL.encode(bytes(32))
    }

    /// `count` uniformly random decimal digits (a PIN), leading zeros kept.
    static func digits(_ count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
    }

    /// A 128-bit identifier as 26 lowercase Crockford base32 characters (sortable by nothing, guessable by no one).
    static func identifier() -> String {
        identifier(encoding: bytes(17))
    }

    /// The identifier that `bytes` (17 of them) encode: a point among identifiers that the same
    /// bytes always name, so a digest picks a stable place in a table keyed by identifiers.
    static func identifier(encoding random: [UInt8]) -> String {
        String(unsafeUninitializedCapacity: 26) { output in
            var bits = 0
            var buffer: UInt32 = 0
            var written = 0
            for byte in random where written < 26 {
                buffer = (buffer << 8) | UInt32(byte)
                bits += 8
                while bits >= 5 && written < 26 {
                    bits -= 5
                    output[written] = crockford[Int((buffer >> UInt32(bits)) & 31)]
                    written += 1
                }
            }
            return written
        }
    }

    /// Crockford's base32 alphabet, lowercase.
    private static let crockford = Array("0123456789abcdefghjkmnpqrstvwxyz".utf8)
}

/// SHA-256 digests as lowercase hex, the form in which bearer secrets are stored.
enum Digest {
    /// The SHA-256 of the string's UTF-8 bytes, hex encoded.
    static func sha256Hex(_ value: String) -> String {
        hex(SHA256.hash(data: Array(value.utf8)))
    }

    /// Whether two digests are equal, taking the same time wherever they differ.
    static func equalInConstantTime(_ first: String, _ second: String) -> Bool {
        equalInConstantTime(Array(first.utf8), Array(second.utf8))
    }

    /// Whether two byte strings (MACs, tags) are equal, taking the same time wherever they differ.
    static func equalInConstantTime(_ first: [UInt8], _ second: [UInt8]) -> Bool {
        guard first.count == second.count else { return false }
        return zip(first, second).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// Bytes as lowercase hex.
    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var output: [UInt8] = []
        output.reserveCapacity(64)
        for byte in bytes {
            output.append(digits[Int(byte >> 4)])
            output.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: output, as: UTF8.self)
    }
}

/// Base64url without padding (RFC 4648 §5), as JOSE uses it.
enum Base64URL {
    /// Encodes bytes, without padding. Written straight into the string from the alphabet: every
    /// token a refresh mints goes through here (a JWS's three parts, the new refresh token), and
    /// Foundation's base64 with a second pass to swap its alphabet walks every byte twice.
    static func encode(_ bytes: some Sequence<UInt8>) -> String {
        let input = Array(bytes)
        let alphabet = Self.alphabet
        let whole = input.count / 3 * 3
        let count = whole / 3 * 4 + [0, 2, 3][input.count - whole]
        return String(unsafeUninitializedCapacity: count) { output in
            var written = 0
            func write(_ group: UInt32, characters: Int) {
                for index in 0..<characters {
                    output[written] = alphabet[Int(group >> UInt32(18 - 6 * index) & 0x3F)]
                    written += 1
                }
            }
            var index = 0
            while index < whole {
                write(UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2]), characters: 4)
                index += 3
            }
            switch input.count - whole {
            case 1: write(UInt32(input[whole]) << 16, characters: 2)
            case 2: write(UInt32(input[whole]) << 16 | UInt32(input[whole + 1]) << 8, characters: 3)
            default: break
            }
            return written
        }
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Decodes a base64url string, or nil if it is not one.
    static func decode(_ string: some StringProtocol) -> [UInt8]? {
        guard
            string.utf8.allSatisfy({ byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == 0x2D || byte == 0x5F
            })
        else { return nil }
        var base64 = string.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        let remainder = base64.count % 4
        if remainder == 1 { return nil }
        if remainder > 0 { base64 += String(repeating: "=", count: 4 - remainder) }
        // Only the canonical spelling: unused trailing bits must be zero, so one value has one string.
        guard let bytes = Data(base64Encoded: base64).map(Array.init), encode(bytes) == string else { return nil }
        return bytes
    }
}
