import Crypto
public import Foundation

/// Time-based one-time passwords (RFC 6238) as authenticator apps make them: HMAC-SHA-1 over the
/// number of 30-second steps since 1970 (RFC 4226's dynamic truncation), six digits.
public struct TOTP: Sendable {
    /// The shared secret (RFC 4226 asks for at least 128 bits; ``generate()`` makes 160).
    public let secret: [UInt8]
    /// Seconds per step.
    public static let period: Int64 = 30
    /// Digits per code.
    public static let digits = 6
    /// Steps accepted on either side of the current one, for clocks that drift (RFC 6238 §5.2).
    public static let tolerance: Int64 = 1

    /// A generator over `secret`.
    public init(secret: [UInt8]) {
        self.secret = secret
    }

    /// A new random 160-bit secret.
    static func generate() -> TOTP {
        TOTP(secret: SecureRandom.bytes(20))
    }

    /// The step `date` falls in.
    public static func step(at date: Date) -> Int64 {
        Int64(date.timeIntervalSince1970.rounded(.down)) / period
    }

    /// The code of step `step`, zero-padded.
    public func code(step: Int64) -> String {
        var counter = UInt64(bitPattern: step).bigEndian
        let message = withUnsafeBytes(of: &counter) { Array($0) }
        let mac = Array(HMAC<Insecure.SHA1>.authenticationCode(for: message, using: SymmetricKey(data: secret)))
        let offset = Int(mac[mac.count - 1] & 0x0F)
        let binary =
            (UInt32(mac[offset] & 0x7F) << 24) | (UInt32(mac[offset + 1]) << 16) | (UInt32(mac[offset + 2]) << 8)
            | UInt32(mac[offset + 3])
        var modulus: UInt32 = 1
        for _ in 0..<Self.digits { modulus *= 10 }
        return String(binary % modulus, zeroPaddedTo: Self.digits)
    }

    /// The step within the tolerance of `date` whose code is `code`, or nil. Compared in
    /// constant time, so the answer's timing tells nothing about the digits.
    public func matchingStep(_ code: String, at date: Date) -> Int64? {
        let trimmed = code.filter { !$0.isWhitespace }
        guard trimmed.count == Self.digits, trimmed.allSatisfy(\.isASCII), trimmed.allSatisfy(\.isNumber) else { return nil }
        let now = Self.step(at: date)
        var found: Int64?
        for step in (now - Self.tolerance)...(now + Self.tolerance) where Digest.equalInConstantTime(self.code(step: step), trimmed) {
            found = found ?? step
        }
        return found
    }

    /// The secret as authenticator apps take it typed in: base32 (RFC 4648) without padding.
    public var base32: String { Base32.encode(secret) }

    /// The `otpauth://` URI authenticator apps read from a QR code or a link (Google
    /// Authenticator's key URI format), labelled `issuer:account`. The separator is a literal
    /// colon and each side is percent-encoded on its own: readers such as pyotp take an encoded
    /// `%3A` for part of a name, which would make the issuer part of the account.
    public func uri(account: String, issuer: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let encode = { (text: String) in text.addingPercentEncoding(withAllowedCharacters: allowed) ?? "" }
        let label = encode(issuer) + ":" + encode(account)
        let issuerParameter = encode(issuer)
        return "otpauth://totp/\(label)?secret=\(base32)&issuer=\(issuerParameter)&algorithm=SHA1&digits=\(Self.digits)&period=\(Self.period)"
    }
}

/// Base32 (RFC 4648 §6), the alphabet of TOTP secrets.
public enum Base32 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)

    /// Encodes bytes, without padding.
    public static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        for byte in bytes {
            buffer = (buffer << 8) | UInt32(byte)
            bits += 8
            while bits >= 5 {
                output.append(alphabet[Int((buffer >> UInt32(bits - 5)) & 0x1F)])
                bits -= 5
            }
        }
        if bits > 0 { output.append(alphabet[Int((buffer << UInt32(5 - bits)) & 0x1F)]) }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes base32, case-insensitive, ignoring spaces and padding; nil for other characters.
    public static func decode(_ text: String) -> [UInt8]? {
        var output: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        for character in text.uppercased().utf8 where character != UInt8(ascii: " ") && character != UInt8(ascii: "=") {
            guard let value = alphabet.firstIndex(of: character) else { return nil }
            buffer = (buffer << 5) | UInt32(value)
            bits += 5
            if bits >= 8 {
                output.append(UInt8((buffer >> UInt32(bits - 8)) & 0xFF))
                bits -= 8
            }
        }
        return output
    }
}
