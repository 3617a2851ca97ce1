import Crypto
import Foundation

/// One ES256 (P-256 ECDSA) signing key with its key id.
struct SigningKey: Sendable {
    /// The JWS `kid`.
    var kid: String
    /// The private key.
    var privateKey: P256.Signing.PrivateKey
    /// When the key was made.
    var createdAt: Date
    /// When a newer key replaced it for signing; it still verifies until its tokens have expired.
    var retiredAt: Date?

    /// The algorithm, fixed: one allowlisted algorithm (RFC 8725 §3.1).
    static let algorithm = "ES256"

    /// A fresh random key.
    static func generate(at now: Date) -> SigningKey {
        SigningKey(kid: SecureRandom.identifier(), privateKey: P256.Signing.PrivateKey(), createdAt: now, retiredAt: nil)
    }

    /// The public key as a JWK (RFC 7517 / RFC 7518 §6.2).
    var publicJWK: [String: String] {
        let raw = privateKey.publicKey.rawRepresentation  // X || Y, 32 bytes each
        return [
            "kty": "EC", "crv": "P-256", "use": "sig", "alg": Self.algorithm, "kid": kid,
            "x": Base64URL.encode(raw.prefix(32)), "y": Base64URL.encode(raw.suffix(32)),
        ]
    }
}
