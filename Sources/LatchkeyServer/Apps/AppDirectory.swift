import Foundation
import NIOConcurrencyHelpers

/// Apps by client id, cached for a few seconds: every request names its app, and apps change
/// rarely (a change made by the CLI or another node is seen within `freshness`).
final class AppDirectory: Sendable {
    private let store: AppStore
    private let time: any TimeSource
    private let freshness: TimeInterval
    private let cache = NIOLockedValueBox<[String: (app: App?, fetchedAt: Date)]>([:])
    private let origins = NIOLockedValueBox<(origins: Set<String>, fetchedAt: Date)?>(nil)

    init(store: AppStore, time: any TimeSource, freshness: TimeInterval = 5) {
        self.store = store
        self.time = time
        self.freshness = freshness
    }

    /// The app with this client id, or nil.
    func app(clientID: String) async throws -> App? {
        let now = time.now()
        if let cached = cache.withLockedValue({ $0[clientID] }), now.timeIntervalSince(cached.fetchedAt) < freshness {
            return cached.app
        }
        guard clientID.utf8.count <= 64 else { return nil }
        let app = try await store.find(clientID).flatMap { $0.clientID == clientID ? $0 : nil }
        cache.withLockedValue { cache in
            if cache.count > 10_000 { cache.removeAll() }
            cache[clientID] = (app, now)
        }
        return app
    }

    /// Every origin any app allows for CORS (a preflight names no app), refreshed every `freshness`.
    func allowedOrigins() async throws -> Set<String> {
        let now = time.now()
        if let cached = origins.withLockedValue({ $0 }), now.timeIntervalSince(cached.fetchedAt) < freshness {
            return cached.origins
        }
        let all = Set(try await store.list().flatMap(\.settings.corsOrigins))
        origins.withLockedValue { $0 = (all, now) }
        return all
    }

    /// Drops a cached app after a change made through this process.
    func invalidate(clientID: String) {
        cache.withLockedValue { $0[clientID] = nil }
    }
}
