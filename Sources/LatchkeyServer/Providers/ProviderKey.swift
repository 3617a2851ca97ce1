import Crypto
import CryptoExtras
import Foundation

/// A provider's public signing key from its JWKS: RSA for RS256, P-256 for ES256.
enum ProviderKey: Sendable {
    case rsa(_RSA.Signing.PublicKey)
    case p256(P256.Signing.PublicKey)

    /// The key of one JWK, or nil when it is not an RS256 or ES256 signing key.
    init?(jwk: [String: Any]) {
        if let use = jwk["use"] as? String, use != "sig" { return nil }
        let declaredAlgorithm = jwk["alg"] as? String
        switch jwk["kty"] as? String {
        case "RSA":
            guard declaredAlgorithm == nil || declaredAlgorithm == "RS256",
                let n = (jwk["n"] as? String).flatMap({ Base64URL.decode($0) }), let e = (jwk["e"] as? String).flatMap({ Base64URL.decode($0) }),
                let key = try? _RSA.Signing.PublicKey(n: n, e: e)
            else { return nil }
            self = .rsa(key)
        case "EC":
            guard declaredAlgorithm == nil || declaredAlgorithm == "ES256", jwk["crv"] as? String == "P-256",
                let x = (jwk["x"] as? String).flatMap({ Base64URL.decode($0) }), let y = (jwk["y"] as? String).flatMap({ Base64URL.decode($0) }),
                x.count == 32, y.count == 32,
                let key = try? P256.Signing.PublicKey(rawRepresentation: x + y)
            else { return nil }
            self = .p256(key)
        default:
            return nil
        }
    }

    /// The JWS `alg` this key verifies.
    var algorithm: String {
        switch self {
        case .rsa: return "RS256"
        case .p256: return "ES256"
        }
    }

    /// Whether `signature` (JWS encoding) signs `input` with this key.
    func isValidSignature(_ signature: [UInt8], for input: [UInt8]) -> Bool {
        switch self {
        case .rsa(let key):
            return key.isValidSignature(
                _RSA.Signing.RSASignature(rawRepresentation: signature),
                for: SHA256.hash(data: input),
                padding: .insecurePKCS1v1_5
            )
        case .p256(let key):
            guard let ecdsa = ES256Signature.parse(signature) else { return false }
            return key.isValidSignature(ecdsa, for: input)
        }
    }
}
