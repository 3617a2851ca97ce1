import Foundation
import LatchkeyWire
import SQLKit

/// A user's own node of the tree, `/users/<uid>` — the one the default rules give each user, where
/// the Wilddog seed keeps its user records — is theirs: it is in their export (`database`) and
/// deleted with their account, as a write the streams see. The rest of the tree is the app's,
/// laid out by its rules; Latchkey cannot tell what else in it is about whom.
extension DatabaseFeature {
    /// The user's node, nil for an id no key can hold.
    static func node(of userID: String) -> DataPath? {
        DataPath.isValidKey(userID) ? DataPath(validated: ["users", userID]) : nil
    }

    static func export(of user: UserPrincipal, from sources: ExportSources) async throws -> [String: any Encodable & Sendable] {
        guard let node = node(of: user.userID) else { return [:] }
        let value = try await sources.driver.read { db in try await TreeStore().value(app: user.app.id, at: node, in: db) }
        return ["database": value ?? JSONValue.null]
    }

    static func delete(_ user: UserAccount, in db: any SQLDatabase) async throws {
        let store = TreeStore()
        guard let node = node(of: user.id), try await store.holds(app: user.appID, at: node, in: db) else { return }
        let revision = try await store.nextRevision(app: user.appID, in: db)
        let removed = try await store.replace(app: user.appID, at: node, with: [], removableRows: .max - 1, in: db)
        _ = try await store.record(TreeUsage() - removed, app: user.appID, in: db)
        // The deletion's own time is not handed to features; the change's time only ages it out of the log.
        try TreeChange(revision: revision, operation: .put, path: node.description, data: nil).record(app: user.appID, at: Date())
    }
}

extension DatabaseFeature {
    /// Nothing of the tree moves when a guest is merged into an account: the tree is laid out by
    /// the app's rules, so Latchkey cannot tell which nodes are the guest's or how two users'
    /// values would combine. The guest's own node goes with its deletion, as ``delete(_:in:)``
    /// does; it is reported under `database`, so an app that keeps data there copies it before
    /// merging. Nodes elsewhere that name the guest's id stay as they are.
    static func merge(_ merge: AccountMerge, in db: any SQLDatabase) async throws -> [String: GuestMergeSection] {
        guard let node = node(of: merge.guest.id), try await TreeStore().holds(app: merge.app.id, at: node, in: db) else { return [:] }
        return ["database": GuestMergeSection(moved: 0, conflicts: [node.description])]
    }
}

extension TreeChange {
    /// Records this change in the running write transaction.
    func record(app appID: String, at now: Date) throws {
        try ChangeFeed.record(.tree, appID, payload: payload, at: now)
    }
}
