import Crypto
import Foundation
import SQLKit

/// Signing keys in the database, so every node signs and verifies with one key set.
public struct KeyStore: Sendable {
    let driver: any StoreDriver
    let time: any TimeSource

    /// Every key, newest first.
    func all() async throws -> [SigningKey] {
        try await driver.read { db in
            try await db.raw(
                "SELECT kid, private_key, created_at, retired_at FROM signing_keys ORDER BY created_at DESC, kid"
            ).all().map { row in
                guard let der = Data(base64Encoded: try row.decode(column: "private_key", as: String.self)) else {
                    throw CryptoKitError.incorrectKeySize
                }
                return SigningKey(
                    kid: try row.decode(column: "kid", as: String.self),
                    privateKey: try P256.Signing.PrivateKey(derRepresentation: der),
                    createdAt: Date(epochSeconds: try row.decode(column: "created_at", as: Int64.self)),
                    retiredAt: try row.decode(column: "retired_at", as: Int64?.self).map(Date.init(epochSeconds:)))
            }
        }
    }

    /// Creates the first key if there is none.
    func ensureKey() async throws {
        if try await all().isEmpty { _ = try await rotate() }
    }

    /// Makes a new signing key current and retires the previous ones for signing (they keep
    /// verifying until tokens signed with them have expired). Returns the new key id.
    @discardableResult
    public func rotate() async throws -> String {
        let now = time.now()
        let key = SigningKey.generate(at: now)
        let der = key.privateKey.derRepresentation.base64EncodedString()
        try await driver.write { db in
            try await db.raw(
                "UPDATE signing_keys SET retired_at = \(bind: now.epochSeconds) WHERE retired_at IS NULL"
            ).run()
            try await db.raw(
                """
                INSERT INTO signing_keys (kid, algorithm, private_key, created_at)
                VALUES (\(bind: key.kid), \(bind: SigningKey.algorithm), \(bind: der), \(bind: now.epochSeconds))
                """
            ).run()
        }
        return key.kid
    }
}
