public import LatchkeyWire
import SQLKit

/// Boards as `latchkey leaderboards` manages them, with the rules the API applies.
extension LatchkeyBackend {
    private var leaderboardDefinitions: LeaderboardDefinitions {
        LeaderboardDefinitions(driver: driver, time: time)
    }

    /// Creates or replaces the app's board `id` (admins); a definition the API would refuse throws
    /// a ``ConfigurationProblem`` naming the fields. Audited as `leaderboard.define`, with the
    /// definition's fields as they are now.
    public func defineLeaderboard(appID: String, id: String, _ definition: LeaderboardDefinition, by actor: AdminActor) async throws -> Leaderboard {
        try actor.require(.admin)
        let board = try await describingRefusal { try await leaderboardDefinitions.define(appID: appID, id: id, definition).0 }
        let changes = [
            ("sortOrder", board.sortOrder.rawValue), ("operator", board.operator.rawValue), ("resetSchedule", board.resetSchedule),
            ("allowUserSubmits", String(board.allowUserSubmits)), ("minScore", String(board.minScore)),
            ("maxScore", board.maxScore.map(String.init) ?? "none"), ("userSubmitsPerMinute", String(board.userSubmitsPerMinute)),
        ].map { AuditChange(field: $0.0, before: nil, after: $0.1) }
        try await admin.audit.record("leaderboard.define", target: "\(appID) \(id)", appID: appID, changes: changes, by: actor)
        return board
    }

    /// The app's boards, by id (viewers).
    public func leaderboards(appID: String, by actor: AdminActor) async throws -> [Leaderboard] {
        try actor.require(.viewer)
        return try await leaderboardDefinitions.list(appID: appID).leaderboards
    }

    /// Deletes the app's board `id` with its entries (admins); a board that is not there throws a
    /// ``ConfigurationProblem``. Audited as `leaderboard.delete`.
    public func deleteLeaderboard(appID: String, id: String, by actor: AdminActor) async throws {
        try actor.require(.admin)
        try await describingRefusal { try await leaderboardDefinitions.deleteBoard(appID: appID, id: id) }
        try await admin.audit.record("leaderboard.delete", target: "\(appID) \(id)", appID: appID, by: actor)
    }

    private func describingRefusal<T>(_ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch let error as APIError {
            let fields = error.fields.map(\.field)
            throw ConfigurationProblem(
                description: fields.isEmpty ? "refused: \(error.code.rawValue)" : "invalid \(fields.joined(separator: ", "))"
            )
        }
    }
}

extension LatchkeyBackend {
    /// Gives the first `count` users of the app (in id order: a random spread) an entry with a
    /// random score in the current period of board `id`, for load tests: many rows per statement
    /// and no change events, so it is meant for a database no server is running on (servers
    /// build their rank lists from the rows when they first read the board). Users that have an
    /// entry keep it. Returns the entries added; audited as `leaderboard.seed` (admins).
    public func seedLeaderboard(appID: String, id: String, count: Int, by actor: AdminActor) async throws -> Int {
        try actor.require(.admin)
        guard let board = try await LeaderboardStore(driver: driver).board(appID: appID, id: id) else {
            throw ConfigurationProblem(description: "no board \(id) in this app")
        }
        let now = time.now()
        let period = board.period(at: now).epochSeconds
        let userIDs = try await driver.read { db in
            try await db.raw("SELECT id FROM users WHERE app_id = \(bind: appID) ORDER BY id LIMIT \(bind: count)")
                .all().map { try $0.decode(column: "id", as: String.self) }
        }
        var added = 0
        for start in stride(from: 0, to: userIDs.count, by: Self.seedBatch) {
            let batch = userIDs[start..<min(start + Self.seedBatch, userIDs.count)]
            added += try await driver.write { db in
                var added = 0
                for rows in stride(from: batch.startIndex, to: batch.endIndex, by: 500) {
                    let values: [SQLQueryString] = batch[rows..<min(rows + 500, batch.endIndex)].map { userID in
                        """
                        (\(bind: appID), \(bind: id), \(bind: period), \(bind: userID), \(bind: Int64.random(in: 0..<1_000_000_000)),
                         0, 1, \(bind: now.epochSeconds), 0, \(bind: now.epochSeconds), \(bind: now.epochSeconds))
                        """
                    }
                    added += try await db.raw(
                        """
                        INSERT INTO leaderboard_records (app_id, board_id, period, user_id, score, subscore, revision,
                                                         window_start, window_submits, created_at, updated_at)
                        VALUES \(values.joined(separator: ", "))
                        ON CONFLICT (app_id, board_id, period, user_id) DO NOTHING RETURNING user_id
                        """
                    ).all().count
                }
                return added
            }
        }
        try await admin.audit.record(
            "leaderboard.seed",
            target: "\(appID) \(id)",
            appID: appID,
            changes: [AuditChange(field: "entries", before: nil, after: String(added))],
            by: actor
        )
        return added
    }
}
