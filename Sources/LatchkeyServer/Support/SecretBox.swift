import Crypto
import Foundation

/// Seals the secrets the database must keep but must not reveal — private signing keys, provider
/// secrets, and any credential a feature stores later — with AES-256-GCM under a key kept outside
/// the database, so a dump or a backup of the database alone forges nothing.
///
/// A sealed value is text: `sealed:v1:<key id>:<base64 of nonce ‖ ciphertext ‖ tag>`. The version
/// lets the format change; the key id names the key that opens it, so a value sealed under
/// another key is refused by name (and a later key rotation can tell old values from new). Each
/// value is bound to a context — what it is and where it is stored — as authenticated data, so a
/// sealed value copied into another row or column does not open there.
struct SecretBox: Sendable {
    /// Names the key without revealing it: the first 8 bytes of SHA-256 over a label and the key, in hex.
    let keyID: String
    private let key: SymmetricKey

    /// The size of a key: 256 bits.
    static let keyByteCount = 32

    /// A box over `key`, which must be 32 bytes.
    init(key: SymmetricKey) throws {
        guard key.bitCount == Self.keyByteCount * 8 else { throw SecretBoxError.badKeySize(key.bitCount / 8) }
        self.key = key
        keyID = key.withUnsafeBytes { bytes in
            var hash = SHA256()
            hash.update(data: Array("latchkey secret key id".utf8))
            hash.update(data: Array(bytes))
            return hash.finalize().prefix(8).map { String(format: "%02x", $0) }.joined()
        }
    }

    /// What every sealed value starts with: the format's name and version.
    static let prefix = "sealed:v1:"

    /// Whether `value` is in the sealed format (whichever key sealed it).
    static func isSealed(_ value: String) -> Bool {
        value.hasPrefix(prefix)
    }

    /// Seals `plaintext` for storage in `context` (e.g. `signing_keys:<kid>`).
    func seal(_ plaintext: some DataProtocol, context: String) throws -> String {
        let box = try AES.GCM.seal(plaintext, using: key, authenticating: Array(context.utf8))
        guard let combined = box.combined else { throw SecretBoxError.damaged(context: context) }
        return Self.prefix + keyID + ":" + combined.base64EncodedString()
    }

    /// Seals a string.
    func seal(_ plaintext: String, context: String) throws -> String {
        try seal(Array(plaintext.utf8), context: context)
    }

    /// Opens a value sealed for `context` under this box's key.
    func open(_ sealed: String, context: String) throws -> Data {
        guard Self.isSealed(sealed) else { throw SecretBoxError.notSealed(context: context) }
        let parts = sealed.dropFirst(Self.prefix.count).split(separator: ":", maxSplits: 1)
        guard parts.count == 2 else { throw SecretBoxError.damaged(context: context) }
        guard parts[0] == keyID else { throw SecretBoxError.otherKey(sealedWith: String(parts[0]), given: keyID) }
        guard let combined = Data(base64Encoded: String(parts[1])),
            let box = try? AES.GCM.SealedBox(combined: combined),
            let plaintext = try? AES.GCM.open(box, using: key, authenticating: Array(context.utf8))
        else { throw SecretBoxError.damaged(context: context) }
        return plaintext
    }

    /// A key of its own for `purpose` (HKDF-SHA256 over the secret key), for what must be keyed
    /// alike on every node without being the sealing key: form tokens, signed cookies.
    func derivedKey(for purpose: String) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: key, info: Array("latchkey \(purpose)".utf8), outputByteCount: 32)
    }

    /// Opens a sealed string.
    func openString(_ sealed: String, context: String) throws -> String {
        String(decoding: try open(sealed, context: context), as: UTF8.self)
    }
}

/// Why a secret could not be sealed or opened.
enum SecretBoxError: Error, CustomStringConvertible {
    /// The secret key is not 256 bits.
    case badKeySize(Int)
    /// The value was sealed under another key: the server was started with the wrong one.
    case otherKey(sealedWith: String, given: String)
    /// A value that should be sealed is in clear.
    case notSealed(context: String)
    /// The value does not open: it was changed or moved to another row.
    case damaged(context: String)

    var description: String {
        switch self {
        case .badKeySize(let bytes):
            "the secret key must be \(SecretBox.keyByteCount) bytes, not \(bytes)"
        case .otherKey(let sealedWith, let given):
            """
            the database's secrets are sealed with secret key \(sealedWith), but this server was given secret key \(given); \
            start it with the key this installation was set up with (LATCHKEY_SECRET_KEY or --secret-key-file)
            """
        case .notSealed(let context):
            "the stored secret \(context) is not sealed"
        case .damaged(let context):
            "the stored secret \(context) does not open with this secret key: it was altered or moved"
        }
    }
}
