import Foundation
import LatchkeyWire
import SQLKit

extension UserStore {
    /// Locks the user's row until the transaction ends; false when the user is gone.
    ///
    /// A transaction that writes rows a user owns (or points at a user) takes this lock first:
    /// a deletion locks the user row and then its owned rows (the foreign keys' cascades), so a
    /// writer that locked an owned row first and then needed the user row — an update of it,
    /// or the foreign-key check of an insert — deadlocks with it or fails the check on
    /// PostgreSQL. Locked first, one waits for the other and then finds the user there or
    /// gone. SQLite's writer is serial already. Lock several users in ``lockRows(ids:in:)``.
    func lockRow(id: String, in db: any SQLDatabase) async throws -> Bool {
        try await db.raw("SELECT id FROM users WHERE id = \(bind: id)\(unsafeRaw: driver.lockForUpdate)").first() != nil
    }

    /// Locks the rows of several users in one order (by id), so two transactions locking the
    /// same users never wait for each other in a cycle; answers the ids still there.
    func lockRows(ids: [String], in db: any SQLDatabase) async throws -> Set<String> {
        var present: Set<String> = []
        for id in Set(ids).sorted() where try await lockRow(id: id, in: db) { present.insert(id) }
        return present
    }
}

extension UserStore {
    /// The signed-in user's account, its row locked (``lockRow(id:in:)``) until the transaction
    /// ends; `401 invalid_token` when the user is gone.
    func lockedAccount(of principal: UserPrincipal, in db: any SQLDatabase) async throws -> UserAccount {
        guard try await lockRow(id: principal.userID, in: db), let account = try await find(id: principal.userID, appID: principal.app.id, in: db)
        else { throw APIError.invalidToken() }
        return account
    }
}
