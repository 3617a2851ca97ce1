public import Foundation

/// How a board orders its entries.
public enum LeaderboardSortOrder: String, Codable, Sendable, CaseIterable {
    /// Highest score first.
    case descending = "desc"
    /// Lowest score first (race times).
    case ascending = "asc"
}

/// What a submit does to an existing entry (Nakama's operators).
public enum LeaderboardOperator: String, Codable, Sendable, CaseIterable {
    /// Keeps the better of the stored and submitted score (by the board's order, subscore breaking ties).
    case best
    /// Replaces the stored score.
    case set
    /// Adds the submitted score and subscore to the stored ones.
    case increment
}

/// `PUT /v1/leaderboards/{id}`: creates or replaces a board's definition (server-to-server,
/// `leaderboards:admin`). Changing the order or operator of a board keeps its entries.
public struct LeaderboardDefinition: StrictRequest, Equatable {
    public static let acceptedFields: Set<String> = [
        "sortOrder", "operator", "resetSchedule", "allowUserSubmits", "minScore", "maxScore", "userSubmitsPerMinute",
    ]
    /// Highest first (`desc`, the default) or lowest first (`asc`).
    public var sortOrder: LeaderboardSortOrder?
    /// `best` (the default), `set` or `increment`.
    public var `operator`: LeaderboardOperator?
    /// When the board starts a new period: `daily`, `weekly` (Mondays), `monthly`, a 5-field cron
    /// expression (UTC), or nil/`none` for never. Past periods stay readable.
    public var resetSchedule: String?
    /// Whether signed-in users may submit their own scores (default false: only the app's servers).
    public var allowUserSubmits: Bool?
    /// The smallest score a user's own submit may carry, and an `increment` board's smallest
    /// total after one (default 0, so a user cannot rank first on a lowest-first board with a
    /// negative score; an operator lowers it for boards that keep negative scores).
    public var minScore: Int64?
    /// The largest score a user's own submit may carry, and an `increment` board's largest total
    /// after one (nil: no limit).
    public var maxScore: Int64?
    /// How many submits a user may make to the board per minute (default 60).
    public var userSubmitsPerMinute: Int?

    /// Creates a definition; nil members take their defaults.
    public init(
        sortOrder: LeaderboardSortOrder? = nil,
        operator: LeaderboardOperator? = nil,
        resetSchedule: String? = nil,
        allowUserSubmits: Bool? = nil,
        minScore: Int64? = nil,
        maxScore: Int64? = nil,
        userSubmitsPerMinute: Int? = nil
    ) {
        self.sortOrder = sortOrder
        self.operator = `operator`
        self.resetSchedule = resetSchedule
        self.allowUserSubmits = allowUserSubmits
        self.minScore = minScore
        self.maxScore = maxScore
        self.userSubmitsPerMinute = userSubmitsPerMinute
    }
}

/// A board as the API shows it.
public struct Leaderboard: Codable, Sendable, Equatable {
    /// The board id, unique in its app (`[a-z0-9_-]`, 1–64).
    public var id: String
    public var sortOrder: LeaderboardSortOrder
    public var `operator`: LeaderboardOperator
    /// `none`, `daily`, `weekly`, `monthly` or a cron expression.
    public var resetSchedule: String
    public var allowUserSubmits: Bool
    /// The bounds of a user's own submits (and of an `increment` board's totals after them).
    public var minScore: Int64
    public var maxScore: Int64?
    public var userSubmitsPerMinute: Int
    /// The start of the period submits go to now (the Unix epoch for a board that never resets).
    public var currentPeriod: Date
    public var createdAt: Date
    public var updatedAt: Date

    /// Creates a board description.
    public init(
        id: String,
        sortOrder: LeaderboardSortOrder,
        operator: LeaderboardOperator,
        resetSchedule: String,
        allowUserSubmits: Bool,
        minScore: Int64 = 0,
        maxScore: Int64?,
        userSubmitsPerMinute: Int,
        currentPeriod: Date,
        createdAt: Date,
        updatedAt: Date
    ) {
        self.id = id
        self.sortOrder = sortOrder
        self.operator = `operator`
        self.resetSchedule = resetSchedule
        self.allowUserSubmits = allowUserSubmits
        self.minScore = minScore
        self.maxScore = maxScore
        self.userSubmitsPerMinute = userSubmitsPerMinute
        self.currentPeriod = currentPeriod
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// `GET /v1/leaderboards`: the app's boards, by id.
public struct LeaderboardList: Codable, Sendable, Equatable {
    public var leaderboards: [Leaderboard]

    public init(leaderboards: [Leaderboard]) {
        self.leaderboards = leaderboards
    }
}

/// A score submit: by the signed-in user (`POST /v1/leaderboards/{id}/scores`) or by the app's
/// servers for a user (`PUT /v1/leaderboards/{id}/scores/{userId}`, `leaderboards:write`).
public struct LeaderboardScoreSubmission: StrictRequest, Equatable {
    public static let acceptedFields: Set<String> = ["score", "subscore", "metadata", "displayName", "idempotencyKey"]
    /// The score (or, for `increment`, the amount added).
    public var score: Int64
    /// Breaks ties between equal scores, in the board's order (default 0).
    public var subscore: Int64?
    /// A small JSON object kept with the entry (1 KiB encoded at most); replaces the stored one when given.
    public var metadata: [String: JSONValue]?
    /// The name shown with the entry (1–32 characters, no control characters); a user awaiting
    /// parental consent cannot set one. Without it the entry shows the username.
    public var displayName: String?
    /// Makes a retry safe, as the wallet's key does (1–128 printable ASCII characters, kept a
    /// day): the same key with the same submission answers the first answer and submits nothing
    /// again; with another submission it is `409 idempotency_key_reused`. Keys are the user's, per board.
    public var idempotencyKey: String?

    public init(
        score: Int64,
        subscore: Int64? = nil,
        metadata: [String: JSONValue]? = nil,
        displayName: String? = nil,
        idempotencyKey: String? = nil
    ) {
        self.score = score
        self.subscore = subscore
        self.metadata = metadata
        self.displayName = displayName
        self.idempotencyKey = idempotencyKey
    }
}

/// One entry of a board's period.
public struct LeaderboardEntry: Codable, Sendable, Equatable {
    /// 1 for the first place; ties in score and subscore are ordered by user id.
    public var rank: Int
    public var userId: String
    /// The entry's display name, the username, or `Player NNNN` for an account awaiting parental
    /// consent or whose consent was denied or revoked, as it stands now (whose metadata is not
    /// shown either).
    public var displayName: String
    public var score: Int64
    public var subscore: Int64
    public var metadata: [String: JSONValue]?
    public var updatedAt: Date

    public init(
        rank: Int,
        userId: String,
        displayName: String,
        score: Int64,
        subscore: Int64,
        metadata: [String: JSONValue]?,
        updatedAt: Date
    ) {
        self.rank = rank
        self.userId = userId
        self.displayName = displayName
        self.score = score
        self.subscore = subscore
        self.metadata = metadata
        self.updatedAt = updatedAt
    }
}

/// A run of consecutive entries: the top of a board, a page of it, or the entries around the user.
public struct LeaderboardPage: Codable, Sendable, Equatable {
    public var leaderboardId: String
    /// The period's start.
    public var period: Date
    /// How many entries the period has.
    public var total: Int
    public var entries: [LeaderboardEntry]
    /// The `offset` of the next page; nil on the last one.
    public var nextOffset: Int?

    public init(leaderboardId: String, period: Date, total: Int, entries: [LeaderboardEntry], nextOffset: Int?) {
        self.leaderboardId = leaderboardId
        self.period = period
        self.total = total
        self.entries = entries
        self.nextOffset = nextOffset
    }
}

/// `GET /v1/leaderboards/{id}/periods`: the periods that have entries, newest first.
public struct LeaderboardPeriods: Codable, Sendable, Equatable {
    public var leaderboardId: String
    /// The starts of the periods, newest first (the current one first when it has entries).
    public var periods: [Date]

    public init(leaderboardId: String, periods: [Date]) {
        self.leaderboardId = leaderboardId
        self.periods = periods
    }
}
