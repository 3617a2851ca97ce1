import NIOConcurrencyHelpers

/// A bounded in-memory cache whose entries live until invalidated. Every invalidation bumps a
/// generation counter; a value loaded while an invalidation happened is returned but not cached,
/// so a read that raced with a change can never pin stale state.
final class InvalidatingCache<Value: Sendable>: Sendable {
    private let state = NIOLockedValueBox(State())
    private let capacity: Int

    private struct State {
        var entries: [String: Value] = [:]
        var generation = 0
    }

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The cached value for `key`, else whatever `load` returns (cached when not nil).
    func value(for key: String, load: () async throws -> Value?) async throws -> Value? {
        let (cached, generation) = state.withLockedValue { ($0.entries[key], $0.generation) }
        if let cached { return cached }
        guard let loaded = try await load() else { return nil }
        state.withLockedValue { state in
            guard state.generation == generation else { return }
            if state.entries.count >= capacity { state.entries.removeAll(keepingCapacity: true) }
            state.entries[key] = loaded
        }
        return loaded
    }

    /// Drops the entries for `keys`.
    func invalidate(_ keys: some Sequence<String>) {
        state.withLockedValue { state in
            state.generation += 1
            for key in keys { state.entries[key] = nil }
        }
    }

    /// Drops everything.
    func invalidateAll() {
        state.withLockedValue { state in
            state.generation += 1
            state.entries.removeAll()
        }
    }
}
