import NIOConcurrencyHelpers

/// A bounded in-memory cache of database state, kept honest by a ``ChangeBus``: entries named by
/// changes of the kinds it follows are dropped when the changes commit (everything, when
/// changes were lost). Every invalidation bumps a generation counter; a value loaded while an
/// invalidation happened is returned but not cached, so a read that raced with a change can never
/// pin stale state.
///
/// Entries are trusted only while the bus is current (``ChangeBus/isCurrent``): a process that
/// was paused or cut off from the change feed answers from the database until it has caught up,
/// instead of serving what it cached before.
final class InvalidatingCache<Value: Sendable>: Sendable {
    private let state = NIOLockedValueBox(State())
    private let capacity: Int
    private let bus: ChangeBus

    private struct State {
        var entries: [String: Value] = [:]
        var generation = 0
    }

    init(capacity: Int, following bus: ChangeBus, kinds: Set<ChangeKind>) {
        self.capacity = capacity
        self.bus = bus
        bus.subscribe(to: kinds) { [weak self] delivery in
            switch delivery {
            case .changed(let events): self?.invalidate(events.map(\.subject))
            case .unknown: self?.invalidateAll()
            }
        }
    }

    /// The cached value for `key`, else whatever `load` returns (cached when not nil).
    func value(for key: String, load: () async throws -> Value?) async throws -> Value? {
        try await values(for: [key]) { _ in try await load().map { [key: $0] } ?? [:] }[key]
    }

    /// The cached values of `keys`; those missing are loaded with one call of `load` (which
    /// leaves out keys it finds nothing for) and cached.
    func values(for keys: [String], load: ([String]) async throws -> [String: Value]) async throws -> [String: Value] {
        guard bus.isCurrent else { return try await load(keys) }
        let (cached, generation) = state.withLockedValue { state in
            (keys.reduce(into: [String: Value]()) { $0[$1] = state.entries[$1] }, state.generation)
        }
        let missing = keys.filter { cached[$0] == nil }
        guard !missing.isEmpty else { return cached }
        let loaded = try await load(missing)
        state.withLockedValue { state in
            guard state.generation == generation else { return }
            if state.entries.count + loaded.count > capacity { state.entries.removeAll(keepingCapacity: true) }
            state.entries.merge(loaded) { $1 }
        }
        return cached.merging(loaded) { $1 }
    }

    private func invalidate(_ keys: [String]) {
        state.withLockedValue { state in
            state.generation += 1
            for key in keys { state.entries[key] = nil }
        }
    }

    private func invalidateAll() {
        state.withLockedValue { state in
            state.generation += 1
            state.entries.removeAll()
        }
    }
}
