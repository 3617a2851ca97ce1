import Crypto
import CryptoExtras
import Foundation

/// A compact JWS as a provider reads it: header and claims decoded, the signature checked
/// against the key the provider holds for the sender.
struct CompactJWT {
    var header: [String: Any]
    var claims: [String: Any]
    private var signingInput: [UInt8]
    private var signature: Data

    /// The token's parts, or nil when it is not three base64url JSON parts.
    init?(_ token: String) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let header = Self.decode(parts[0]), let claims = Self.decode(parts[1]),
            let signature = Self.base64URL(parts[2])
        else { return nil }
        self.header = header
        self.claims = claims
        self.signingInput = Array((parts[0] + "." + parts[1]).utf8)
        self.signature = signature
    }

    /// Whether an ES256 signature (r ‖ s) of `key` signs the token.
    func isSigned(by key: P256.Signing.PublicKey) -> Bool {
        guard header["alg"] as? String == "ES256", let signature = try? P256.Signing.ECDSASignature(rawRepresentation: signature) else {
            return false
        }
        return key.isValidSignature(signature, for: signingInput)
    }

    /// Whether an RS256 signature of `key` signs the token.
    func isSigned(by key: _RSA.Signing.PublicKey) -> Bool {
        header["alg"] as? String == "RS256"
            && key.isValidSignature(_RSA.Signing.RSASignature(rawRepresentation: signature), for: signingInput, padding: .insecurePKCS1v1_5)
    }

    /// A whole-number claim (JSON numbers decode as doubles or integers).
    func number(_ name: String) -> Int64? {
        (claims[name] as? NSNumber).map { $0.int64Value }
    }

    private static func decode(_ part: Substring) -> [String: Any]? {
        base64URL(part).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
    }

    static func base64URL(_ part: some StringProtocol) -> Data? {
        var text = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        guard !text.contains("=") else { return nil }
        text += String(repeating: "=", count: (4 - text.count % 4) % 4)
        return Data(base64Encoded: text)
    }
}
