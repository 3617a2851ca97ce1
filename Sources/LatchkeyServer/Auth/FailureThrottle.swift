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

    /// Counts one failure for each key; a key reaching its limit is locked for `window` seconds.
    func recordFailure(_ keys: [(key: String, limit: Int)], window: Int) async throws {
        let now = time.now().epochSeconds
        try await driver.write { db in
            for (key, limit) in keys {
                let row = try await db.raw(
                    "SELECT window_start, failures FROM throttles WHERE key = \(bind: key)\(unsafeRaw: driver.lockForUpdate)"
                ).first()
                var windowStart = now
                var failures: Int64 = 1
                if let row, let start = try? row.decode(column: "window_start", as: Int64.self), now - start < Int64(window) {
                    windowStart = start
                    failures = (try row.decode(column: "failures", as: Int64.self)) + 1
                }
                let lockedUntil: Int64? = failures >= Int64(limit) ? now + Int64(window) : nil
                try await db.raw(
                    """
                    INSERT INTO throttles (key, window_start, failures, locked_until)
                    VALUES (\(bind: key), \(bind: windowStart), \(bind: failures), \(bind: lockedUntil))
                    ON CONFLICT (key) DO UPDATE SET window_start = excluded.window_start,
                        failures = excluded.failures, locked_until = excluded.locked_until
                    """
                ).run()
            }
        }
    }

    /// Forgets a key's failures (after a successful sign-in).
    func reset(_ key: String) async throws {
        try await driver.write { db in
            try await db.raw("DELETE FROM throttles WHERE key = \(bind: key)").run()
        }
    }
}
