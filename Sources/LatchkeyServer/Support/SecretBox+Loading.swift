import Crypto
import Foundation

extension SecretBox {
    /// The box for the configured secret key: ``LatchkeyConfiguration/secretKey``
    /// (`LATCHKEY_SECRET_KEY`), else the key file ``LatchkeyConfiguration/secretKeyFile``; else,
    /// for the embedded SQLite store only, `<data>/secret.key`, generated on first start so one
    /// command starts a server. PostgreSQL needs the key given: its nodes must share one key, and
    /// a key generated beside one node would not be where its backups are restored.
    static func load(for configuration: LatchkeyConfiguration) throws -> SecretBox {
        if let text = configuration.secretKey { return try parse(text, source: "LATCHKEY_SECRET_KEY") }
        if let path = configuration.secretKeyFile { return try read(path) }
        guard configuration.databaseURL == nil else {
            throw ConfigurationProblem(
                description: """
                    a PostgreSQL installation needs a secret key, the same on every node, to seal signing keys and \
                    provider secrets: set LATCHKEY_SECRET_KEY or --secret-key-file (make one with: openssl rand -base64 32)
                    """
            )
        }
        let path = configuration.secretKeyPath
        try generateIfMissing(at: path)
        return try read(path)
    }

    /// A key given as text: 32 bytes in base64.
    static func parse(_ text: String, source: String) throws -> SecretBox {
        guard let bytes = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)),
            bytes.count == keyByteCount
        else {
            throw ConfigurationProblem(
                description: "\(source) must hold \(keyByteCount) random bytes in base64 (make them with: openssl rand -base64 32)"
            )
        }
        return try SecretBox(key: SymmetricKey(data: bytes))
    }

    /// The key in a file that only this user may read.
    private static func read(_ path: String) throws -> SecretBox {
        guard let contents = FileManager.default.contents(atPath: path) else {
            throw ConfigurationProblem(description: "cannot read the secret key file \(path)")
        }
        try PrivateFiles.requirePrivate(path, directory: false)
        return try parse(String(decoding: contents, as: UTF8.self), source: "the secret key file \(path)")
    }

    /// Writes a new random key to `path` (0600) unless a file is there already.
    private static func generateIfMissing(at path: String) throws {
        let descriptor = Foundation.open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else {
            if errno == EEXIST { return }
            throw ConfigurationProblem(description: "cannot create the secret key file \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let line = Array((SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }.base64EncodedString() + "\n").utf8)
        guard write(descriptor, line, line.count) == line.count, fsync(descriptor) == 0 else {
            throw ConfigurationProblem(description: "cannot write the secret key file \(path): \(String(cString: strerror(errno)))")
        }
    }
}
