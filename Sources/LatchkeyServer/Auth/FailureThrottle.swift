import Foundation
import SQLKit

/// Counts failed attempts per key (an account's canonical name, or a client IP) in the database,
/// so every node sees one counter. A key that reaches its limit within the window is locked until
/// the window's length has passed since the locking failure.
struct FailureThrottle: Sendable {
    let driver: any StoreDriver
    let time: any TimeSource

    /// Seconds until `key` unlocks, or nil when it is not locked.
    func lockRemaining(_ key: String) async throws -> Int? {
        let now = time.now().epochSeconds
        return try await driver.read { db in
            guard let row = try await db.raw("SELECT locked_until FROM throttles WHERE key = \(bind: key)").first(),
                let lockedUntil = try row.decode(column: "locked_until", as: Int64?.self), lockedUntil > now
            else { return nil }
            return Int(lockedUntil - now)
        }
    }

    /// Throws `429 rate_limited` with `Retry-After` while any of `keys` is locked: the one answer
    /// of every throttle that refuses before it looks at what was sent.
    func refuseWhileLocked(_ keys: [String]) async throws {
        for key in keys {
            if let remaining = try await lockRemaining(key) { throw APIError.rateLimited(retryAfter: remaining) }
        }
    }

    /// Counts one failure for each key; a key reaching its limit is locked for `window` seconds.
    /// One atomic upsert per key, so concurrent failures on any number of nodes are all counted.
    func recordFailure(_ keys: [(key: String, limit: Int)], window: Int) async throws {
        try await driver.write { db in try await recordFailure(keys, window: window, in: db) }
    }

    /// ``recordFailure(_:window:)`` inside the caller's transaction.
    func recordFailure(_ keys: [(key: String, limit: Int)], window: Int, in db: any SQLDatabase) async throws {
        let now = time.now().epochSeconds
        let windowStart = now - Int64(window)
        for (key, limit) in keys {
            try await db.raw(
                """
                INSERT INTO throttles (key, window_start, failures, locked_until)
                VALUES (\(bind: key), \(bind: now), 1, CASE WHEN 1 >= \(bind: limit) THEN \(bind: now + Int64(window)) END)
                ON CONFLICT (key) DO UPDATE SET
                    failures = CASE WHEN throttles.window_start > \(bind: windowStart) THEN throttles.failures + 1 ELSE 1 END,
                    window_start = CASE WHEN throttles.window_start > \(bind: windowStart) THEN throttles.window_start ELSE \(bind: now) END,
                    locked_until = CASE
                        WHEN (CASE WHEN throttles.window_start > \(bind: windowStart) THEN throttles.failures + 1 ELSE 1 END) >= \(bind: limit)
                        THEN \(bind: now + Int64(window)) ELSE throttles.locked_until END
                """
            ).run()
        }
    }

    /// Counts one use of each key like ``recordFailure(_:window:in:)`` and refuses with `429` —
    /// the caller's transaction then rolls back, this count with it — when that takes a key past
    /// its limit. A check before the transaction lets parallel requests all through; this
    /// reservation is exact, since each request's count holds the key's row until it commits.
    func reserve(_ keys: [(key: String, limit: Int)], window: Int, in db: any SQLDatabase) async throws {
        try await recordFailure(keys, window: window, in: db)
        let now = time.now().epochSeconds
        for (key, limit) in keys {
            guard let row = try await db.raw("SELECT failures, locked_until FROM throttles WHERE key = \(bind: key)").first(),
                try row.decode(column: "failures", as: Int.self) > limit
            else { continue }
            let lockedUntil = try row.decode(column: "locked_until", as: Int64?.self) ?? now + Int64(window)
            throw APIError.rateLimited(retryAfter: Int(lockedUntil - now))
        }
    }

    /// Forgets a key's failures (after a successful sign-in).
    func reset(_ key: String) async throws {
        try await driver.write { db in try await reset(key, in: db) }
    }

    /// ``reset(_:)`` inside the caller's transaction.
    func reset(_ key: String, in db: any SQLDatabase) async throws {
        try await db.raw("DELETE FROM throttles WHERE key = \(bind: key)").run()
    }
}
