import Foundation
import LatchkeyWire
import SQLKit

/// Boards and their entries in SQL. An entry is one row per board, period and user; its
/// `revision` grows with every change so that nodes applying changes out of order keep the
/// newest (see ``LeaderboardRanks``), and its submit window counts a user's own submits. A
/// removed entry keeps its row with the removal's revision negated (a live entry's is positive,
/// one never scored 0): the user's next submit takes the revision after it, which outranks the
/// removal on every node.
struct LeaderboardStore: Sendable {
    let driver: any StoreDriver

    /// One stored entry.
    struct Record: Sendable {
        var userID: String
        var score: Int64
        var subscore: Int64
        var metadata: String?
        /// The name the user chose; shown only while their account may show public fields.
        var displayName: String?
        var revision: Int64
        var windowStart: Int64
        var windowSubmits: Int64
        var updatedAt: Date

        /// Whether `other` shows the same to other players (score, names, metadata).
        func showsTheSame(as other: Record) -> Bool {
            score == other.score && subscore == other.subscore && metadata == other.metadata
                && displayName == other.displayName
        }
    }

    // MARK: Boards

    private static let boardColumns =
        "app_id, id, sort_order, operator, reset_schedule, allow_user_submits, min_score, max_score, user_submits_per_minute, created_at, updated_at"

    /// The board `id` of the app, or nil.
    func board(appID: String, id: String) async throws -> LeaderboardBoard? {
        try await driver.read { db in
            try await db.raw("SELECT \(unsafeRaw: Self.boardColumns) FROM leaderboards WHERE app_id = \(bind: appID) AND id = \(bind: id)")
                .first().map(Self.board(from:))
        }
    }

    /// Every board of the app, by id.
    func boards(appID: String) async throws -> [LeaderboardBoard] {
        try await driver.read { db in
            try await db.raw("SELECT \(unsafeRaw: Self.boardColumns) FROM leaderboards WHERE app_id = \(bind: appID) ORDER BY id")
                .all().map(Self.board(from:))
        }
    }

    /// Every board of every app.
    func allBoards() async throws -> [LeaderboardBoard] {
        try await driver.read { db in
            try await db.raw("SELECT \(unsafeRaw: Self.boardColumns) FROM leaderboards ORDER BY app_id, id").all().map(Self.board(from:))
        }
    }

    /// Board `id` of the app, locked for the rest of the transaction (so two definitions of it
    /// take turns), or nil.
    func lockedBoard(appID: String, id: String, in db: any SQLDatabase) async throws -> LeaderboardBoard? {
        try await db.raw(
            """
            SELECT \(unsafeRaw: Self.boardColumns) FROM leaderboards WHERE app_id = \(bind: appID) AND id = \(bind: id)\(unsafeRaw: driver.lockForUpdate)
            """
        ).first().map(Self.board(from:))
    }

    /// Board `id` of the app, kept from changing for the rest of the transaction but not from
    /// other submits (so a definition waits for the submits under way, and a submit after it
    /// sees it), or nil.
    func sharedBoard(appID: String, id: String, in db: any SQLDatabase) async throws -> LeaderboardBoard? {
        try await db.raw(
            """
            SELECT \(unsafeRaw: Self.boardColumns) FROM leaderboards WHERE app_id = \(bind: appID) AND id = \(bind: id)\(unsafeRaw: driver.lockAgainstChanges)
            """
        ).first().map(Self.board(from:))
    }

    /// Whether board `id` has a scored entry in any period.
    func hasEntries(appID: String, id: String, in db: any SQLDatabase) async throws -> Bool {
        try await db.raw(
            "SELECT 1 AS found FROM leaderboard_records WHERE app_id = \(bind: appID) AND board_id = \(bind: id) AND revision > 0 LIMIT 1"
        ).first() != nil
    }

    /// Stores `board`, replacing the board with its id.
    func save(_ board: LeaderboardBoard, in db: any SQLDatabase) async throws {
        try await db.raw(
            """
            INSERT INTO leaderboards (\(unsafeRaw: Self.boardColumns))
            VALUES (\(bind: board.appID), \(bind: board.id), \(bind: board.sortOrder.rawValue), \(bind: board.operator.rawValue),
                    \(bind: board.resetSchedule), \(bind: board.allowUserSubmits ? 1 : 0), \(bind: board.minScore), \(bind: board.maxScore),
                    \(bind: Int64(board.userSubmitsPerMinute)), \(bind: board.createdAt.epochSeconds), \(bind: board.updatedAt.epochSeconds))
            ON CONFLICT (app_id, id) DO UPDATE SET sort_order = excluded.sort_order, operator = excluded.operator,
                reset_schedule = excluded.reset_schedule, allow_user_submits = excluded.allow_user_submits,
                min_score = excluded.min_score, max_score = excluded.max_score, user_submits_per_minute = excluded.user_submits_per_minute,
                updated_at = excluded.updated_at
            """
        ).run()
    }

    /// Deletes board `id` with its entries; false when there was none.
    func deleteBoard(appID: String, id: String, in db: any SQLDatabase) async throws -> Bool {
        try await db.raw("DELETE FROM leaderboard_records WHERE app_id = \(bind: appID) AND board_id = \(bind: id)").run()
        try await db.raw("DELETE FROM leaderboard_submissions WHERE app_id = \(bind: appID) AND board_id = \(bind: id)").run()
        return try await db.raw("DELETE FROM leaderboards WHERE app_id = \(bind: appID) AND id = \(bind: id) RETURNING id")
            .first() != nil
    }

    private static func board(from row: any SQLRow) throws -> LeaderboardBoard {
        LeaderboardBoard(
            appID: try row.decode(column: "app_id", as: String.self),
            id: try row.decode(column: "id", as: String.self),
            sortOrder: LeaderboardSortOrder(rawValue: try row.decode(column: "sort_order", as: String.self)) ?? .descending,
            operator: LeaderboardOperator(rawValue: try row.decode(column: "operator", as: String.self)) ?? .best,
            resetSchedule: try row.decode(column: "reset_schedule", as: String.self),
            allowUserSubmits: try row.decode(column: "allow_user_submits", as: Int64.self) != 0,
            minScore: try row.decode(column: "min_score", as: Int64.self),
            maxScore: try row.decode(column: "max_score", as: Int64?.self),
            userSubmitsPerMinute: Int(try row.decode(column: "user_submits_per_minute", as: Int64.self)),
            createdAt: Date(epochSeconds: try row.decode(column: "created_at", as: Int64.self)),
            updatedAt: Date(epochSeconds: try row.decode(column: "updated_at", as: Int64.self))
        )
    }

    // MARK: Entries

    private static let recordColumns =
        "r.user_id, r.score, r.subscore, r.metadata, r.display_name, r.revision, r.window_start, r.window_submits, r.updated_at"

    /// The user's entry in the period, locked for the rest of the transaction, created empty
    /// (revision 0) when there is none: the row lock then serializes concurrent submits.
    func lockedRecord(board: LeaderboardBoard, period: Date, userID: String, now: Date, in db: any SQLDatabase) async throws -> Record {
        try await db.raw(
            """
            INSERT INTO leaderboard_records (app_id, board_id, period, user_id, score, subscore, revision,
                                             window_start, window_submits, created_at, updated_at)
            VALUES (\(bind: board.appID), \(bind: board.id), \(bind: period.epochSeconds), \(bind: userID), 0, 0, 0,
                    \(bind: now.epochSeconds), 0, \(bind: now.epochSeconds), \(bind: now.epochSeconds))
            ON CONFLICT (app_id, board_id, period, user_id) DO NOTHING
            """
        ).run()
        guard
            let row = try await db.raw(
                """
                SELECT \(unsafeRaw: Self.recordColumns) FROM leaderboard_records r
                WHERE r.app_id = \(bind: board.appID) AND r.board_id = \(bind: board.id)
                  AND r.period = \(bind: period.epochSeconds) AND r.user_id = \(bind: userID)\(unsafeRaw: driver.lockForUpdate)
                """
            ).first()
        else { throw MissingRecord() }
        return try Self.record(from: row)
    }

    /// The row ``lockedRecord(board:period:userID:now:in:)`` made is gone (the user was deleted meanwhile).
    struct MissingRecord: Error {}

    /// Writes `record` back to the user's entry in the period.
    func update(_ record: Record, board: LeaderboardBoard, period: Date, in db: any SQLDatabase) async throws {
        try await db.raw(
            """
            UPDATE leaderboard_records SET score = \(bind: record.score), subscore = \(bind: record.subscore),
                metadata = \(bind: record.metadata), display_name = \(bind: record.displayName),
                revision = \(bind: record.revision),
                window_start = \(bind: record.windowStart), window_submits = \(bind: record.windowSubmits),
                updated_at = \(bind: record.updatedAt.epochSeconds)
            WHERE app_id = \(bind: board.appID) AND board_id = \(bind: board.id)
              AND period = \(bind: period.epochSeconds) AND user_id = \(bind: record.userID)
            """
        ).run()
    }

    /// Removes the user's scored entry from the period (see the type's note on revisions): the
    /// revision the removal carries, or nil when the user has no entry there.
    func removeRecord(board: LeaderboardBoard, period: Date, userID: String, now: Date, in db: any SQLDatabase) async throws -> Int64? {
        try await db.raw(
            """
            UPDATE leaderboard_records SET revision = -(revision + 1), updated_at = \(bind: now.epochSeconds)
            WHERE app_id = \(bind: board.appID) AND board_id = \(bind: board.id)
              AND period = \(bind: period.epochSeconds) AND user_id = \(bind: userID) AND revision > 0
            RETURNING revision
            """
        ).first().map { -(try $0.decode(column: "revision", as: Int64.self)) }
    }

    /// Every scored entry of the period as the rank list needs it (entries made but never scored are left out).
    func rankRows(appID: String, boardID: String, period: Date) async throws -> [LeaderboardRanks.Row] {
        try await driver.read { db in
            try await db.raw(
                """
                SELECT user_id, score, subscore, revision FROM leaderboard_records
                WHERE app_id = \(bind: appID) AND board_id = \(bind: boardID) AND period = \(bind: period.epochSeconds)
                  AND revision > 0
                """
            ).all().map { row in
                LeaderboardRanks.Row(
                    key: RankList.Key(
                        score: try row.decode(column: "score", as: Int64.self),
                        subscore: try row.decode(column: "subscore", as: Int64.self),
                        userID: try row.decode(column: "user_id", as: String.self)
                    ),
                    revision: try row.decode(column: "revision", as: Int64.self)
                )
            }
        }
    }

    /// The entries of `userIDs` in the period, by user id.
    func records(appID: String, boardID: String, period: Date, userIDs: [String]) async throws -> [String: Record] {
        guard !userIDs.isEmpty else { return [:] }
        let ids = SQLList(userIDs.map { SQLBind($0) })
        return try await driver.read { db in
            let rows = try await db.raw(
                """
                SELECT \(unsafeRaw: Self.recordColumns) FROM leaderboard_records r
                WHERE r.app_id = \(bind: appID) AND r.board_id = \(bind: boardID) AND r.period = \(bind: period.epochSeconds)
                  AND r.user_id IN (\(ids))
                """
            ).all()
            return Dictionary(
                uniqueKeysWithValues: try rows.map { row in
                    let record = try Self.record(from: row)
                    return (record.userID, record)
                }
            )
        }
    }

    /// The starts of the board's periods that have entries, newest first.
    func periods(appID: String, boardID: String, limit: Int) async throws -> [Date] {
        try await driver.read { db in
            try await db.raw(
                """
                SELECT DISTINCT period FROM leaderboard_records
                WHERE app_id = \(bind: appID) AND board_id = \(bind: boardID) AND revision > 0
                ORDER BY period DESC LIMIT \(bind: limit)
                """
            ).all().map { Date(epochSeconds: try $0.decode(column: "period", as: Int64.self)) }
        }
    }

    /// Every scored entry of a user, for the export and the deletion.
    func entries(ofUser userID: String, in db: any SQLDatabase) async throws -> [LeaderboardExportEntry] {
        try await db.raw(
            """
            SELECT board_id, period, score, subscore, metadata, display_name, updated_at FROM leaderboard_records
            WHERE user_id = \(bind: userID) AND revision > 0 ORDER BY board_id, period
            """
        ).all().map { row in
            LeaderboardExportEntry(
                leaderboardId: try row.decode(column: "board_id", as: String.self),
                period: Date(epochSeconds: try row.decode(column: "period", as: Int64.self)),
                score: try row.decode(column: "score", as: Int64.self),
                subscore: try row.decode(column: "subscore", as: Int64.self),
                metadata: LeaderboardMetadata.decode(try row.decode(column: "metadata", as: String?.self)),
                displayName: try row.decode(column: "display_name", as: String?.self),
                updatedAt: Date(epochSeconds: try row.decode(column: "updated_at", as: Int64.self))
            )
        }
    }

    private static func record(from row: any SQLRow) throws -> Record {
        Record(
            userID: try row.decode(column: "user_id", as: String.self),
            score: try row.decode(column: "score", as: Int64.self),
            subscore: try row.decode(column: "subscore", as: Int64.self),
            metadata: try row.decode(column: "metadata", as: String?.self),
            displayName: try row.decode(column: "display_name", as: String?.self),
            revision: try row.decode(column: "revision", as: Int64.self),
            windowStart: try row.decode(column: "window_start", as: Int64.self),
            windowSubmits: try row.decode(column: "window_submits", as: Int64.self),
            updatedAt: Date(epochSeconds: try row.decode(column: "updated_at", as: Int64.self))
        )
    }
}

/// One entry in a user's export.
struct LeaderboardExportEntry: Encodable, Sendable {
    var leaderboardId: String
    var period: Date
    var score: Int64
    var subscore: Int64
    var metadata: [String: JSONValue]?
    var displayName: String?
    var updatedAt: Date
}
