import Crypto
import CryptoExtras
import Foundation
public import LatchkeyWire

/// A WebAuthn authenticator in software, for driving passkey ceremonies without a device: it
/// holds discoverable credentials (ES256, EdDSA or RS256), answers creation options with `none`
/// (or `packed` self) attestation and request options with a signed assertion, as a browser's
/// `toJSON()` would give them. Every flag and field a test may want to get wrong is a parameter.
public final class SoftwareAuthenticator: @unchecked Sendable {
    /// The key type of new credentials.
    public enum Algorithm: Sendable {
        case es256, edDSA, rs256
    }

    /// A credential the authenticator holds.
    public struct Credential: Sendable {
        public var id: [UInt8]
        public var rpID: String
        public var userHandle: String
        fileprivate var key: PrivateKey
        public var signCount: UInt32
    }

    fileprivate enum PrivateKey: @unchecked Sendable {
        case es256(P256.Signing.PrivateKey)
        case edDSA(Curve25519.Signing.PrivateKey)
        case rs256(_RSA.Signing.PrivateKey)
    }

    /// The flags of what the authenticator says about the user and the credential.
    public struct Flags: Sendable {
        public var userPresent = true
        public var userVerified = false
        public var backupEligible = false
        public var backedUp = false
        public init() {}
    }

    /// The credentials made so far, newest last.
    public private(set) var credentials: [Credential] = []
    /// The flags every response carries.
    public var flags = Flags()
    /// Whether counters go up with each assertion (false: always zero, as synced passkeys).
    public var countsSignatures = true

    public init() {}

    /// Answers creation options (`navigator.credentials.create`) from `origin`.
    public func create(
        _ options: PasskeyCreationOptions,
        origin: String,
        algorithm: Algorithm = .es256,
        format: String = "none",
        rpID: String? = nil,
        challenge: String? = nil,
        type: String = "webauthn.create"
    ) throws -> PasskeyRegistrationCredential {
        let id = (0..<32).map { _ in UInt8.random(in: 0...255) }
        let key: PrivateKey
        switch algorithm {
        case .es256: key = .es256(P256.Signing.PrivateKey())
        case .edDSA: key = .edDSA(Curve25519.Signing.PrivateKey())
        case .rs256: key = .rs256(try _RSA.Signing.PrivateKey(keySize: .bits2048))
        }
        let credential = Credential(id: id, rpID: rpID ?? options.rp.id, userHandle: options.user.id, key: key, signCount: 0)
        credentials.append(credential)
        let clientData = Self.clientData(type: type, challenge: challenge ?? options.challenge, origin: origin)
        let authData = authenticatorData(rpID: credential.rpID, signCount: 0, attested: (id, key.coseKey))
        var statement: [(CBOR, CBOR)] = []
        if format == "packed" {
            statement = [(.text("alg"), .int(key.algorithm)), (.text("sig"), .bytes(key.sign(authData + Array(SHA256.hash(data: clientData)))))]
        }
        let object = CBOR.map([(.text("fmt"), .text(format)), (.text("attStmt"), .map(statement)), (.text("authData"), .bytes(authData))])
        return PasskeyRegistrationCredential(
            id: Self.base64URL(id),
            response: .init(clientDataJSON: Self.base64URL(clientData), attestationObject: Self.base64URL(object.encoded), transports: ["internal"]),
            authenticatorAttachment: "platform"
        )
    }

    /// Answers request options (`navigator.credentials.get`) from `origin` with the newest
    /// credential for the RP ID (or `credential`, an index into ``credentials``).
    public func get(
        _ options: PasskeyRequestOptions,
        origin: String,
        credential index: Int? = nil,
        challenge: String? = nil,
        type: String = "webauthn.get",
        rpID: String? = nil,
        userHandle: String?? = nil
    ) throws -> PasskeyAssertionCredential {
        guard let index = index ?? credentials.lastIndex(where: { $0.rpID == options.rpId }) else { throw NoCredential() }
        if countsSignatures { credentials[index].signCount += 1 }
        let credential = credentials[index]
        let clientData = Self.clientData(type: type, challenge: challenge ?? options.challenge, origin: origin)
        let authData = authenticatorData(rpID: rpID ?? credential.rpID, signCount: credential.signCount, attested: nil)
        let signature = credential.key.sign(authData + Array(SHA256.hash(data: clientData)))
        return PasskeyAssertionCredential(
            id: Self.base64URL(credential.id),
            response: .init(
                clientDataJSON: Self.base64URL(clientData),
                authenticatorData: Self.base64URL(authData),
                signature: Self.base64URL(signature),
                userHandle: userHandle ?? credential.userHandle
            ),
            authenticatorAttachment: "platform"
        )
    }

    /// Takes a copy of a credential another authenticator holds — a clone, counter and all.
    public func adopt(_ credential: Credential) {
        credentials.append(credential)
    }

    /// No credential for the RP ID.
    public struct NoCredential: Error {}

    private func authenticatorData(rpID: String, signCount: UInt32, attested: ([UInt8], CBOR)?) -> [UInt8] {
        var flagsByte: UInt8 = 0
        if flags.userPresent { flagsByte |= 0x01 }
        if flags.userVerified { flagsByte |= 0x04 }
        if flags.backupEligible { flagsByte |= 0x08 }
        if flags.backedUp { flagsByte |= 0x10 }
        if attested != nil { flagsByte |= 0x40 }
        var data = Array(SHA256.hash(data: Array(rpID.utf8))) + [flagsByte]
        data += withUnsafeBytes(of: signCount.bigEndian, Array.init)
        if let (id, key) = attested {
            data += [UInt8](repeating: 0, count: 16) + [UInt8(id.count >> 8), UInt8(id.count & 0xFF)] + id + key.encoded
        }
        return data
    }

    private static func clientData(type: String, challenge: String, origin: String) -> [UInt8] {
        Array(#"{"type":"\#(type)","challenge":"\#(challenge)","origin":"\#(origin)","crossOrigin":false}"#.utf8)
    }

    /// Base64url without padding.
    public static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}

extension SoftwareAuthenticator.PrivateKey {
    var algorithm: Int {
        switch self {
        case .es256: -7
        case .edDSA: -8
        case .rs256: -257
        }
    }

    var coseKey: CBOR {
        switch self {
        case .es256(let key):
            let point = Array(key.publicKey.x963Representation)
            return .map([
                (.int(1), .int(2)), (.int(3), .int(-7)), (.int(-1), .int(1)), (.int(-2), .bytes(Array(point[1..<33]))),
                (.int(-3), .bytes(Array(point[33..<65]))),
            ])
        case .edDSA(let key):
            return .map([(.int(1), .int(1)), (.int(3), .int(-8)), (.int(-1), .int(6)), (.int(-2), .bytes(Array(key.publicKey.rawRepresentation)))])
        case .rs256(let key):
            let components = try! key.publicKey.getKeyPrimitives()
            return .map([
                (.int(1), .int(3)), (.int(3), .int(-257)), (.int(-1), .bytes(Array(components.modulus))),
                (.int(-2), .bytes(Array(components.publicExponent))),
            ])
        }
    }

    func sign(_ data: [UInt8]) -> [UInt8] {
        switch self {
        case .es256(let key): Array(try! key.signature(for: data).derRepresentation)
        case .edDSA(let key): Array(try! key.signature(for: data))
        case .rs256(let key): Array(try! key.signature(for: SHA256.hash(data: data), padding: .insecurePKCS1v1_5).rawRepresentation)
        }
    }
}

/// The CBOR a test authenticator writes: integers, byte and text strings, and maps in the order given.
enum CBOR {
    case int(Int)
    case bytes([UInt8])
    case text(String)
    case map([(CBOR, CBOR)])

    var encoded: [UInt8] {
        switch self {
        case .int(let value): value >= 0 ? Self.head(0, UInt64(value)) : Self.head(1, UInt64(-1 - value))
        case .bytes(let bytes): Self.head(2, UInt64(bytes.count)) + bytes
        case .text(let text): Self.head(3, UInt64(text.utf8.count)) + Array(text.utf8)
        case .map(let members): Self.head(5, UInt64(members.count)) + members.flatMap { $0.0.encoded + $0.1.encoded }
        }
    }

    private static func head(_ major: UInt8, _ value: UInt64) -> [UInt8] {
        switch value {
        case 0..<24: [major << 5 | UInt8(value)]
        case 24..<256: [major << 5 | 24, UInt8(value)]
        case 256..<65_536: [major << 5 | 25, UInt8(value >> 8), UInt8(value & 0xFF)]
        default: [major << 5 | 26] + (0..<4).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
        }
    }
}
