import Foundation
import NIOConcurrencyHelpers

/// Answers "is this session still live?" for every authenticated request without a database
/// query per request: the answer is cached per session id and dropped when the session is
/// revoked (on this node directly; from other nodes through the store's change signal).
final class SessionGate: Sendable {
    /// What the gate remembers of a session.
    struct Entry: Sendable {
        var userID: String
        var appID: String
        var expiresAt: Date
        var revoked: Bool
    }

    private let store: SessionStore
    private let state = NIOLockedValueBox(State())

    /// The cached entries and a counter bumped by every invalidation, so that a database read
    /// that raced with a revocation is not cached as live.
    private struct State {
        var entries: [String: Entry] = [:]
        var generation = 0
    }
    private let capacity: Int

    init(store: SessionStore, capacity: Int = 100_000) {
        self.store = store
        self.capacity = capacity
    }

    /// The session if it is live at `now`, else nil.
    func liveSession(id: String, at now: Date) async throws -> Entry? {
        let entry: Entry
        let (cached, generation) = state.withLockedValue { ($0.entries[id], $0.generation) }
        if let cached {
            entry = cached
        } else {
            guard let session = try await store.find(id: id) else { return nil }
            entry = Entry(
                userID: session.userID, appID: session.appID, expiresAt: session.expiresAt,
                revoked: session.revokedAt != nil)
            state.withLockedValue { state in
                guard state.generation == generation else { return }
                if state.entries.count >= capacity { state.entries.removeAll(keepingCapacity: true) }
                state.entries[id] = entry
            }
        }
        return !entry.revoked && now < entry.expiresAt ? entry : nil
    }

    /// Forgets sessions whose state changed; their next check reads the database.
    func invalidate(_ ids: some Sequence<String>) {
        state.withLockedValue { state in
            state.generation += 1
            for id in ids { state.entries[id] = nil }
        }
    }

    /// Forgets everything (after losing the cross-node change signal).
    func invalidateAll() {
        state.withLockedValue { state in
            state.generation += 1
            state.entries.removeAll()
        }
    }
}
