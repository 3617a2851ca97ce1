import Foundation
import HTTPTypes
import LatchkeyWire

/// Defining, deleting and listing an app's boards, and removing a user's score: what the app's
/// servers (`leaderboards:admin`, `leaderboards:write`), operators and `latchkey leaderboards`
/// do. Each change is recorded on the change feed, so every node drops its cached definition
/// and its rank lists of the board (or the removed entry).
struct LeaderboardDefinitions: Sendable {
    let store: LeaderboardStore
    let driver: any StoreDriver
    let time: any TimeSource

    init(store: LeaderboardStore, driver: any StoreDriver, time: any TimeSource) {
        self.store = store
        self.driver = driver
        self.time = time
    }

    /// Definitions over the boards in `driver`'s database (for the command line and operators).
    init(driver: any StoreDriver, time: any TimeSource) {
        self.init(store: LeaderboardStore(driver: driver), driver: driver, time: time)
    }

    /// Creates board `id`, or replaces its definition: members the definition leaves out keep
    /// their values (`clearsMaxScore` removes the maximum), and a board with entries keeps its
    /// sort order (`409 leaderboard_sort_order_locked`: its ranks would turn over). True when it
    /// was created.
    func define(
        appID: String,
        id: String,
        _ definition: LeaderboardDefinition,
        clearsMaxScore: Bool = false
    ) async throws -> (Leaderboard, created: Bool) {
        guard LeaderboardBoard.isValidID(id) else { throw APIError.validation([FieldError(field: "id", code: .invalidField)]) }
        let now = time.now()
        let (board, created) = try await driver.write { [store] db in
            let current = try await store.lockedBoard(appID: appID, id: id, in: db)
            let board = try LeaderboardBoard.make(
                appID: appID,
                id: id,
                definition: definition,
                over: current,
                clearsMaxScore: clearsMaxScore,
                now: now
            )
            if let current, current.sortOrder != board.sortOrder, try await store.hasEntries(appID: appID, id: id, in: db) {
                throw APIError(.conflict, .leaderboardSortOrderLocked)
            }
            try await store.save(board, in: db)
            try ChangeFeed.record(.leaderboard, LeaderboardBoard.subject(appID: appID, id: id), at: now)
            return (board, current == nil)
        }
        return (board.view(at: now), created)
    }

    /// Removes `userID`'s score from board `id` in the period `period` names (the current one
    /// when nil): every node drops it from its ranks; the user may submit again. `404` when the
    /// board or the entry is not there.
    func removeScore(appID: String, id: String, userID: String, period: String?) async throws {
        let now = time.now()
        guard LeaderboardBoard.isValidID(id), let board = try await store.board(appID: appID, id: id) else {
            throw APIError(.notFound, .notFound)
        }
        let start = try board.period(named: period, at: now)
        let removed = try await driver.write { [store] db in
            guard let revision = try await store.removeRecord(board: board, period: start, userID: userID, now: now, in: db) else {
                return false
            }
            let place = LeaderboardRanks.Period(appID: appID, boardID: id, start: start.epochSeconds)
            try ChangeFeed.record(
                .leaderboardEntry,
                LeaderboardRanks.subject(place, userID: userID),
                payload: LeaderboardRanks.payload(LeaderboardRanks.Row(key: nil, revision: revision)),
                at: now
            )
            return true
        }
        guard removed else { throw APIError(.notFound, .notFound) }
    }

    /// Deletes board `id` with every period's entries, or 404.
    func deleteBoard(appID: String, id: String) async throws {
        guard LeaderboardBoard.isValidID(id) else { throw APIError(.notFound, .notFound) }
        let now = time.now()
        let deleted = try await driver.write { [store] db in
            let deleted = try await store.deleteBoard(appID: appID, id: id, in: db)
            if deleted { try ChangeFeed.record(.leaderboard, LeaderboardBoard.subject(appID: appID, id: id), at: now) }
            return deleted
        }
        guard deleted else { throw APIError(.notFound, .notFound) }
    }

    /// Every board of the app.
    func list(appID: String) async throws -> LeaderboardList {
        let now = time.now()
        return LeaderboardList(leaderboards: try await store.boards(appID: appID).map { $0.view(at: now) })
    }
}
