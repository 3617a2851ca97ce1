import Foundation
import NIOConcurrencyHelpers

/// Apps by client id, cached for a few seconds: every request names its app, and apps change
/// rarely (a change made by the CLI or another node is seen within `freshness`).
final class AppDirectory: Sendable {
    private let store: AppStore
    private let time: any TimeSource
    private let freshness: TimeInterval
    private let cache = NIOLockedValueBox<[String: (app: App?, fetchedAt: Date)]>([:])
    private let all = NIOLockedValueBox<(apps: [App], fetchedAt: Date)?>(nil)

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
        Set(try await allApps().flatMap(\.settings.cors.corsOrigins))
    }

    /// The apps whose data tree `host` (lowercased, without port) names by their `databaseHost`
    /// (a request names no app but by its `Host`), refreshed every `freshness`.
    func apps(databaseHost host: String) async throws -> [App] {
        try await allApps().filter { $0.settings.database.databaseHost == host }
    }

    /// Every app, refreshed every `freshness`.
    private func allApps() async throws -> [App] {
        let now = time.now()
        if let cached = all.withLockedValue({ $0 }), now.timeIntervalSince(cached.fetchedAt) < freshness {
            return cached.apps
        }
        let apps = try await store.list()
        all.withLockedValue { $0 = (apps, now) }
        return apps
    }

    /// Drops a cached app after a change made through this process.
    func invalidate(clientID: String) {
        cache.withLockedValue { $0[clientID] = nil }
        all.withLockedValue { $0 = nil }
    }
}
