public import Foundation
public import LatchkeyWire

/// Points and leaderboards (KWS "check leaderboards, assign points"): the app's boards, the
/// signed-in user's submits, the top of a board, the entries around the user and their rank.
/// Reach it as `latchkey.leaderboards`. Boards are defined by the app's servers (a confidential
/// client with `leaderboards:admin`, or `latchkey leaderboards create`); a user submits only to
/// boards that allow it.
///
/// Errors: a board that takes no user submits throws ``LatchkeyError/Kind/leaderboardClosed``, a
/// score above its maximum ``LatchkeyError/Kind/scoreTooHigh``, an account awaiting parental
/// consent that sends a display name ``LatchkeyError/Kind/displayNameRestricted``, too many
/// submits ``LatchkeyError/Kind/rateLimited(retryAfter:)``; an unknown board, or no entry of the
/// user for ``myEntry(_:period:)`` and ``aroundMe(_:count:period:)``, `.server(code: "not_found")`.
public struct LeaderboardsClient: Sendable {
    let client: Latchkey
    var transport: AuthorizedTransport { AuthorizedTransport(client: client) }

    /// The app's boards, by id.
    public func list() async throws -> [Leaderboard] {
        try await transport.decode(LeaderboardList.self, .get, "v1/leaderboards").leaderboards
    }

    /// One board's definition and current period.
    public func leaderboard(_ id: String) async throws -> Leaderboard {
        try await transport.decode(Leaderboard.self, .get, Self.path(id))
    }

    /// Submits the user's score to `board`'s current period; the board's operator (`best`, `set`,
    /// `increment`) decides what is kept. Answers the user's entry with its rank. An account
    /// awaiting parental consent may submit but is shown to others anonymized, and cannot send
    /// a `displayName`. With an `idempotencyKey` (1–128 printable ASCII characters, kept a day)
    /// a retry after a lost answer gets the first answer and submits nothing again; the same key
    /// with another score throws `.idempotencyKeyReused`.
    @discardableResult
    public func submit(
        _ score: Int64,
        subscore: Int64? = nil,
        metadata: [String: JSONValue]? = nil,
        displayName: String? = nil,
        idempotencyKey: String? = nil,
        to board: String
    ) async throws -> LeaderboardEntry {
        let body = LeaderboardScoreSubmission(
            score: score,
            subscore: subscore,
            metadata: metadata,
            displayName: displayName,
            idempotencyKey: idempotencyKey
        )
        return try await transport.decode(LeaderboardEntry.self, .post, Self.path(board, "scores"), body: body)
    }

    /// Entries of `board` in rank order: the top `limit` (1–100) from `offset`; pass a page's
    /// `nextOffset` for the next. `period` reads a past period (one of ``periods(_:)``).
    public func top(_ board: String, limit: Int = 10, offset: Int = 0, period: Date? = nil) async throws -> LeaderboardPage {
        try await transport.decode(
            LeaderboardPage.self,
            .get,
            Self.path(board, "entries"),
            query: Self.query(period, ["limit": String(limit), "offset": String(offset)])
        )
    }

    /// The user's entry with `count` (0–50) entries above and below it, fewer at the edges.
    public func aroundMe(_ board: String, count: Int = 5, period: Date? = nil) async throws -> LeaderboardPage {
        try await transport.decode(
            LeaderboardPage.self,
            .get,
            Self.path(board, "entries", "around-me"),
            query: Self.query(period, ["count": String(count)])
        )
    }

    /// The user's entry and rank; nil when the user has no entry in the period.
    public func myEntry(_ board: String, period: Date? = nil) async throws -> LeaderboardEntry? {
        do {
            return try await transport.decode(LeaderboardEntry.self, .get, Self.path(board, "entries", "me"), query: Self.query(period, [:]))
        } catch let error as LatchkeyError where error.code == .notFound {
            // An unknown board is an error, a board without the user's entry is not.
            _ = try await leaderboard(board)
            return nil
        }
    }

    /// The starts of the board's periods that have entries, newest first.
    public func periods(_ board: String) async throws -> [Date] {
        try await transport.decode(LeaderboardPeriods.self, .get, Self.path(board, "periods")).periods
    }

    private static func path(_ board: String, _ rest: String...) -> String {
        (["v1/leaderboards", board] + rest).joined(separator: "/")
    }

    private static func query(_ period: Date?, _ query: [String: String]) -> [String: String] {
        var query = query
        if let period { query["period"] = period.formatted(Date.ISO8601FormatStyle()) }
        return query
    }
}

extension Latchkey {
    /// Points and leaderboards.
    public var leaderboards: LeaderboardsClient { LeaderboardsClient(client: self) }
}
