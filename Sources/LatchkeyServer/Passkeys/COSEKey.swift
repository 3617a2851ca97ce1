import Crypto
import CryptoExtras

/// A credential public key in COSE form (RFC 9052/9053), of the three algorithms WebAuthn
/// relying parties are asked to support: ES256 (what every platform authenticator makes), EdDSA
/// over Ed25519 and RS256 (Windows Hello). Anything else is refused at registration, so every
/// stored key verifies.
struct COSEKey: Sendable {
    /// A COSE key that is not one of the supported algorithms with its expected parameters.
    struct Unsupported: Error {}

    /// The COSE algorithm identifiers this server verifies, in the order options ask for them.
    static let algorithms = [es256, edDSA, rs256]
    static let es256 = -7
    static let edDSA = -8
    static let rs256 = -257

    private enum Key: Sendable {
        case es256(P256.Signing.PublicKey)
        case edDSA(Curve25519.Signing.PublicKey)
        case rs256(_RSA.Signing.PublicKey)
    }

    private let key: Key
    /// The COSE algorithm.
    let algorithm: Int

    /// Reads a key from its COSE map.
    init(_ value: CBORValue) throws {
        guard let kty = value[1]?.integer, let alg = value[3]?.integer else { throw Unsupported() }
        switch (kty, alg) {
        case (2, Self.es256):
            guard value[-1]?.integer == 1, let x = value[-2]?.bytes, let y = value[-3]?.bytes, x.count == 32, y.count == 32,
                let key = try? P256.Signing.PublicKey(x963Representation: [0x04] + x + y)
            else { throw Unsupported() }
            self.key = .es256(key)
        case (1, Self.edDSA):
            guard value[-1]?.integer == 6, let x = value[-2]?.bytes, let key = try? Curve25519.Signing.PublicKey(rawRepresentation: x)
            else { throw Unsupported() }
            self.key = .edDSA(key)
        case (3, Self.rs256):
            // CryptoExtras refuses moduli under 2048 bits.
            guard let n = value[-1]?.bytes, let e = value[-2]?.bytes, let key = try? _RSA.Signing.PublicKey(n: n, e: e)
            else { throw Unsupported() }
            self.key = .rs256(key)
        default:
            throw Unsupported()
        }
        self.algorithm = alg
    }

    /// Reads a key from its stored COSE bytes.
    init(bytes: [UInt8]) throws {
        guard let value = try? CBORReader.decode(bytes) else { throw Unsupported() }
        try self.init(value)
    }

    /// Whether `signature` is this key's signature of `data`: ECDSA in DER (WebAuthn §6.5.5),
    /// Ed25519 raw, RSASSA-PKCS1-v1_5 with SHA-256.
    func isValidSignature(_ signature: [UInt8], for data: [UInt8]) -> Bool {
        switch key {
        case .es256(let key):
            guard let signature = try? P256.Signing.ECDSASignature(derRepresentation: signature) else { return false }
            return key.isValidSignature(signature, for: data)
        case .edDSA(let key):
            return key.isValidSignature(signature, for: data)
        case .rs256(let key):
            return key.isValidSignature(
                _RSA.Signing.RSASignature(rawRepresentation: signature),
                for: SHA256.hash(data: data),
                padding: .insecurePKCS1v1_5
            )
        }
    }
}
