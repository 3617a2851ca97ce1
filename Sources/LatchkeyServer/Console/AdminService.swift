public import Foundation
import HTTPTypes
public import LatchkeyWire
import SQLKit

/// Everything operators do, for the console, the admin HTTP API and the `latchkey` command
/// alike: each operation checks the actor's role, validates what it is given, redacts secrets
/// from what it answers, and records itself in the audit log. The CLI, the console and the API
/// only translate their input into these calls.
public struct AdminService: Sendable {
    let apps: AppStore
    let users: UserStore
    let sessions: SessionStore
    let administration: UserAdministration
    let outbox: OutboxStore
    let rules: RulesStore
    let audit: AuditLog
    let operators: OperatorService
    let driver: any StoreDriver
    let time: any TimeSource

    /// The most rows one listing answers.
    public static let pageLimit = 200

    // MARK: Apps

    /// Every app, its provider secrets redacted.
    public func listApps(by actor: AdminActor) async throws -> [App] {
        try actor.require(.viewer)
        return try await apps.list().map(\.redacted)
    }

    /// One app by id or client id, its provider secrets redacted; `404` when there is none.
    public func app(_ id: String, by actor: AdminActor) async throws -> App {
        try actor.require(.viewer)
        return try await existingApp(id).redacted
    }

    /// Creates an app; its client secret is in the answer only.
    public func createApp(name: String, by actor: AdminActor) async throws -> AppCredentials {
        try actor.require(.admin)
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= 100 else { throw APIError.validation([FieldError(field: "name", code: .invalidField)]) }
        let credentials = try await apps.create(name: name)
        try await audit.record("app.create", target: credentials.app.id, appID: credentials.app.id, by: actor)
        return credentials
    }

    /// Renames an app and changes its settings (by their flags); a change that does not parse or
    /// breaks a rule is `422` naming the setting.
    public func updateApp(_ id: String, name: String?, changes: [SettingChange], by actor: AdminActor) async throws -> App {
        try actor.require(.admin)
        var app = try await existingApp(id)
        let before = app
        if let name {
            let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty, trimmed.count <= 100 else { throw APIError.validation([FieldError(field: "name", code: .invalidField)]) }
            app.name = trimmed
        }
        app.settings = try Self.validated { try app.settings.applying(changes) }
        try await apps.update(app)
        let changes =
            AuditChange.between(["name": before.name], ["name": app.name])
            + AuditChange.between(before.settings.auditedValues, app.settings.auditedValues)
        try await audit.record("app.update", target: app.id, appID: app.id, changes: changes, by: actor)
        return app.redacted
    }

    /// The settings `app` would have with `changes`, without saving them: the console shows
    /// them for confirmation. Refused as ``updateApp(_:name:changes:by:)`` refuses them.
    public func preview(_ changes: [SettingChange], to app: App, by actor: AdminActor) throws -> AppSettings {
        try actor.require(.admin)
        AuditTrail.nothingChanged()
        return try Self.validated { try app.settings.applying(changes) }
    }

    /// Adds or replaces one of the app's sign-in providers; with `keepingSecret`, a provider given
    /// without a secret keeps the one stored (a form never shows it, so it cannot send it back).
    public func setProvider(
        _ name: String,
        _ provider: ProviderSettings,
        appID: String,
        keepingSecret: Bool = false,
        by actor: AdminActor
    ) async throws -> App {
        try actor.require(.admin)
        guard name.range(of: "^[a-z0-9_-]{1,40}$", options: .regularExpression) != nil else {
            throw APIError.validation([FieldError(field: "name", code: .invalidField, reason: "provider names are 1-40 of a-z, 0-9, _ and -")])
        }
        var app = try await existingApp(appID)
        let before = app.settings.signInProviders.providers[name]?.auditedValues ?? [:]
        var provider = provider
        if keepingSecret, provider.clientSecret == nil { provider.clientSecret = app.settings.signInProviders.providers[name]?.clientSecret }
        app.settings.signInProviders.providers[name] = provider
        if let problem = app.settings.problem() {
            throw APIError.validation([FieldError(field: "providers", code: .invalidField, reason: problem)])
        }
        try await apps.update(app)
        let changes = AuditChange.between(before, provider.auditedValues, prefix: "provider.\(name).")
        try await audit.record("app.provider.set", target: "\(app.id) \(name)", appID: app.id, changes: changes, by: actor)
        return app.redacted
    }

    /// Removes one of the app's sign-in providers; its users keep their accounts.
    public func removeProvider(_ name: String, appID: String, by actor: AdminActor) async throws -> App {
        try actor.require(.admin)
        var app = try await existingApp(appID)
        guard let removed = app.settings.signInProviders.providers.removeValue(forKey: name) else { throw APIError(.notFound, .notFound) }
        try await apps.update(app)
        let changes = AuditChange.between(removed.auditedValues, [:], prefix: "provider.\(name).")
        try await audit.record("app.provider.remove", target: "\(app.id) \(name)", appID: app.id, changes: changes, by: actor)
        return app.redacted
    }

    /// Replaces the app's client secrets with a new one, in the answer only.
    public func rotateSecret(_ id: String, by actor: AdminActor) async throws -> (app: App, secret: String) {
        try actor.require(.admin)
        let app = try await existingApp(id)
        let secret = try await apps.rotateSecret(appID: app.id)
        let changes = [AuditChange(field: "client-secret", before: "", after: "")]
        try await audit.record("app.rotate_secret", target: app.id, appID: app.id, changes: changes, by: actor)
        return (try await existingApp(app.id).redacted, secret)
    }

    /// The app's data-tree rules document (the default rules when it set none).
    public func rules(appID: String, by actor: AdminActor) async throws -> String {
        try actor.require(.viewer)
        let app = try await existingApp(appID)
        return try await rules.source(appID: app.id) ?? DatabaseRules.defaults.source
    }

    /// Checks and sets the app's data-tree rules; a document with an error is `422` saying where.
    public func setRules(_ source: String, appID: String, by actor: AdminActor) async throws {
        try actor.require(.admin)
        let app = try await existingApp(appID)
        do {
            try await rules.set(source, appID: app.id)
        } catch let error as DatabaseRules.SyntaxError {
            throw APIError.validation([FieldError(field: "rules", code: .invalidField, reason: error.description)])
        }
        try await audit.record("app.rules.set", target: app.id, appID: app.id, by: actor)
    }

    // MARK: Users

    /// A user with what operators see of them: identities (in the account), sessions live and
    /// ended (their sign-in history, newest first).
    public struct UserDetail: Codable, Sendable {
        /// The user as the API shows them.
        public var user: UserRecord
        /// Whether an operator disabled them.
        public var disabled: Bool
        /// Their sessions, newest first, ended ones too: when and where they signed in.
        public var sessions: [SessionDescriptor]
    }

    /// One page of an app's users as a list shows them, and whether more follow.
    public struct UserPage: Sendable {
        /// The users on the page, in the filter's order.
        public var users: [UserAccount]
        /// Whether the next page has users.
        public var hasMore: Bool
    }

    /// The most pages a user list goes: past them, a narrower filter finds the user sooner.
    public static let userPageCount = 1_000

    /// Page `page` (from 1) of the app's users that `filter` lets through, `size` a page (at
    /// most ``pageLimit``); a page past ``userPageCount`` is `422 invalid_field` naming `page`.
    /// The listing is audited with its text query: it shows addresses.
    public func listUsers(appID: String, filter: UserFilter, page: Int = 1, size: Int = 50, by actor: AdminActor) async throws -> UserPage {
        try actor.require(.viewer)
        let app = try await existingApp(appID)
        guard (1...Self.userPageCount).contains(page) else {
            throw APIError.validation([FieldError(field: "page", code: .invalidField, reason: "1 to \(Self.userPageCount)")])
        }
        let size = min(max(size, 1), Self.pageLimit)
        try await audit.record(
            "users.search",
            target: [app.id, filter.text.map { String($0.prefix(100)) }].compactMap { $0 }.joined(separator: " "),
            appID: app.id,
            by: actor
        )
        let found = try await users.list(appID: app.id, filter: filter, limit: size + 1, offset: (page - 1) * size)
        return UserPage(users: Array(found.prefix(size)), hasMore: found.count > size)
    }

    /// The app's users in id order, `limit` of them after the id `after` (`latchkey users list`
    /// pages this way); audited as `users.search`.
    public func usersInIDOrder(appID: String, limit: Int, after: String?, by actor: AdminActor) async throws -> [UserAccount] {
        try actor.require(.viewer)
        let app = try await existingApp(appID)
        try await audit.record(
            "users.search",
            target: [app.id, after.map { "after " + $0 }].compactMap { $0 }.joined(separator: " "),
            appID: app.id,
            by: actor
        )
        return try await users.list(appID: app.id, limit: max(limit, 1), after: after)
    }

    /// The app's users whose id, username (or its beginning), email or phone is `query`, by
    /// name; the first users by id when `query` is empty.
    public func searchUsers(appID: String, query: String, limit: Int = 50, by actor: AdminActor) async throws -> [UserAccount] {
        let query = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !query.isEmpty else {
            try actor.require(.viewer)
            let app = try await existingApp(appID)
            try await audit.record("users.search", target: app.id, appID: app.id, by: actor)
            return try await users.list(appID: app.id, limit: min(max(limit, 1), Self.pageLimit))
        }
        let filter = UserFilter(text: query, sort: .name, descending: false)
        return try await listUsers(appID: appID, filter: filter, size: limit, by: actor).users
    }

    /// One user of the app with their sessions; `404` when the app has no such user. The read is
    /// audited: it shows the user's addresses and where they signed in from.
    public func user(_ userID: String, appID: String, by actor: AdminActor) async throws -> UserDetail {
        try actor.require(.viewer)
        let account = try await existingUser(userID, appID: appID)
        try await audit.record("user.read", target: account.id, appID: account.appID, by: actor)
        return try await detail(of: account)
    }

    /// `account` as the API shows it, with its sign-in history.
    func detail(of account: UserAccount) async throws -> UserDetail {
        let history = try await sessions.list(userID: account.id, includeEnded: true, at: time.now())
        return UserDetail(user: account.record, disabled: account.disabled, sessions: history.map { $0.descriptor(current: nil) })
    }

    /// Disables (ending their sessions) or re-enables a user.
    public func setUserDisabled(_ disabled: Bool, userID: String, appID: String, by actor: AdminActor) async throws {
        try actor.require(.admin)
        let account = try await existingUser(userID, appID: appID)
        try await administration.setUserDisabled(disabled, userID: account.id, appID: account.appID)
        let changes = AuditChange.between(["disabled": String(account.disabled)], ["disabled": String(disabled)])
        try await audit.record(disabled ? "user.disable" : "user.enable", target: account.id, appID: account.appID, changes: changes, by: actor)
    }

    /// Deletes a user and everything stored about them.
    public func deleteUser(_ userID: String, appID: String, by actor: AdminActor) async throws {
        try actor.require(.admin)
        let account = try await existingUser(userID, appID: appID)
        try await administration.deleteUser(userID: account.id, appID: account.appID)
        try await audit.record("user.delete", target: account.id, appID: account.appID, by: actor)
    }

    /// Removes a user's score from an app's board, in the period `period` names (the board's
    /// current one when nil): a cheat's or an abuser's entry; the user may submit again.
    public func removeLeaderboardScore(
        board: String,
        userID: String,
        period: String?,
        appID: String,
        by actor: AdminActor
    ) async throws {
        try actor.require(.admin)
        let app = try await existingApp(appID)
        let definitions = LeaderboardDefinitions(driver: driver, time: time)
        try await definitions.removeScore(appID: app.id, id: board, userID: userID, period: period)
        try await audit.record("leaderboard.score.remove", target: "\(app.id) \(board) \(userID)", appID: app.id, by: actor)
    }

    /// Ends every session of a user.
    public func revokeSessions(userID: String, appID: String, by actor: AdminActor) async throws {
        try actor.require(.admin)
        let account = try await existingUser(userID, appID: appID)
        let now = time.now()
        try await driver.write { [sessions] db in
            try await sessions.revokeAll(userID: account.id, reason: "operator", at: now, in: db)
        }
        try await audit.record("user.revoke_sessions", target: account.id, appID: account.appID, by: actor)
    }

    // MARK: Outbox

    /// Messages, newest first, in one state or all, as operators see them (no subject, no body:
    /// ``OperatorOutboxEntry``). The read is audited: it names recipients and when they signed in.
    public func outbox(
        status: OutboxStore.Status?,
        recipient: String? = nil,
        limit: Int = 50,
        by actor: AdminActor
    ) async throws
        -> [OperatorOutboxEntry]
    {
        try actor.require(.viewer)
        let entries = try await outbox.list(status: status, recipient: recipient, limit: min(max(limit, 1), Self.pageLimit))
        let query = [status?.rawValue ?? "all", recipient].compactMap { $0 }.joined(separator: " ")
        try await audit.record("outbox.read", target: query, by: actor)
        return entries.map(\.forOperators)
    }

    /// Queues a dead message for another attempt now: `404` unless it is dead, `409
    /// message_expired` once the PIN or link it carries has expired.
    public func retryMessage(_ id: String, by actor: AdminActor) async throws {
        try actor.require(.admin)
        switch try await outbox.retry(id: id, at: time.now()) {
        case .queued: break
        case .expired: throw APIError(.conflict, .messageExpired)
        case .notDead: throw APIError(.notFound, .notFound)
        }
        try await audit.record("outbox.retry", target: id, by: actor)
    }

    // MARK: Audit log and figures

    /// The audit log's entries `filter` lets through, newest first; an app may be named by its
    /// client id too.
    public func auditLog(
        _ filter: AuditFilter = AuditFilter(),
        limit: Int = 100,
        before: String? = nil,
        by actor: AdminActor
    ) async throws -> [AuditEntry] {
        try actor.require(.viewer)
        var filter = filter
        if let app = filter.appID, let found = try await apps.find(app) { filter.appID = found.id }
        return try await audit.list(filter, limit: min(max(limit, 1), Self.pageLimit), before: before)
    }

    /// The names of the apps, operators and users `entries` name by id (actors, targets, apps),
    /// by id: the audit log shows who and what, not only ids.
    public func auditNames(of entries: [AuditEntry], by actor: AdminActor) async throws -> [String: String] {
        try actor.require(.viewer)
        var names: [String: String] = [:]
        for app in try await apps.list() { names[app.id] = app.name }
        for listed in try await operators.list() { names[listed.id] = listed.username }
        for entry in entries where entry.action.hasPrefix("user.") {
            guard let appID = entry.appID, let target = entry.target, names[target] == nil,
                let account = try await users.find(id: target, appID: appID)
            else { continue }
            names[target] = [account.username, account.email, account.phone, account.displayName].compactMap { $0 }.first { !$0.isEmpty }
        }
        return names
    }

    /// The live figures, from the database, so every node shows the same.
    public func figures(by actor: AdminActor) async throws -> LiveFigures {
        try actor.require(.viewer)
        return try await LiveFigures.read(from: driver, at: time.now())
    }

    // MARK: Operators

    /// Every operator (owners only).
    public func listOperators(by actor: AdminActor) async throws -> [Operator] {
        try actor.require(.owner)
        return try await operators.list()
    }

    /// Creates an operator with a generated password, returned this once (owners only).
    public func createOperator(username: String, role: OperatorRole, by actor: AdminActor) async throws -> OperatorCredentials {
        try actor.require(.owner)
        let credentials = try await operators.create(username: username, role: role)
        try await audit.record("operator.create", target: credentials.operator.id, by: actor)
        return credentials
    }

    /// Disables or re-enables an operator (owners only; not oneself).
    public func setOperatorDisabled(_ disabled: Bool, id: String, by actor: AdminActor) async throws -> Operator {
        try actor.require(.owner)
        let target = try await existingOperator(id)
        guard target.id != actor.operatorID else { throw APIError(.forbidden, .forbidden) }
        try await operators.setDisabled(disabled, id: target.id)
        let changes = AuditChange.between(["disabled": String(target.disabled)], ["disabled": String(disabled)])
        try await audit.record(disabled ? "operator.disable" : "operator.enable", target: target.id, changes: changes, by: actor)
        return try await existingOperator(target.id)
    }

    /// Gives an operator a new authenticator to enroll at their next sign-in (owners only).
    public func resetOperatorTOTP(id: String, by actor: AdminActor) async throws -> Operator {
        try actor.require(.owner)
        let target = try await existingOperator(id)
        try await operators.resetTOTP(id: target.id)
        try await audit.record("operator.reset_totp", target: target.id, by: actor)
        return try await existingOperator(target.id)
    }

    // MARK: Helpers

    func existingApp(_ id: String) async throws -> App {
        guard let app = try await apps.find(id) else { throw APIError(.notFound, .notFound) }
        return app
    }

    func existingUser(_ userID: String, appID: String) async throws -> UserAccount {
        let app = try await existingApp(appID)
        guard let account = try await users.find(id: userID, appID: app.id) else { throw APIError(.notFound, .notFound) }
        return account
    }

    private func existingOperator(_ id: String) async throws -> Operator {
        guard let found = try await operators.find(id) else { throw APIError(.notFound, .notFound) }
        return found
    }

    /// Runs a settings change, turning a refused setting into a `422` naming it.
    static func validated(_ change: () throws -> AppSettings) throws -> AppSettings {
        do {
            return try change()
        } catch let error as InvalidAppSetting {
            let field = error.flag.flatMap { flag in AppSettings.declarations.first { $0.flag == flag }?.key } ?? "settings"
            throw APIError.validation([FieldError(field: field, code: .invalidField, reason: error.description)])
        }
    }
}

extension App {
    /// The app as operators see it: provider secrets show as `(set)`, never in clear.
    public var redacted: App {
        var app = self
        for (name, provider) in app.settings.signInProviders.providers where provider.clientSecret != nil {
            app.settings.signInProviders.providers[name]?.clientSecret = "(set)"
        }
        return app
    }
}

extension APIError: CustomStringConvertible {
    /// The code and the fields' reasons, as the command line prints a refusal.
    var description: String {
        let details = fields.map { "\($0.field): \($0.reason ?? $0.code.rawValue)" }
        return ([code.rawValue] + details).joined(separator: "; ")
    }
}
