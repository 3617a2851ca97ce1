import Foundation

/// Answers "is this session still live?" for every authenticated request without a database
/// query per request: the answer is cached per session id and dropped when the session is
/// revoked, through the ``ChangeBus`` (this node's commits at once, other processes' through the
/// change feed).
final class SessionGate: Sendable {
    /// What the gate remembers of a session.
    struct Entry: Sendable {
        var userID: String
        var appID: String
        var expiresAt: Date
        var revoked: Bool
    }

    private let store: SessionStore
    private let cache: InvalidatingCache<Entry>

    init(store: SessionStore, bus: ChangeBus, capacity: Int = 100_000) {
        self.store = store
        self.cache = InvalidatingCache(capacity: capacity, following: bus, kinds: [.session])
    }

    /// The session if it is live at `now`, else nil.
    func liveSession(id: String, at now: Date) async throws -> Entry? {
        let entry = try await cache.value(for: id) {
            try await store.find(id: id).map {
                Entry(userID: $0.userID, appID: $0.appID, expiresAt: $0.expiresAt, revoked: $0.revokedAt != nil)
            }
        }
        guard let entry, !entry.revoked, now < entry.expiresAt else { return nil }
        return entry
    }
}
