import Foundation
import LatchkeyWire
import SQLKit

extension LeaderboardsFeature {
    /// Per board and period, the account keeps the better of its entry and the guest's under the
    /// board's sort order (its own on a tie), taking the guest's score, subscore, metadata and
    /// name when the guest's is better, or the guest's entry where it has none; every node's rank
    /// lists hear of each change, and of the guest's entries leaving with the guest's deletion.
    /// Entries the account kept over the guest's are reported as `board@period` (epoch seconds).
    static func merge(_ merge: AccountMerge, in db: any SQLDatabase) async throws -> [String: GuestMergeSection] {
        let (guest, target) = (merge.guest.id, merge.target.id)
        let rows = try await db.raw(
            """
            SELECT r.app_id, r.board_id, r.period, r.score, r.subscore, r.metadata, r.display_name, r.created_at, b.sort_order
            FROM leaderboard_records r JOIN leaderboards b ON b.app_id = r.app_id AND b.id = r.board_id
            WHERE r.user_id = \(bind: guest) AND r.revision > 0 ORDER BY r.board_id, r.period
            """
        ).all()
        guard !rows.isEmpty else { return [:] }
        var moved = 0
        var conflicts: [String] = []
        for row in rows {
            let period = LeaderboardRanks.Period(
                appID: try row.decode(column: "app_id", as: String.self),
                boardID: try row.decode(column: "board_id", as: String.self),
                start: try row.decode(column: "period", as: Int64.self)
            )
            let guestKey = RankList.Key(
                score: try row.decode(column: "score", as: Int64.self),
                subscore: try row.decode(column: "subscore", as: Int64.self),
                userID: target
            )
            let key: SQLQueryString = """
                app_id = \(bind: period.appID) AND board_id = \(bind: period.boardID) AND period = \(bind: period.start) \
                AND user_id = \(bind: target)
                """
            let mine = try await db.raw("SELECT score, subscore, revision FROM leaderboard_records WHERE \(key)").first()
            let revision = try mine?.decode(column: "revision", as: Int64.self) ?? 0
            // The revision after this one (a removed entry's is negated; see ``LeaderboardStore``).
            let next = abs(revision) + 1
            if let mine, revision > 0 {
                let kept = RankList.Key(
                    score: try mine.decode(column: "score", as: Int64.self),
                    subscore: try mine.decode(column: "subscore", as: Int64.self),
                    userID: target
                )
                let descending = try row.decode(column: "sort_order", as: String.self) == LeaderboardSortOrder.descending.rawValue
                guard RankList.precedes(guestKey, kept, descending: descending) else {
                    conflicts.append("\(period.boardID)@\(period.start)")
                    continue
                }
            }
            let (metadata, name) = (try row.decode(column: "metadata", as: String?.self), try row.decode(column: "display_name", as: String?.self))
            let now = merge.now.epochSeconds
            if mine == nil {
                try await db.raw(
                    """
                    INSERT INTO leaderboard_records (app_id, board_id, period, user_id, score, subscore, metadata, display_name,
                        revision, window_start, window_submits, created_at, updated_at)
                    VALUES (\(bind: period.appID), \(bind: period.boardID), \(bind: period.start), \(bind: target), \(bind: guestKey.score),
                        \(bind: guestKey.subscore), \(bind: metadata), \(bind: name), 1, 0, 0,
                        \(bind: try row.decode(column: "created_at", as: Int64.self)), \(bind: now))
                    """
                ).run()
            } else {
                try await db.raw(
                    """
                    UPDATE leaderboard_records SET score = \(bind: guestKey.score), subscore = \(bind: guestKey.subscore),
                        metadata = \(bind: metadata), display_name = \(bind: name), revision = \(bind: next), updated_at = \(bind: now)
                    WHERE \(key)
                    """
                ).run()
            }
            try ChangeFeed.record(
                .leaderboardEntry,
                LeaderboardRanks.subject(period, userID: target),
                payload: LeaderboardRanks.payload(LeaderboardRanks.Row(key: guestKey, revision: mine == nil ? 1 : next)),
                at: merge.now
            )
            moved += 1
        }
        return ["leaderboards": GuestMergeSection(moved: moved, conflicts: conflicts)]
    }
}
