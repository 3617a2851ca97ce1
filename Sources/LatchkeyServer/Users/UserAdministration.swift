import Foundation
import SQLKit

/// Disabling, re-enabling and deleting users, for operators (the CLI) and apps' servers (the
/// admin API) alike.
struct UserAdministration: Sendable {
    let driver: any StoreDriver
    let users: UserStore
    let sessions: SessionStore
    let codes: OneTimeCodeStore
    let time: any TimeSource

    /// Disables or re-enables a user. Disabling ends every session at once (the revocations are
    /// change events, which every node's caches apply) and every outstanding email link.
    func setUserDisabled(_ disabled: Bool, userID: String, appID: String) async throws {
        let now = time.now()
        try await driver.write { [users, sessions, codes] db in
            guard try await users.find(id: userID, appID: appID, in: db) != nil else { throw LatchkeyBackend.UserNotFound(userID: userID) }
            try await users.setDisabled(disabled, userID: userID, at: now, in: db)
            guard disabled else { return }
            try await sessions.revokeAll(userID: userID, reason: "user_disabled", at: now, in: db)
            try await codes.revokeUnused(userID: userID, purposes: OneTimeCodeStore.Purpose.addressLinks, at: now, in: db)
        }
    }

    /// Deletes a user and everything stored about them: each feature's ``Feature/delete(_:in:)``
    /// section, then the user row, whose foreign keys take the rest. Their sessions end at once.
    func deleteUser(userID: String, appID: String) async throws {
        let now = time.now()
        try await driver.write { db in try await deleteUser(userID: userID, appID: appID, at: now, in: db) }
    }

    /// ``deleteUser(userID:appID:)`` inside the caller's transaction (a parent's deletion by
    /// link, the janitor's purge of children left without consent).
    /// The user's row is locked first, before any row the deletion removes: every writer of a
    /// user's rows locks it first too (``UserStore/lockRow(id:in:)``), so none deadlocks with this.
    func deleteUser(userID: String, appID: String, at now: Date, in db: any SQLDatabase) async throws {
        guard try await users.lockRow(id: userID, in: db), let account = try await users.find(id: userID, appID: appID, in: db) else {
            throw LatchkeyBackend.UserNotFound(userID: userID)
        }
        for feature in FeatureSet.all { try await feature.delete(account, in: db) }
        let ids = try await sessions.ids(userID: userID, in: db)
        try await users.delete(userID: userID, at: now, in: db)
        for id in ids { try ChangeFeed.record(.session, id, at: now) }
    }
}

extension LatchkeyBackend {
    /// A user-administration request named a user that is not in the app.
    public struct UserNotFound: Error, CustomStringConvertible {
        /// The id that was asked for.
        public var userID: String
        public var description: String { "no user \(userID) in this app" }
    }

    /// Disables or re-enables a user. Disabling ends every session at once.
    public func setUserDisabled(_ disabled: Bool, userID: String, appID: String) async throws {
        try await administration.setUserDisabled(disabled, userID: userID, appID: appID)
    }

    /// Deletes a user and everything stored about them; their sessions end at once.
    public func deleteUser(userID: String, appID: String) async throws {
        try await administration.deleteUser(userID: userID, appID: appID)
    }
}
