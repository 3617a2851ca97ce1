import Foundation
import HTTPTypes
import LatchkeyWire

/// What the console's user page shows beside the account and its sign-in history, and the
/// actions on one session, one passkey, the verification email and the export.
extension AdminService {
    /// A user's second factor, passkeys, consent, push devices, app data and audit trail.
    struct UserSections: Sendable {
        /// The ids of the sessions still live: the ones an operator can end.
        var liveSessions: Set<String>
        var secondFactor: SecondFactorStatus
        var passkeys: [PasskeyRecord]
        /// A child's consent; nil for everyone else.
        var consent: ConsentState?
        /// The consent's history, oldest first.
        var consentHistory: [ConsentStore.Record]
        var devices: [Device]
        /// The keys of the user's app data (not the values), by key.
        var appData: [AppDataEntry]
        /// The newest audit entries whose target is the user.
        var trail: [AuditEntry]
        /// Whether the user has an email that is not verified yet.
        var canResendVerification: Bool
    }

    /// Everything a user's page shows.
    struct UserOverview: Sendable {
        var detail: UserDetail
        var sections: UserSections
        var wallet: WalletStatement
        var boardEntries: [LeaderboardExportEntry]
    }

    /// The audit entries a user page shows; the audit log has the rest.
    static let userTrailLimit = 20

    /// What a user's page shows, from one read of the app and one of the user: the user and their sign-in
    /// history (audited as `user.read`, as ``user(_:appID:by:)`` is), the sections, the wallet
    /// with up to `ledgerLimit` ledger entries below `ledgerBefore`, and their board entries.
    func userOverview(_ userID: String, appID: String, ledgerBefore: Int64?, ledgerLimit: Int, by actor: AdminActor) async throws -> UserOverview {
        try actor.require(.viewer)
        let app = try await existingApp(appID)
        guard let account = try await users.find(id: userID, appID: app.id) else { throw APIError(.notFound, .notFound) }
        let wallet = try await wallet(of: account, in: app, before: ledgerBefore, limit: ledgerLimit)
        try await audit.record("user.read", target: account.id, appID: account.appID, by: actor)
        return UserOverview(
            detail: try await detail(of: account),
            sections: try await sections(of: account),
            wallet: wallet,
            boardEntries: try await leaderboardEntries(of: account)
        )
    }

    /// The sections of `account`'s page.
    private func sections(of account: UserAccount) async throws -> UserSections {
        let live = try await sessions.list(userID: account.id, at: time.now())
        let store = AppDataStore(driver: driver)
        let (secondFactor, passkeys, consentHistory, appData) = try await driver.read { db in
            (
                try await SecondFactorStore().status(userID: account.id, in: db),
                try await PasskeyStore().list(userID: account.id, appID: account.appID, in: db).map(\.record),
                try await ConsentStore().records(userID: account.id, in: db),
                try await store.entries(userID: account.id, after: "", limit: Self.pageLimit, in: db)
            )
        }
        return UserSections(
            liveSessions: Set(live.map(\.id)),
            secondFactor: secondFactor,
            passkeys: passkeys,
            consent: account.consent,
            consentHistory: consentHistory,
            devices: try await DeviceStore(driver: driver).devices(userID: account.id, appID: account.appID),
            appData: appData,
            trail: try await audit.list(AuditFilter(target: account.id), limit: Self.userTrailLimit, before: nil),
            canResendVerification: account.email != nil && !account.emailVerified
        )
    }

    /// Ends one of a user's sessions; `404` unless it is theirs.
    func endSession(_ sessionID: String, userID: String, appID: String, by actor: AdminActor) async throws {
        try actor.require(.admin)
        let account = try await existingUser(userID, appID: appID)
        guard let session = try await sessions.find(id: sessionID), session.userID == account.id else { throw APIError(.notFound, .notFound) }
        let now = time.now()
        try await driver.write { [sessions] db in try await sessions.revoke(sessionID: session.id, reason: "operator", at: now, in: db) }
        let changes = [AuditChange(field: "session", before: session.id, after: nil)]
        try await audit.record("user.end_session", target: account.id, appID: account.appID, changes: changes, by: actor)
    }

    /// Removes one of a user's passkeys (a lost or stolen authenticator); `404` unless it is theirs.
    func removePasskey(_ credentialID: String, userID: String, appID: String, by actor: AdminActor) async throws {
        try actor.require(.admin)
        let account = try await existingUser(userID, appID: appID)
        let store = PasskeyStore()
        let now = time.now()
        try await driver.write { db in
            guard let found = try await store.find(id: credentialID, appID: account.appID, in: db), found.userID == account.id else {
                throw APIError(.notFound, .notFound)
            }
            try await store.remove(id: found.id, userID: account.id, appID: account.appID, at: now, in: db)
        }
        let changes = [AuditChange(field: "passkey", before: credentialID, after: nil)]
        try await audit.record("user.remove_passkey", target: account.id, appID: account.appID, changes: changes, by: actor)
    }

    /// Sends the user a new verification link, through `send` (the sign-up's own path); `409`
    /// when they have no email to verify.
    func resendVerification(
        userID: String,
        appID: String,
        by actor: AdminActor,
        send: (UserAccount, App) async throws -> Void
    ) async throws {
        try actor.require(.admin)
        let app = try await existingApp(appID)
        let account = try await existingUser(userID, appID: app.id)
        guard account.email != nil, !account.emailVerified else { throw APIError(.conflict, .invalidRequest) }
        try await send(account, app)
        try await audit.record("user.resend_verification", target: account.id, appID: app.id, by: actor)
    }

    /// Everything stored about a user, as they download it themselves (`GET /v1/me/export`).
    func exportUser(_ userID: String, appID: String, from sources: ExportSources, by actor: AdminActor) async throws -> AccountExportDocument {
        try actor.require(.admin)
        let app = try await existingApp(appID)
        let account = try await existingUser(userID, appID: app.id)
        let document = try await AccountExportDocument.make(of: .child(account, app: app), from: sources, at: time.now())
        try await audit.record("user.export", target: account.id, appID: app.id, by: actor)
        return document
    }
}
