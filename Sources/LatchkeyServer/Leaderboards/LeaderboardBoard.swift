import Foundation
import LatchkeyWire

/// A board as stored: its order, operator, reset schedule and the limits on users' own submits.
struct LeaderboardBoard: Sendable, Equatable {
    var appID: String
    var id: String
    var sortOrder: LeaderboardSortOrder
    var `operator`: LeaderboardOperator
    /// `none`, a named reset or a cron expression, as the definition gave it.
    var resetSchedule: String
    var allowUserSubmits: Bool
    /// The bounds of a user's own submits, and of an `increment` board's totals after them.
    var minScore: Int64
    var maxScore: Int64?
    var userSubmitsPerMinute: Int
    var createdAt: Date
    var updatedAt: Date

    /// The parsed schedule; nil for a board that never resets.
    var cron: CronSchedule? { resetSchedule == "none" ? nil : CronSchedule(resetSchedule) }

    /// The start of the period that is current at `now` (the epoch for a board that never resets).
    func period(at now: Date) -> Date {
        cron?.latestFire(atOrBefore: now) ?? Date(timeIntervalSince1970: 0)
    }

    /// Whether `start` is the start of the current or a past period.
    func isPeriod(_ start: Date, at now: Date) -> Bool {
        guard let cron else { return start.timeIntervalSince1970 == 0 }
        return start <= now && cron.latestFire(atOrBefore: start) == start
    }

    /// The period a request names (its start as the API writes it, `2027-01-15T00:00:00Z`), or
    /// the current one at `now`; `422` for one that is not a period of the board.
    func period(named value: String?, at now: Date) throws -> Date {
        guard let value else { return period(at: now) }
        guard value.utf8.count <= 32, let start = try? Date.ISO8601FormatStyle().parse(value), isPeriod(start, at: now) else {
            throw APIError.validation([FieldError(field: "period", code: .invalidField)])
        }
        return start
    }

    /// The API's view of the board at `now`.
    func view(at now: Date) -> Leaderboard {
        Leaderboard(
            id: id,
            sortOrder: sortOrder,
            operator: `operator`,
            resetSchedule: resetSchedule,
            allowUserSubmits: allowUserSubmits,
            minScore: minScore,
            maxScore: maxScore,
            userSubmitsPerMinute: userSubmitsPerMinute,
            currentPeriod: period(at: now),
            createdAt: createdAt,
            updatedAt: updatedAt
        )
    }

    /// The cache key and change subject of a board.
    static func subject(appID: String, id: String) -> String { "\(appID)/\(id)" }
}

extension LeaderboardBoard {
    /// The longest board id.
    static let maximumIDLength = 64
    /// The most submits per minute a board may allow a user.
    static let maximumSubmitsPerMinute = 600

    /// Whether `id` is a board id: 1–64 of `a–z 0–9 _ -`.
    static func isValidID(_ id: String) -> Bool {
        (1...maximumIDLength).contains(id.unicodeScalars.count)
            && id.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }
    }

    /// The board `definition` describes over `current` (the board it replaces, if any): a member
    /// the definition leaves out keeps the current board's value, or the default for a new board;
    /// `clearsMaxScore` (an explicit `null`) removes the maximum. Throws the field errors that
    /// refuse it.
    static func make(
        appID: String,
        id: String,
        definition: LeaderboardDefinition,
        over current: LeaderboardBoard?,
        clearsMaxScore: Bool,
        now: Date
    ) throws -> LeaderboardBoard {
        var fields: [FieldError] = []
        let schedule = definition.resetSchedule?.trimmingCharacters(in: .whitespaces) ?? current?.resetSchedule ?? "none"
        if schedule != "none" {
            // A schedule that never fired within the search window names impossible days.
            if CronSchedule(schedule)?.latestFire(atOrBefore: now) == nil {
                fields.append(FieldError(field: "resetSchedule", code: .invalidField))
            }
        }
        let perMinute = definition.userSubmitsPerMinute ?? current?.userSubmitsPerMinute ?? 60
        if !(1...maximumSubmitsPerMinute).contains(perMinute) {
            fields.append(FieldError(field: "userSubmitsPerMinute", code: .invalidField))
        }
        let minScore = definition.minScore ?? current?.minScore ?? 0
        let maxScore = clearsMaxScore ? nil : definition.maxScore ?? current?.maxScore
        if let maxScore, maxScore < minScore {
            fields.append(FieldError(field: "maxScore", code: .invalidField))
        }
        guard fields.isEmpty else { throw APIError.validation(fields) }
        return LeaderboardBoard(
            appID: appID,
            id: id,
            sortOrder: definition.sortOrder ?? current?.sortOrder ?? .descending,
            operator: definition.operator ?? current?.operator ?? .best,
            resetSchedule: schedule,
            allowUserSubmits: definition.allowUserSubmits ?? current?.allowUserSubmits ?? false,
            minScore: minScore,
            maxScore: maxScore,
            userSubmitsPerMinute: perMinute,
            createdAt: current?.createdAt ?? now,
            updatedAt: now
        )
    }
}
