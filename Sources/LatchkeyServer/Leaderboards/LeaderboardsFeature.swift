import Foundation
import HTTPTypes
import Hummingbird
import LatchkeyWire
import SQLKit
import ServiceLifecycle

/// `/v1/leaderboards/*`: points and leaderboards (KWS "check leaderboards, assign points";
/// Nakama's boards). The app's servers define boards (`leaderboards:admin`) and submit for any
/// user (`leaderboards:write`); signed-in users read the top, the entries around them and their
/// rank, and submit their own scores where the board allows. Names are kid-safe: an account
/// awaiting parental consent is shown as `Player NNNN` and cannot set a display name.
struct LeaderboardsFeature: Feature {
    static let id = "leaderboards"
    let service: LeaderboardService
    let definitions: LeaderboardDefinitions
    let userCache: UserCache
    let requests: RequestReader
    let warmup: LeaderboardWarmup
    let admin: AdminService
    /// The console, whose sign-in, form checks and layout the boards' pages share.
    let console: ConsoleFeature

    init(backend: LatchkeyBackend) {
        let store = LeaderboardStore(driver: backend.driver)
        definitions = LeaderboardDefinitions(store: store, driver: backend.driver, time: backend.time)
        service = LeaderboardService(
            store: store,
            ranks: LeaderboardRanks(bus: backend.changeBus),
            boards: InvalidatingCache(capacity: 10_000, following: backend.changeBus, kinds: [.leaderboard]),
            entries: InvalidatingCache(capacity: 100_000, following: backend.changeBus, kinds: [.leaderboardEntry]),
            users: backend.userCache,
            driver: backend.driver,
            time: backend.time
        )
        userCache = backend.userCache
        requests = backend.requests
        warmup = LeaderboardWarmup(store: store, service: service, logger: backend.logger)
        admin = backend.admin
        console = ConsoleFeature(backend: backend)
    }

    var services: [any Service] { [warmup] }

    static let clientScopes: [ClientScope] = [
        ClientScope(.leaderboardsAdmin, allows: "Define and delete the app's leaderboards."),
        ClientScope(.leaderboardsWrite, allows: "Submit scores for any of the app's users."),
    ]

    static let module: ModuleDeclaration? = ModuleDeclaration(title: "Points and leaderboards", access: .user(.profile))

    static let errorCodes: [ErrorCode] = [
        .leaderboardUserSubmitsDisabled, .leaderboardScoreTooHigh, .leaderboardScoreTooLow, .leaderboardSubmitsTooFrequent,
        .leaderboardDisplayNameRestricted, .leaderboardSortOrderLocked,
    ]

    func routes(into table: inout RouteTable) {
        // A restricted user reads boards and submits scores like anyone; only what others see differs.
        let player = Access.user(.profile)

        table.json(.get, "/v1/leaderboards", operation: "listLeaderboards", access: player) { _, context in
            try await definitions.list(appID: try context.app.id)
        }

        table.json(.get, "/v1/leaderboards/{board}", operation: "getLeaderboard", access: player) { _, context in
            try await board(context).view(at: service.time.now())
        }

        table.on(.put, "/v1/leaderboards/{board}", operation: "defineLeaderboard", access: .client(.leaderboardsAdmin)) { request, context in
            let (definition, present) = try await requests.body(LeaderboardDefinition.self, of: request)
            let (board, created) = try await definitions.define(
                appID: try context.client.app.id,
                id: try context.parameters.require("board"),
                definition,
                clearsMaxScore: present.contains("maxScore") && definition.maxScore == nil
            )
            return try JSONResponse.make(board, status: created ? .created : .ok)
        }

        table.on(.delete, "/v1/leaderboards/{board}", operation: "deleteLeaderboard", access: .client(.leaderboardsAdmin)) {
            _,
            context in
            try await definitions.deleteBoard(appID: try context.client.app.id, id: try context.parameters.require("board"))
            return Response(status: .noContent)
        }

        table.json(.post, "/v1/leaderboards/{board}/scores", operation: "submitLeaderboardScore", access: player) { request, context in
            let user = try context.user
            let board = try await board(context)
            let submission = try await requests.body(LeaderboardScoreSubmission.self, of: request).value
            return try await service.submit(submission, to: board, userID: user.userID, by: .user(restricted: user.isRestricted))
        }

        table.json(
            .put,
            "/v1/leaderboards/{board}/scores/{user}",
            operation: "submitLeaderboardScoreForUser",
            access: .client(.leaderboardsWrite)
        ) { request, context in
            let board = try await board(context)
            let userID = try context.parameters.require("user")
            guard try await userCache.account(id: userID, appID: board.appID) != nil else { throw APIError(.notFound, .notFound) }
            let submission = try await requests.body(LeaderboardScoreSubmission.self, of: request).value
            return try await service.submit(submission, to: board, userID: userID, by: .server)
        }

        table.on(
            .delete,
            "/v1/leaderboards/{board}/scores/{user}",
            operation: "removeLeaderboardScoreForUser",
            access: .client(.leaderboardsWrite)
        ) { request, context in
            try await definitions.removeScore(
                appID: try context.client.app.id,
                id: try context.parameters.require("board"),
                userID: try context.parameters.require("user"),
                period: request.uri.queryParameters["period"].map(String.init)
            )
            return Response(status: .noContent)
        }

        table.json(.get, "/v1/leaderboards/{board}/entries", operation: "listLeaderboardEntries", access: player) { request, context in
            let board = try await board(context)
            let period = try service.period(of: board, named: request.uri.queryParameters["period"].map(String.init))
            let limit = try request.integerParameter("limit", default: 10, in: 1...LeaderboardService.maximumLimit)
            let offset = try request.integerParameter("offset", default: 0, in: 0...Int(Int32.max))
            return try await service.top(board: board, period: period, offset: offset, limit: limit)
        }

        table.json(.get, "/v1/leaderboards/{board}/entries/around-me", operation: "listLeaderboardEntriesAroundMe", access: player) {
            request,
            context in
            let board = try await board(context)
            let period = try service.period(of: board, named: request.uri.queryParameters["period"].map(String.init))
            let count = try request.integerParameter("count", default: 5, in: 0...LeaderboardService.maximumAround)
            return try await service.around(board: board, period: period, userID: try context.user.userID, count: count)
        }

        table.json(.get, "/v1/leaderboards/{board}/entries/me", operation: "getMyLeaderboardEntry", access: player) { request, context in
            let board = try await board(context)
            let period = try service.period(of: board, named: request.uri.queryParameters["period"].map(String.init))
            let page = try await service.around(board: board, period: period, userID: try context.user.userID, count: 0)
            guard let entry = page.entries.first else { throw APIError(.notFound, .notFound) }
            return entry
        }

        table.json(.get, "/v1/leaderboards/{board}/periods", operation: "listLeaderboardPeriods", access: player) { _, context in
            try await service.periods(board: try await board(context))
        }

        consoleRoutes(into: &table)
    }

    /// The board the path names, in the caller's app.
    private func board(_ context: LatchkeyRequestContext) async throws -> LeaderboardBoard {
        try await service.board(appID: try context.app.id, id: try context.parameters.require("board"))
    }

    static let migrations = [
        Migration(
            1,
            [
                """
                CREATE TABLE leaderboards (
                    app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                    id TEXT NOT NULL,
                    sort_order TEXT NOT NULL,
                    operator TEXT NOT NULL,
                    reset_schedule TEXT NOT NULL,
                    allow_user_submits BIGINT NOT NULL,
                    max_score BIGINT,
                    user_submits_per_minute BIGINT NOT NULL,
                    created_at BIGINT NOT NULL,
                    updated_at BIGINT NOT NULL,
                    PRIMARY KEY (app_id, id)
                )
                """,
                """
                CREATE TABLE leaderboard_records (
                    app_id TEXT NOT NULL,
                    board_id TEXT NOT NULL,
                    period BIGINT NOT NULL,
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    score BIGINT NOT NULL,
                    subscore BIGINT NOT NULL,
                    metadata TEXT,
                    display_name TEXT,
                    revision BIGINT NOT NULL,
                    window_start BIGINT NOT NULL,
                    window_submits BIGINT NOT NULL,
                    created_at BIGINT NOT NULL,
                    updated_at BIGINT NOT NULL,
                    PRIMARY KEY (app_id, board_id, period, user_id),
                    FOREIGN KEY (app_id, board_id) REFERENCES leaderboards(app_id, id) ON DELETE CASCADE
                )
                """,
                "CREATE INDEX leaderboard_records_user ON leaderboard_records(user_id)",
            ]
        ),
        // Boards made before users' submits had a floor keep none of their own: 0 is the default.
        Migration(2, ["ALTER TABLE leaderboards ADD COLUMN min_score BIGINT NOT NULL DEFAULT 0"]),
        Migration(
            3,
            [
                """
                CREATE TABLE leaderboard_submissions (
                    app_id TEXT NOT NULL,
                    board_id TEXT NOT NULL,
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    idempotency_key TEXT NOT NULL,
                    request_hash TEXT NOT NULL,
                    answer TEXT,
                    created_at BIGINT NOT NULL,
                    PRIMARY KEY (app_id, board_id, user_id, idempotency_key),
                    FOREIGN KEY (app_id, board_id) REFERENCES leaderboards(app_id, id) ON DELETE CASCADE
                )
                """,
                "CREATE INDEX leaderboard_submissions_user ON leaderboard_submissions(user_id)",
                "CREATE INDEX leaderboard_submissions_created ON leaderboard_submissions(created_at)",
            ]
        ),
    ]

    /// Submission keys past their day.
    static let sweeps = [
        JanitorSweep(name: "leaderboardSubmissionKeys") { now in
            "DELETE FROM leaderboard_submissions WHERE created_at < \(bind: now - LeaderboardSubmissionKeys.lifetime) RETURNING user_id"
        }
    ]

    static let tables: [OwnedTable] = [
        .shared("leaderboards", why: "an app's board definitions"),
        OwnedTable(name: "leaderboard_records", userData: .owned(column: "user_id", section: "leaderboards"), merge: .merged),
        OwnedTable(
            name: "leaderboard_submissions",
            userData: .owned(column: "user_id", section: "leaderboardSubmissionKeys"),
            merge: .dropped(why: "a guest's submission keys only make its own retries safe, for a day")
        ),
    ]

    static func export(of user: UserPrincipal, from sources: ExportSources) async throws -> [String: any Encodable & Sendable] {
        let store = LeaderboardStore(driver: sources.driver)
        let (entries, keys) = try await sources.driver.read { db in
            (try await store.entries(ofUser: user.userID, in: db), try await LeaderboardSubmissionKeys().keys(ofUser: user.userID, in: db))
        }
        return ["leaderboards": entries, "leaderboardSubmissionKeys": keys]
    }

    /// The rows go with the user row (a cascading foreign key); every node's rank lists hear of it here.
    static func delete(_ user: UserAccount, in db: any SQLDatabase) async throws {
        let rows = try await db.raw(
            "SELECT app_id, board_id, period FROM leaderboard_records WHERE user_id = \(bind: user.id) AND revision > 0"
        ).all()
        for row in rows {
            let period = LeaderboardRanks.Period(
                appID: try row.decode(column: "app_id", as: String.self),
                boardID: try row.decode(column: "board_id", as: String.self),
                start: try row.decode(column: "period", as: Int64.self)
            )
            // The deletion's time is not handed to features; the record's time only orders pruning.
            try ChangeFeed.record(
                .leaderboardEntry,
                LeaderboardRanks.subject(period, userID: user.id),
                payload: LeaderboardRanks.payload(LeaderboardRanks.Row(key: nil, revision: LeaderboardRanks.deletedRevision)),
                at: Date()
            )
        }
    }
}

extension Scope {
    /// Define and delete an app's leaderboards (server-to-server).
    static let leaderboardsAdmin = Scope(rawValue: "leaderboards:admin")
    /// Submit scores for any user of the app (server-to-server).
    static let leaderboardsWrite = Scope(rawValue: "leaderboards:write")
}
