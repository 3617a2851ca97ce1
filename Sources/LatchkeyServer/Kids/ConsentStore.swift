import Foundation
import LatchkeyWire
import SQLKit

/// Children's consent in the database: one `consents` row per child (where the consent stands)
/// and the `consent_records` history (who decided what, when, and how). Both go with the user
/// row through their foreign keys.
struct ConsentStore: Sendable {
    /// What happened to a child's consent, as a record says it.
    enum Action: String, Sendable, Codable {
        case requested, granted, denied, revoked
    }

    /// How the parent acted: by the signed link sent to their email; sign-up asks.
    enum Method: String, Sendable, Codable {
        case signUp = "sign_up"
        case emailLink = "email_link"
    }

    /// One history entry, as the child's export shows it.
    struct Record: Codable, Sendable, Equatable {
        var action: Action
        var parentEmail: String
        var method: Method
        /// The scopes the consent covers (`public` when granted, empty otherwise).
        var permissions: [String]
        var at: Date
    }

    /// The scopes a parent's grant adds to the child's tokens.
    static let grantedPermissions = [Scope.public.rawValue]

    /// Opens a pending consent for a new child, inside the sign-up's transaction; the account is
    /// purged at `purgeAt` unless the parent grants first.
    func open(userID: String, appID: String, parentEmail: String, purgeAt: Date, at now: Date, in db: any SQLDatabase) async throws {
        try await db.raw(
            """
            INSERT INTO consents (user_id, app_id, parent_email, status, requested_at, decided_at, purge_at)
            VALUES (\(bind: userID), \(bind: appID), \(bind: Canonical.email(parentEmail)), \(bind: ConsentStatus.pending.rawValue),
                    \(bind: now.epochSeconds), NULL, \(bind: purgeAt.epochSeconds))
            """
        ).run()
        try await record(.requested, userID: userID, parentEmail: parentEmail, method: .signUp, at: now, in: db)
        try ChangeFeed.record(.user, userID, at: now)
    }

    /// Records the parent's decision and sets the status it leads to, with its purge rule: a
    /// grant clears the purge date (a granted child is never purged); any other decision keeps
    /// the date the account already has (a denial keeps the request's) or, for one without
    /// (a revoked grant), sets `purgeAt` — so a child without consent is always purged unless
    /// the parent agrees (again) first.
    func decide(
        _ action: Action,
        userID: String,
        parentEmail: String,
        purgeAt: Date,
        at now: Date,
        in db: any SQLDatabase
    ) async throws {
        let status: ConsentStatus =
            switch action {
            case .granted: .granted
            case .denied: .denied
            case .revoked: .revoked
            case .requested: .pending
            }
        let purge: SQLQueryString =
            action == .granted ? "purge_at = NULL," : "purge_at = COALESCE(purge_at, \(bind: purgeAt.epochSeconds)),"
        try await db.raw(
            """
            UPDATE consents SET status = \(bind: status.rawValue), \(purge) decided_at = \(bind: now.epochSeconds)
            WHERE user_id = \(bind: userID)
            """
        ).run()
        try await record(action, userID: userID, parentEmail: parentEmail, method: .emailLink, at: now, in: db)
        try ChangeFeed.record(.user, userID, at: now)
    }

    /// The child's consent state; nil for an account that never needed consent.
    func state(userID: String, in db: any SQLDatabase) async throws -> ConsentState? {
        guard
            let row = try await db.raw(
                "SELECT status, requested_at, decided_at FROM consents WHERE user_id = \(bind: userID)"
            ).first(),
            let status = ConsentStatus(rawValue: try row.decode(column: "status", as: String.self))
        else { return nil }
        return ConsentState(
            status: status,
            requestedAt: Date(epochSeconds: try row.decode(column: "requested_at", as: Int64.self)),
            decidedAt: try row.decode(column: "decided_at", as: Int64?.self).map(Date.init(epochSeconds:))
        )
    }

    /// The child's consent history, oldest first (record ids sort in the order they were made).
    func records(userID: String, in db: any SQLDatabase) async throws -> [Record] {
        try await db.raw(
            """
            SELECT action, parent_email, method, permissions, recorded_at FROM consent_records
            WHERE user_id = \(bind: userID) ORDER BY recorded_at, id
            """
        ).all().compactMap { row -> Record? in
            guard let action = Action(rawValue: try row.decode(column: "action", as: String.self)),
                let method = Method(rawValue: try row.decode(column: "method", as: String.self))
            else { return nil }
            let permissions = try row.decode(column: "permissions", as: String.self)
            return Record(
                action: action,
                parentEmail: try row.decode(column: "parent_email", as: String.self),
                method: method,
                permissions: permissions.split(separator: " ").map(String.init),
                at: Date(epochSeconds: try row.decode(column: "recorded_at", as: Int64.self))
            )
        }
    }

    /// Children of `appID` whose parent email is `parentEmail`.
    func children(appID: String, parentEmail: String, in db: any SQLDatabase) async throws -> [String] {
        try await db.raw(
            """
            SELECT user_id FROM consents WHERE app_id = \(bind: appID) AND parent_email = \(bind: Canonical.email(parentEmail))
            ORDER BY requested_at
            """
        ).all().map { try $0.decode(column: "user_id", as: String.self) }
    }

    private func record(
        _ action: Action,
        userID: String,
        parentEmail: String,
        method: Method,
        at now: Date,
        in db: any SQLDatabase
    ) async throws {
        let permissions = action == .granted ? Self.grantedPermissions : []
        try await db.raw(
            """
            INSERT INTO consent_records (id, user_id, action, parent_email, method, permissions, recorded_at)
            VALUES (\(bind: Messenger.sortableID(at: now)), \(bind: userID), \(bind: action.rawValue), \(bind: Canonical.email(parentEmail)),
                    \(bind: method.rawValue), \(bind: permissions.joined(separator: " ")), \(bind: now.epochSeconds))
            """
        ).run()
    }
}

extension UserStore {
    /// The user's consent state, read with the account so tokens and `GET /v1/me` see it.
    func consent(userID: String, in db: any SQLDatabase) async throws -> ConsentState? {
        try await ConsentStore().state(userID: userID, in: db)
    }
}
