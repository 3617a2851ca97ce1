import Foundation
import HTTPTypes
import LatchkeyWire

/// The rules of boards: definitions, submits (operators, the limits on users' own submits) and
/// reads in rank order with kid-safe names.
struct LeaderboardService: Sendable {
    let store: LeaderboardStore
    let ranks: LeaderboardRanks
    let boards: InvalidatingCache<LeaderboardBoard>
    /// Entries by their change subject (`app/board/period/user`), without the username.
    let entries: InvalidatingCache<LeaderboardStore.Record>
    let users: UserCache
    let driver: any StoreDriver
    let time: any TimeSource

    /// The most entries one read returns.
    static let maximumLimit = 100
    /// The most entries above (and below) the user an around-me read returns.
    static let maximumAround = 50
    /// The longest display name, in characters.
    static let maximumDisplayNameLength = 32
    /// How many periods the periods list shows.
    static let periodsShown = 100

    /// Who submits a score.
    enum Submitter {
        /// The user themselves; `restricted` when their token lacks `public` (their account
        /// awaits parental consent), so they may not choose a display name.
        case user(restricted: Bool)
        /// The app's servers (`leaderboards:write`).
        case server

        var isServer: Bool {
            if case .server = self { return true }
            return false
        }
    }

    // MARK: Boards

    /// The app's board `id`, or 404.
    func board(appID: String, id: String) async throws -> LeaderboardBoard {
        guard LeaderboardBoard.isValidID(id),
            let board = try await boards.value(
                for: LeaderboardBoard.subject(appID: appID, id: id),
                load: {
                    try await store.board(appID: appID, id: id)
                }
            )
        else { throw APIError(.notFound, .notFound) }
        return board
    }

    // MARK: Submits

    /// Applies a submit for `userID` to the current period and answers the entry with its rank.
    /// A submit under an idempotency key the user already used on the board answers as the first
    /// did and changes nothing (`409 idempotency_key_reused` when it submits something else).
    ///
    /// The submit is checked against the board as stored when it writes: a definition changed
    /// meanwhile (its sort order, bounds or operator) is read again and the submit applied to it,
    /// so no entry is made under a definition that no longer holds.
    func submit(
        _ submission: LeaderboardScoreSubmission,
        to board: LeaderboardBoard,
        userID: String,
        by submitter: Submitter
    ) async throws -> LeaderboardEntry {
        var board = board
        var attempt = 1
        while true {
            do {
                return try await submitOnce(submission, to: board, userID: userID, by: submitter)
            } catch is ChangedBoard where attempt < Self.submitAttempts {
                guard let stored = try await store.board(appID: board.appID, id: board.id) else { throw APIError(.notFound, .notFound) }
                board = stored
                attempt += 1
            } catch is ChangedBoard {
                throw StoreOverloaded()
            }
        }
    }

    /// How often a submit is tried against a board whose definition keeps changing under it.
    private static let submitAttempts = 3

    /// The board's stored definition is not the one a submit was checked against.
    private struct ChangedBoard: Error {}

    private func submitOnce(
        _ submission: LeaderboardScoreSubmission,
        to board: LeaderboardBoard,
        userID: String,
        by submitter: Submitter
    ) async throws -> LeaderboardEntry {
        let now = time.now()
        let period = board.period(at: now)
        let metadata = try validated(submission, board: board, by: submitter)
        let key = submission.idempotencyKey
        let requestHash = try LeaderboardSubmissionKeys.requestHash(submission, byServer: submitter.isServer)
        let keys = LeaderboardSubmissionKeys()
        let earlier: LeaderboardSubmissionKeys.Earlier? = try await driver.write { [store] db in
            // Held until commit: a definition of the board waits for this submit, then sees its entry.
            guard let stored = try await store.sharedBoard(appID: board.appID, id: board.id, in: db) else {
                throw APIError(.notFound, .notFound)
            }
            guard stored == board else { throw ChangedBoard() }
            // The entry's row lock also serializes the retries of one submit.
            var record = try await store.lockedRecord(board: board, period: period, userID: userID, now: now, in: db)
            if let key, let earlier = try await keys.earlier(board: board, userID: userID, key: key, in: db) {
                guard earlier.requestHash == requestHash else { throw APIError(.conflict, .idempotencyKeyReused) }
                return earlier
            }
            let before = record
            if case .user = submitter { try Self.countSubmit(&record, board: board, now: now) }
            (record.score, record.subscore) = try Self.applying(submission, to: record, board: board)
            if case .user = submitter, board.operator == .increment { try Self.checkBounds(of: record.score, on: board) }
            record.metadata = metadata ?? record.metadata
            record.displayName = submission.displayName ?? record.displayName
            // Only a change others can see is a new revision (and a change every node hears of);
            // an entry never scored, or removed, is scored anew.
            if before.revision <= 0 || !record.showsTheSame(as: before) {
                record.revision = abs(record.revision) + 1
                record.updatedAt = now
                let row = LeaderboardRanks.Row(
                    key: RankList.Key(score: record.score, subscore: record.subscore, userID: userID),
                    revision: record.revision
                )
                try ChangeFeed.record(
                    .leaderboardEntry,
                    LeaderboardRanks.subject(Self.period(board, period), userID: userID),
                    payload: LeaderboardRanks.payload(row),
                    at: now
                )
            }
            try await store.update(record, board: board, period: period, in: db)
            if let key { try await keys.record(board: board, userID: userID, key: key, requestHash: requestHash, at: now, in: db) }
            return nil
        }
        if let answer = earlier?.answer { return answer }
        guard let entry = try await around(board: board, period: period, userID: userID, count: 0).entries.first else {
            // Deleted between the submit and the read.
            throw APIError(.notFound, .notFound)
        }
        if let key, earlier == nil {
            try await driver.write { db in try await keys.keep(entry, board: board, userID: userID, key: key, in: db) }
        }
        return entry
    }

    /// The submit's metadata as stored, after checking what the submitter may send.
    private func validated(
        _ submission: LeaderboardScoreSubmission,
        board: LeaderboardBoard,
        by submitter: Submitter
    ) throws -> String? {
        if case .user(let restricted) = submitter {
            guard board.allowUserSubmits else { throw APIError(.forbidden, .leaderboardUserSubmitsDisabled) }
            // An increment is bounded above as a score is; its total is bounded both ways once added.
            try Self.checkBounds(of: submission.score, on: board, below: board.operator != .increment)
            if restricted && submission.displayName != nil { throw APIError(.forbidden, .leaderboardDisplayNameRestricted) }
        }
        var fields: [FieldError] = []
        if let name = submission.displayName {
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed != name || name.count > Self.maximumDisplayNameLength
                || name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format })
            {
                fields.append(FieldError(field: "displayName", code: .invalidField))
            }
        }
        if let key = submission.idempotencyKey, !IdempotencyKey.isValid(key) {
            fields.append(FieldError(field: "idempotencyKey", code: .invalidField))
        }
        var stored: String?
        if let metadata = submission.metadata {
            stored = LeaderboardMetadata.encode(metadata)
            if stored == nil { fields.append(FieldError(field: "metadata", code: .invalidField)) }
        }
        guard fields.isEmpty else { throw APIError.validation(fields) }
        return stored
    }

    /// Refuses a user's score above the board's `maxScore` or, when `below`, under its `minScore`.
    private static func checkBounds(of score: Int64, on board: LeaderboardBoard, below: Bool = true) throws {
        if let maximum = board.maxScore, score > maximum {
            throw APIError.validation([FieldError(field: "score", code: .leaderboardScoreTooHigh)])
        }
        if below, score < board.minScore {
            throw APIError.validation([FieldError(field: "score", code: .leaderboardScoreTooLow)])
        }
    }

    /// Counts a user's own submit in their per-minute window, or refuses it with `Retry-After`.
    private static func countSubmit(_ record: inout LeaderboardStore.Record, board: LeaderboardBoard, now: Date) throws {
        let seconds = now.epochSeconds
        if seconds - record.windowStart >= 60 || seconds < record.windowStart {
            record.windowStart = seconds
            record.windowSubmits = 0
        }
        guard record.windowSubmits < Int64(board.userSubmitsPerMinute) else {
            var error = APIError(.tooManyRequests, .leaderboardSubmitsTooFrequent)
            error.headers[.retryAfter] = String(max(1, 60 - (seconds - record.windowStart)))
            throw error
        }
        record.windowSubmits += 1
    }

    /// The score and subscore the board's operator makes of the stored entry and the submit.
    private static func applying(
        _ submission: LeaderboardScoreSubmission,
        to record: LeaderboardStore.Record,
        board: LeaderboardBoard
    ) throws -> (score: Int64, subscore: Int64) {
        let submitted = (score: submission.score, subscore: submission.subscore ?? 0)
        guard record.revision > 0 else { return submitted }
        switch board.operator {
        case .set:
            return submitted
        case .best:
            let new = RankList.Key(score: submitted.score, subscore: submitted.subscore, userID: record.userID)
            let old = RankList.Key(score: record.score, subscore: record.subscore, userID: record.userID)
            return RankList.precedes(new, old, descending: board.sortOrder == .descending) ? submitted : (record.score, record.subscore)
        case .increment:
            let (score, scoreOverflow) = record.score.addingReportingOverflow(submitted.score)
            let (subscore, subscoreOverflow) = record.subscore.addingReportingOverflow(submitted.subscore)
            guard !scoreOverflow, !subscoreOverflow else {
                throw APIError.validation([FieldError(field: scoreOverflow ? "score" : "subscore", code: .invalidField)])
            }
            return (score, subscore)
        }
    }

    // MARK: Reads

    /// The period a read names (its start as the API writes it, `2027-01-15T00:00:00Z`), or the current one.
    func period(of board: LeaderboardBoard, named value: String?) throws -> Date {
        try board.period(named: value, at: time.now())
    }

    /// Up to `limit` entries from 0-based rank `offset` on.
    func top(board: LeaderboardBoard, period: Date, offset: Int, limit: Int) async throws -> LeaderboardPage {
        let (keys, total) = try await standing(board, period) { ($0.list.keys(from: offset, limit: limit), $0.list.count) }
        let end = offset + keys.count
        return try await page(board, period, keys: keys, firstRank: offset + 1, total: total, nextOffset: end < total ? end : nil)
    }

    /// The user's entry with `count` entries above and below it; 404 when the user has none.
    func around(board: LeaderboardBoard, period: Date, userID: String, count: Int) async throws -> LeaderboardPage {
        let found: (keys: [RankList.Key], first: Int, total: Int)? = try await standing(board, period) { standing in
            guard let key = standing.key(of: userID), let rank = standing.list.rank(of: key) else { return nil }
            let first = max(0, rank - count)
            return (standing.list.keys(from: first, limit: rank - first + count + 1), first, standing.list.count)
        }
        guard let found else { throw APIError(.notFound, .notFound) }
        return try await page(board, period, keys: found.keys, firstRank: found.first + 1, total: found.total, nextOffset: nil)
    }

    /// Builds the rank list of the board's current period, if it is not built; its entry count.
    func warm(_ board: LeaderboardBoard) async throws -> Int {
        try await standing(board, board.period(at: time.now())) { $0.list.count }
    }

    /// The board's periods with entries, newest first.
    func periods(board: LeaderboardBoard) async throws -> LeaderboardPeriods {
        LeaderboardPeriods(
            leaderboardId: board.id,
            periods: try await store.periods(appID: board.appID, boardID: board.id, limit: Self.periodsShown)
        )
    }

    private func standing<T>(_ board: LeaderboardBoard, _ period: Date, _ body: (LeaderboardRanks.Standing) -> T) async throws -> T {
        try await ranks.read(
            Self.period(board, period),
            descending: board.sortOrder == .descending,
            load: { [store] in
                try await store.rankRows(appID: board.appID, boardID: board.id, period: period)
            },
            body
        )
    }

    /// The entries of `keys`, in order, with names shown to other players.
    private func page(
        _ board: LeaderboardBoard,
        _ period: Date,
        keys: [RankList.Key],
        firstRank: Int,
        total: Int,
        nextOffset: Int?
    ) async throws -> LeaderboardPage {
        let records = try await self.records(board, period, userIDs: keys.map(\.userID))
        var entries: [LeaderboardEntry] = []
        for (index, key) in keys.enumerated() {
            // An entry whose user was deleted after the list was read is left out.
            guard let record = records[key.userID],
                let account = try await users.account(id: key.userID, appID: board.appID)
            else { continue }
            // The account's consent as it stands now (a grant or revoke drops the cached account
            // on every node), not as it stood at a submit: a server's submit for a child, or a
            // name chosen while consent was granted, shows nothing public once it is not.
            let restricted = account.consent?.isRestricted == true
            entries.append(
                LeaderboardEntry(
                    rank: firstRank + index,
                    userId: key.userID,
                    displayName: Self.shownName(of: record, username: account.username, restricted: restricted),
                    score: key.score,
                    subscore: key.subscore,
                    metadata: restricted ? nil : LeaderboardMetadata.decode(record.metadata),
                    updatedAt: record.updatedAt
                )
            )
        }
        return LeaderboardPage(leaderboardId: board.id, period: period, total: total, entries: entries, nextOffset: nextOffset)
    }

    /// The entry's display name, else the username; `Player NNNN` (stable per user) for a
    /// `restricted` account (awaiting parental consent, or consent denied or revoked), or one
    /// with neither.
    static func shownName(of record: LeaderboardStore.Record, username: String?, restricted: Bool) -> String {
        if !restricted, let name = record.displayName ?? username { return name }
        var hash: UInt32 = 2_166_136_261
        for byte in record.userID.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return "Player " + String(hash % 10_000, zeroPaddedTo: 4)
    }

    /// The entries of `userIDs` in the period, by user id: from the cache, which every entry's
    /// change (the subject is the cache key) drops on every node.
    private func records(_ board: LeaderboardBoard, _ period: Date, userIDs: [String]) async throws -> [String: LeaderboardStore.Record] {
        let place = Self.period(board, period)
        let users = Dictionary(uniqueKeysWithValues: userIDs.map { (LeaderboardRanks.subject(place, userID: $0), $0) })
        let cached = try await entries.values(for: Array(users.keys)) { missing in
            let loaded = try await store.records(
                appID: board.appID,
                boardID: board.id,
                period: period,
                userIDs: missing.compactMap { users[$0] }
            )
            return Dictionary(uniqueKeysWithValues: loaded.values.map { (LeaderboardRanks.subject(place, userID: $0.userID), $0) })
        }
        return Dictionary(uniqueKeysWithValues: cached.values.map { ($0.userID, $0) })
    }

    private static func period(_ board: LeaderboardBoard, _ start: Date) -> LeaderboardRanks.Period {
        LeaderboardRanks.Period(appID: board.appID, boardID: board.id, start: start.epochSeconds)
    }
}
