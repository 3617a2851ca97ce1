import Foundation
import HTTPTypes
import LatchkeyWire

/// Defining, deleting and listing an app's boards: what the app's servers (`leaderboards:admin`)
/// and `latchkey leaderboards` do. Each change is recorded on the change feed, so every node
/// drops its cached definition and its rank lists of the board.
struct LeaderboardDefinitions: Sendable {
    let store: LeaderboardStore
    let driver: any StoreDriver
    let time: any TimeSource

    /// Creates or replaces board `id`; true when it was created.
    func define(appID: String, id: String, _ definition: LeaderboardDefinition) async throws -> (Leaderboard, created: Bool) {
        guard LeaderboardBoard.isValidID(id) else { throw APIError.validation([FieldError(field: "id", code: .invalidField)]) }
        let now = time.now()
        let (board, created) = try await driver.write { [store] db in
            let createdAt = try await store.createdAt(appID: appID, id: id, in: db)
            let board = try LeaderboardBoard.make(appID: appID, id: id, definition: definition, createdAt: createdAt ?? now, now: now)
            try await store.save(board, in: db)
            try ChangeFeed.record(.leaderboard, LeaderboardBoard.subject(appID: appID, id: id), at: now)
            return (board, createdAt == nil)
        }
        return (board.view(at: now), created)
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
