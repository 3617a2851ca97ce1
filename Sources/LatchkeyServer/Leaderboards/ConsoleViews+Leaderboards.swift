import Foundation
import LatchkeyWire

/// What the console's board pages show: a board's settings in words, its entries, and the
/// periods to choose from. `text` reads the page's catalog (in the visitor's language).
extension ConsoleViews {
    /// A board's row in the app's list, with the entry count of its current period.
    static func boardRow(_ board: LeaderboardBoard, entries: Int, text: (String) -> String) -> [String: Any] {
        summary(board, text: text).merging(["entries": entries]) { $1 }
    }

    /// A board's settings, and its current period at `now`.
    static func board(_ board: LeaderboardBoard, at now: Date, text: (String) -> String) -> [String: Any] {
        var values = summary(board, text: text)
        values["userSubmits"] = text(board.allowUserSubmits ? "console.leaderboard.allowed" : "console.leaderboard.not_allowed")
        values["minScore"] = String(board.minScore)
        values["maxScore"] = board.maxScore.map(String.init) ?? text("console.leaderboard.no_maximum")
        values["perMinute"] = board.userSubmitsPerMinute
        values["created"] = date(board.createdAt)
        values["updated"] = date(board.updatedAt)
        values["resets"] = board.cron != nil
        values["currentPeriod"] = date(board.period(at: now))
        return values
    }

    /// What the list and the board's page both show: the id, order, operator and reset, in words.
    private static func summary(_ board: LeaderboardBoard, text: (String) -> String) -> [String: Any] {
        [
            "id": board.id, "appID": board.appID, "sortOrder": text("console.leaderboards.order.\(board.sortOrder.rawValue)"),
            "onNewScore": text("console.leaderboards.operator.\(board.operator.rawValue)"), "reset": reset(board, text: text),
        ]
    }

    /// `none` in words, else the schedule as it was defined (a named reset or a cron expression).
    private static func reset(_ board: LeaderboardBoard, text: (String) -> String) -> String {
        board.cron == nil ? text("console.leaderboards.never") : board.resetSchedule
    }

    /// One ranked entry; `name` is the user's name as the console lists users.
    static func boardEntry(_ entry: LeaderboardEntry, name: String) -> [String: Any] {
        [
            "rank": entry.rank, "userID": entry.userId, "name": name, "score": String(entry.score),
            "subscore": entry.subscore == 0 ? "" : String(entry.subscore), "updated": date(entry.updatedAt),
        ]
    }

    /// A period as a query names it: its start, `2027-01-15T00:00:00Z`.
    static func periodValue(_ start: Date) -> String {
        Date.ISO8601FormatStyle().format(start)
    }

    /// The periods to choose from, newest first: the current one (even before its first entry),
    /// the earlier ones the store keeps entries of, and `chosen` (selected) though its last entry
    /// was removed.
    static func periodChoices(current: Date, kept: [Date], chosen: Date) -> [[String: Any]] {
        Set([current, chosen] + kept).sorted(by: >).map { start in
            ["value": periodValue(start), "label": date(start), "selected": start == chosen, "current": start == current]
        }
    }

    /// The user's scored entries, each linked to its board in its period.
    static func leaderboardEntries(_ entries: [LeaderboardExportEntry]) -> [[String: Any]] {
        entries.map { entry in
            [
                "board": entry.leaderboardId, "period": date(entry.period), "periodValue": periodValue(entry.period),
                "score": String(entry.score), "updated": date(entry.updatedAt),
            ]
        }
    }
}
