import LatchkeyWire

/// Creating accounts and making their single-use links, for operators (the admin API and the
/// console) and for the app's servers (`/v1/admin/users`), which act as an admin of their app:
/// one path, checked and audited here, carried out by ``AccountCreation``.
extension AdminService {
    /// Creates the account `request` describes in the app; audited (`user.create`) with the
    /// fields set, the password redacted.
    func createUser(
        _ request: AdminUserCreateRequest,
        appID: String,
        with creation: AccountCreation,
        by actor: AdminActor
    ) async throws -> UserAccount {
        try actor.require(.admin)
        let app = try await existingApp(appID)
        let account = try await creation.create(request, app: app)
        let set: [String: String?] = [
            "username": request.username, "email": request.email, "phone": account.phone, "password": request.password.map { _ in "" },
            "displayName": request.displayName, "emailVerified": request.emailVerified.map { String($0) },
        ]
        let changes = AuditChange.between([:], set.compactMapValues { $0 })
        try await audit.record("user.create", target: account.id, appID: app.id, changes: changes, by: actor)
        return account
    }

    /// A new single-use link of `type` for the user, not sent; audited (`user.link.create`) with
    /// its type, never the link.
    func userLink(
        _ type: AdminLinkType,
        userID: String,
        appID: String,
        with creation: AccountCreation,
        by actor: AdminActor
    ) async throws -> AdminLink {
        try actor.require(.admin)
        let app = try await existingApp(appID)
        let link = try await creation.link(type, userID: userID, app: app)
        let changes = [AuditChange(field: "type", before: nil, after: type.rawValue)]
        try await audit.record("user.link.create", target: userID, appID: app.id, changes: changes, by: actor)
        return link
    }
}
