import Foundation
import Logging
import SQLKit
import ServiceLifecycle

/// Deletes what no one can use any more, so tables do not grow without end: one-time codes a day
/// after they expired, delivered messages after a week and dead letters after a month, throttle
/// counters a week after their window with no lock left, and sessions (with their refresh tokens)
/// a month after they ended, and change events a day after they were recorded (every running node
/// has read them by then; one that has not drops its caches, see ``ChangeFeedFollower``). Runs on every node every ten minutes; the deletes are idempotent,
/// so nodes never need to agree on who sweeps.
public struct Janitor: Service {
    let driver: any StoreDriver
    let time: any TimeSource
    let logger: Logger
    var interval: Duration = .seconds(600)

    /// What one sweep deleted, by table.
    public struct Sweep: Sendable, Equatable {
        public var oneTimeCodes = 0
        public var messages = 0
        public var throttles = 0
        public var sessions = 0
        public var changeEvents = 0

        /// A sweep result.
        public init(oneTimeCodes: Int = 0, messages: Int = 0, throttles: Int = 0, sessions: Int = 0, changeEvents: Int = 0) {
            self.oneTimeCodes = oneTimeCodes
            self.messages = messages
            self.throttles = throttles
            self.sessions = sessions
            self.changeEvents = changeEvents
        }
    }

    public func run() async throws {
        await Periodic.run(every: interval) {
            do {
                let swept = try await sweep()
                if swept != Sweep() { logger.info("janitor swept", metadata: ["deleted": "\(swept)"]) }
            } catch {
                logger.warning("janitor could not sweep", metadata: ["error": "\(error)"])
            }
        }
    }

    /// Deletes expired rows now and says how many.
    public func sweep() async throws -> Sweep {
        let now = time.now().epochSeconds
        let day: Int64 = 86_400
        return try await driver.write { db in
            var swept = Sweep()
            swept.oneTimeCodes = try await deleted(
                "DELETE FROM one_time_codes WHERE expires_at < \(bind: now - day) RETURNING id", in: db)
            swept.messages = try await deleted(
                """
                DELETE FROM outbox WHERE (status = 'sent' AND created_at < \(bind: now - 7 * day))
                    OR (status = 'dead' AND created_at < \(bind: now - 30 * day)) RETURNING id
                """, in: db)
            swept.throttles = try await deleted(
                """
                DELETE FROM throttles WHERE window_start < \(bind: now - 7 * day)
                    AND (locked_until IS NULL OR locked_until < \(bind: now)) RETURNING key
                """, in: db)
            swept.sessions = try await deleted(
                """
                DELETE FROM sessions WHERE expires_at < \(bind: now - 30 * day)
                    OR (revoked_at IS NOT NULL AND revoked_at < \(bind: now - 30 * day)) RETURNING id
                """, in: db)
            swept.changeEvents = try await deleted(
                "DELETE FROM change_events WHERE created_at < \(bind: now - day) RETURNING sequence", in: db)
            return swept
        }
    }

    private func deleted(_ statement: SQLQueryString, in db: any SQLDatabase) async throws -> Int {
        try await db.raw(statement).all().count
    }
}
