import Foundation
import Logging
import NIOConcurrencyHelpers

/// The signing keys in memory: the newest unretired key signs; every key that may still have
/// valid tokens verifies. Reloaded from the database periodically and when a token names an
/// unknown `kid` (at most once every few seconds), so a rotation on any node or by the CLI is
/// picked up without a restart.
final class KeyRing: Sendable {
    private let store: KeyStore
    private let time: any TimeSource
    private let state = NIOLockedValueBox<State>(State())
    /// How long a retired key keeps verifying: the longest access-token lifetime allowed.
    static let retiredKeyLifetime: TimeInterval = 86_400 + 60

    private struct State {
        var keys: [SigningKey] = []
        var lastReload: Date = .distantPast
    }

    init(store: KeyStore, time: any TimeSource) {
        self.store = store
        self.time = time
    }

    /// Reads the key set from the database.
    func reload() async throws {
        let keys = try await store.all()
        let now = time.now()
        state.withLockedValue {
            $0.keys = keys
            $0.lastReload = now
        }
    }

    /// The key that signs new tokens.
    func signingKey() throws -> SigningKey {
        guard let key = state.withLockedValue({ $0.keys.first { $0.retiredAt == nil } ?? $0.keys.first }) else {
            throw TokenRejection.unknownKey
        }
        return key
    }

    /// The verification key with this id, reloading once if it is not known yet.
    func verificationKey(kid: String) async -> SigningKey? {
        if let key = usableKey(kid: kid) { return key }
        let stale = state.withLockedValue { time.now().timeIntervalSince($0.lastReload) > 5 }
        guard stale else { return nil }
        try? await reload()
        return usableKey(kid: kid)
    }

    /// The public keys to publish in the JWKS.
    func publishedKeys() -> [SigningKey] {
        let now = time.now()
        return state.withLockedValue { $0.keys.filter { Self.verifies($0, at: now) } }
    }

    private func usableKey(kid: String) -> SigningKey? {
        let now = time.now()
        return state.withLockedValue { $0.keys.first { $0.kid == kid && Self.verifies($0, at: now) } }
    }

    private static func verifies(_ key: SigningKey, at now: Date) -> Bool {
        guard let retiredAt = key.retiredAt else { return true }
        return now.timeIntervalSince(retiredAt) < retiredKeyLifetime
    }
}
