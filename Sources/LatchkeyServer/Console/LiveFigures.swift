public import Foundation
import SQLKit

/// The dashboard's figures, read from the database so that every node shows the same.
public struct LiveFigures: Codable, Sendable, Equatable {
    /// Sign-ins (sessions started) in each of the last 30 minutes, oldest first; the last is the current minute.
    public var signInsPerMinute: [Int]
    /// Sessions live now, across every app.
    public var activeSessions: Int
    /// Failed sign-ins the users' sign-in throttle counted in the last hour.
    public var failedSignIns: Int
    /// When the figures were read.
    public var at: Date

    /// Minutes the chart covers.
    static let minutes = 30

    static func read(from driver: any StoreDriver, at now: Date) async throws -> LiveFigures {
        let nowSeconds = now.epochSeconds
        let currentMinute = nowSeconds / 60
        let firstMinute = currentMinute - Int64(minutes - 1)
        return try await driver.read { db in
            var perMinute = [Int](repeating: 0, count: minutes)
            let rows = try await db.raw(
                """
                SELECT created_at / 60 AS minute, COUNT(*) AS n FROM sessions
                WHERE created_at >= \(bind: firstMinute * 60) GROUP BY created_at / 60
                """
            ).all()
            for row in rows {
                let index = Int(try row.decode(column: "minute", as: Int64.self) - firstMinute)
                if perMinute.indices.contains(index) { perMinute[index] = Int(try row.decode(column: "n", as: Int64.self)) }
            }
            let active =
                try await db.raw(
                    "SELECT COUNT(*) AS n FROM sessions WHERE revoked_at IS NULL AND expires_at > \(bind: nowSeconds)"
                ).first()?.decode(column: "n", as: Int64.self) ?? 0
            let failed =
                try await db.raw(
                    """
                    SELECT CAST(COALESCE(SUM(failures), 0) AS BIGINT) AS n FROM throttles
                    WHERE key LIKE 'account:%' AND window_start > \(bind: nowSeconds - 3_600)
                    """
                ).first()?.decode(column: "n", as: Int64.self) ?? 0
            return LiveFigures(signInsPerMinute: perMinute, activeSessions: Int(active), failedSignIns: Int(failed), at: now)
        }
    }
}
