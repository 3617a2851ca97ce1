import Crypto
import Foundation
import SQLKit

/// Signing keys in the database, so every node signs and verifies with one key set. The private
/// keys are sealed with the installation's secret key (``SecretBox``): the database alone holds
/// no key that signs.
public struct KeyStore: Sendable {
    let driver: any StoreDriver
    let time: any TimeSource
    let box: SecretBox

    /// Every key, newest first.
    func all() async throws -> [SigningKey] {
        try await driver.read { db in
            try await db.raw(
                "SELECT kid, private_key, created_at, retired_at FROM signing_keys ORDER BY created_at DESC, kid"
            ).all().map { row in
                let kid = try row.decode(column: "kid", as: String.self)
                let der = try box.open(try row.decode(column: "private_key", as: String.self), context: Self.context(kid: kid))
                return SigningKey(
                    kid: kid,
                    privateKey: try P256.Signing.PrivateKey(derRepresentation: der),
                    createdAt: Date(epochSeconds: try row.decode(column: "created_at", as: Int64.self)),
                    retiredAt: try row.decode(column: "retired_at", as: Int64?.self).map(Date.init(epochSeconds:))
                )
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
        let sealed = try box.seal(key.privateKey.derRepresentation, context: Self.context(kid: key.kid))
        try await driver.write { db in
            try await db.raw(
                "UPDATE signing_keys SET retired_at = \(bind: now.epochSeconds) WHERE retired_at IS NULL"
            ).run()
            try await db.raw(
                """
                INSERT INTO signing_keys (kid, algorithm, private_key, created_at)
                VALUES (\(bind: key.kid), \(bind: SigningKey.algorithm), \(bind: sealed), \(bind: now.epochSeconds))
                """
            ).run()
        }
        return key.kid
    }

    /// Seals the keys that versions before sealing stored in clear (base64 DER); returns how many.
    func sealKeysStoredInClear() async throws -> Int {
        try await driver.write { db in
            var sealed = 0
            for row in try await db.raw("SELECT kid, private_key FROM signing_keys").all() {
                let kid = try row.decode(column: "kid", as: String.self)
                let stored = try row.decode(column: "private_key", as: String.self)
                guard !SecretBox.isSealed(stored) else { continue }
                guard let der = Data(base64Encoded: stored) else { throw SecretBoxError.damaged(context: Self.context(kid: kid)) }
                let value = try box.seal(der, context: Self.context(kid: kid))
                try await db.raw("UPDATE signing_keys SET private_key = \(bind: value) WHERE kid = \(bind: kid)").run()
                sealed += 1
            }
            return sealed
        }
    }

    /// What a key's sealed value is bound to: its row.
    private static func context(kid: String) -> String { "signing_keys:" + kid }
}
