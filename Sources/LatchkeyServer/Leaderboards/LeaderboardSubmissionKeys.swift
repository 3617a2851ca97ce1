import Foundation
import LatchkeyWire
import SQLKit

/// The idempotency keys of score submissions, per board and user, kept a day
/// (``LeaderboardsFeature/sweeps``): each with a digest of what was submitted and the answer
/// given, so a retry answers the same without submitting again.
struct LeaderboardSubmissionKeys: Sendable {
    /// How long a key is kept, in seconds.
    static let lifetime: Int64 = 86_400

    /// An earlier submission under a key.
    struct Earlier: Sendable {
        var requestHash: String
        /// The answer it got; nil while that submission is still being answered.
        var answer: LeaderboardEntry?
    }

    /// The earlier submission of `userID` to `board` under `key`, if any.
    func earlier(board: LeaderboardBoard, userID: String, key: String, in db: any SQLDatabase) async throws -> Earlier? {
        guard
            let row = try await db.raw(
                """
                SELECT request_hash, answer FROM leaderboard_submissions
                WHERE app_id = \(bind: board.appID) AND board_id = \(bind: board.id) AND user_id = \(bind: userID)
                  AND idempotency_key = \(bind: key)
                """
            ).first()
        else { return nil }
        let answer = try row.decode(column: "answer", as: String?.self).flatMap {
            try? WireCoding.makeDecoder().decode(LeaderboardEntry.self, from: Data($0.utf8))
        }
        return Earlier(requestHash: try row.decode(column: "request_hash", as: String.self), answer: answer)
    }

    /// Records a submission under `key`, inside the submission's transaction.
    func record(board: LeaderboardBoard, userID: String, key: String, requestHash: String, at now: Date, in db: any SQLDatabase) async throws {
        try await db.raw(
            """
            INSERT INTO leaderboard_submissions (app_id, board_id, user_id, idempotency_key, request_hash, answer, created_at)
            VALUES (\(bind: board.appID), \(bind: board.id), \(bind: userID), \(bind: key), \(bind: requestHash), NULL, \(bind: now.epochSeconds))
            """
        ).run()
    }

    /// Keeps the answer the submission under `key` got, for its retries.
    func keep(_ answer: LeaderboardEntry, board: LeaderboardBoard, userID: String, key: String, in db: any SQLDatabase) async throws {
        let text = String(decoding: try WireCoding.makeEncoder().encode(answer), as: UTF8.self)
        try await db.raw(
            """
            UPDATE leaderboard_submissions SET answer = \(bind: text)
            WHERE app_id = \(bind: board.appID) AND board_id = \(bind: board.id) AND user_id = \(bind: userID)
              AND idempotency_key = \(bind: key)
            """
        ).run()
    }

    /// The user's keys still kept, for their export: which board, which key, when.
    func keys(ofUser userID: String, in db: any SQLDatabase) async throws -> [LeaderboardSubmissionKeyExport] {
        try await db.raw(
            """
            SELECT board_id, idempotency_key, created_at FROM leaderboard_submissions
            WHERE user_id = \(bind: userID) ORDER BY board_id, created_at, idempotency_key
            """
        ).all().map { row in
            LeaderboardSubmissionKeyExport(
                leaderboardId: try row.decode(column: "board_id", as: String.self),
                idempotencyKey: try row.decode(column: "idempotency_key", as: String.self),
                createdAt: Date(epochSeconds: try row.decode(column: "created_at", as: Int64.self))
            )
        }
    }

    /// A digest of what a submission asks for and who asks: a retry under the same key must match it.
    static func requestHash(_ submission: LeaderboardScoreSubmission, byServer: Bool) throws -> String {
        let parts = [
            byServer ? "server" : "user", String(submission.score), submission.subscore.map(String.init) ?? "",
            submission.metadata.flatMap(LeaderboardMetadata.encode) ?? "", submission.displayName ?? "",
        ]
        return Digest.sha256Hex(String(decoding: try WireCoding.makeEncoder().encode(parts), as: UTF8.self))
    }
}

/// One of the user's submission keys in the export.
struct LeaderboardSubmissionKeyExport: Encodable, Sendable {
    var leaderboardId: String
    var idempotencyKey: String
    var createdAt: Date
}
