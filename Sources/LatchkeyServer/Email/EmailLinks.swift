import Foundation
import HTTPTypes
import LatchkeyWire
import Logging
import SQLKit

/// Email verification, password reset and email change, each by a single-use link.
///
/// `email_verified` flips only by using a verification link sent to that address; a reset
/// request answers the same whether or not the address has an account (and does the same
/// database work either way); using a reset link sets the password and ends every session; an
/// email change takes effect only when the link sent to the new address is used. A link works
/// only while the address it was sent to is the user's, and every outstanding link dies when the
/// address, the password or the account's standing changes.
struct EmailLinks: Sendable {
    let apps: AppStore
    let codes: OneTimeCodeStore
    let driver: any StoreDriver
    let hasher: PasswordHasher
    let issuer: Issuer
    let logger: Logger
    let messenger: Messenger
    let policy: PasswordPolicy
    let sessions: SessionStore
    let time: any TimeSource
    let users: UserStore
    let consent: ParentConsent

    init(backend: LatchkeyBackend) {
        self.consent = ParentConsent(backend: backend)
        self.apps = backend.apps
        self.codes = backend.codes
        self.driver = backend.driver
        self.hasher = backend.hasher
        self.issuer = backend.issuer
        self.logger = backend.logger
        self.messenger = backend.messenger
        self.policy = backend.policy
        self.sessions = backend.sessions
        self.time = backend.time
        self.users = backend.users
    }

    /// Link lifetimes, in seconds.
    static let verificationLifetime = 86_400
    static let resetLifetime = 3_600
    /// How long the old address can undo an email change.
    static let restoreLifetime = 7 * 86_400

    /// Sends a verification link to the user's email.
    func sendVerification(principal: UserPrincipal, client: ClientInfo, language: Language) async throws {
        guard let account = try await users.find(id: principal.userID, appID: principal.app.id), let email = account.email
        else { throw APIError(.badRequest, .invalidRequest, fields: [FieldError(field: "email", code: .invalidRequest)]) }
        try await sendLink(.verifyEmail, to: email, userID: account.id, app: principal.app, client: client, language: language)
    }

    /// Sends a link to `newEmail` that makes it the user's (verified) email when used. Answers
    /// alike whether or not the address is taken; a taken address fails when the link is used.
    func requestChange(to newEmail: String, principal: UserPrincipal, client: ClientInfo, language: Language) async throws {
        try Self.requireValidEmail(newEmail)
        try await sendLink(.changeEmail, to: newEmail, userID: principal.userID, app: principal.app, client: client, language: language)
    }

    /// Sends a reset link when `email` belongs to an enabled account of the app; answers and
    /// works alike when it does not.
    func requestReset(email: String, app: App, client: ClientInfo, language: Language) async throws {
        try Self.requireValidEmail(email)
        let account = try await driver.read { db in try await users.find(appID: app.id, email: email, in: db) }
        let recipient = account.flatMap { $0.disabled ? nil : $0.email }
        try await sendLink(
            .resetPassword,
            to: recipient ?? email,
            userID: recipient == nil ? nil : account?.id,
            app: app,
            client: client,
            language: language,
            hidingOutcome: true
        )
    }

    /// Uses a verification, email-change or email-restore link; `language` is the language of
    /// the notice an email change sends to the address it replaces, and of the consent request
    /// a child's first verification sends the parent.
    func verify(token: String, language: Language) async throws {
        let now = time.now()
        let used: Bool
        do {
            used = try await use(token: token, language: language, at: now)
        } catch is UserStore.Taken {
            throw APIError.validation([FieldError(field: "email", code: .duplicateEmail)])
        }
        guard used else { throw APIError(.badRequest, .codeExpired) }
        messenger.wake()
    }

    private func use(token: String, language: Language, at now: Date) async throws -> Bool {
        let tokenHash = Self.hash(token)
        // The app of an email change, read first: its notice is queued in the change's transaction.
        let changeApp = try await driver.read { db in try await codes.pending(tokenHash: tokenHash, purpose: .changeEmail, at: now, in: db) }
            .asyncFlatMap { try await apps.find($0.appID) }
        // The app of a verification, read first too: a child's consent request is queued in it.
        let verifiedApp = try await driver.read { db in try await codes.pending(tokenHash: tokenHash, purpose: .verifyEmail, at: now, in: db) }
            .asyncFlatMap { try await apps.find($0.appID) }
        return try await driver.write { db -> Bool in
            guard
                let used = try await codes.use(
                    tokenHash: tokenHash,
                    purposes: [.verifyEmail, .changeEmail, .restoreEmail],
                    at: now,
                    in: db
                ),
                let userID = used.userID
            else { return false }
            switch used.purpose {
            case .changeEmail:
                let replaced = try await users.find(id: userID, in: db)?.email
                try await users.changeEmail(userID: userID, to: used.recipient, at: now, in: db)
                // Links sent to the old address must not act on the account any more.
                try await codes.revokeUnused(userID: userID, purposes: OneTimeCodeStore.Purpose.addressLinks, at: now, in: db)
                if let replaced, let changeApp {
                    try await storeLink(
                        .restoreEmail,
                        to: replaced,
                        userID: userID,
                        app: changeApp,
                        language: language,
                        values: ["newEmail": used.recipient],
                        at: now,
                        in: db
                    )
                }
                return true
            case .restoreEmail:
                // The old address undoes a change it did not ask for: it is the user's again, and
                // whoever made the change is signed out.
                try await users.changeEmail(userID: userID, to: used.recipient, at: now, in: db)
                try await codes.revokeUnused(userID: userID, purposes: OneTimeCodeStore.Purpose.addressLinks, at: now, in: db)
                try await sessions.revokeAll(userID: userID, reason: "email_restored", at: now, in: db)
                return true
            default:
                // A verification link proves only the address it was sent to, if it is still the user's.
                let before = try await users.find(id: userID, in: db)
                let marked = try await users.markEmailVerified(userID: userID, email: used.recipient, at: now, in: db)
                // A child's account made by an email sign-up asks the parent now that it is real.
                if marked, let before, let verifiedApp {
                    try await consent.askOnceVerified(before, app: verifiedApp, language: language, at: now, in: db)
                }
                return marked
            }
        }
    }

    /// The app a link's token was sent for, live or already used: its pages show that app's
    /// brand. Nil for a token never issued, or forgotten since it expired.
    func app(ofLink token: String) async throws -> App? {
        let purposes = OneTimeCodeStore.Purpose.addressLinks + [.restoreEmail, .emailSignIn]
        guard let link = try await driver.read({ db in try await codes.spent(tokenHash: Self.hash(token), purposes: purposes, in: db) }) else {
            return nil
        }
        return try await apps.find(link.appID)
    }

    /// Uses a reset link: sets the new password (validated as at sign-up) and ends every session.
    func confirmReset(token: String, password: String) async throws {
        let now = time.now()
        let tokenHash = Self.hash(token)
        guard
            let pending = try await driver.read({ db in try await codes.pending(tokenHash: tokenHash, purpose: .resetPassword, at: now, in: db) }),
            let userID = pending.userID,
            let account = try await users.find(id: userID, appID: pending.appID),
            // A link sent to an address that is no longer the user's is dead.
            account.email.map(Canonical.email) == pending.recipient,
            let app = try await apps.find(pending.appID)
        else { throw APIError(.badRequest, .codeExpired) }
        let validator = SignUpValidator(policy: policy, app: app, today: now)
        let errors = validator.passwordErrors(password, username: account.username, email: account.email)
        guard errors.isEmpty else { throw APIError.validation(errors) }
        let hash = try await hasher.hash(password, cost: app.settings.auth.bcryptCost)
        let reset = try await driver.write { db -> Bool in
            guard try await codes.use(tokenHash: tokenHash, purposes: [.resetPassword], at: now, in: db) != nil else { return false }
            try await users.setPasswordHash(hash, userID: userID, at: now, in: db)
            // The link reached the inbox: the address is proven.
            try await users.markEmailVerified(userID: userID, email: pending.recipient, at: now, in: db)
            try await sessions.revokeAll(userID: userID, reason: "password_reset", at: now, in: db)
            try await codes.revokeUnused(userID: userID, purposes: OneTimeCodeStore.Purpose.addressLinks, at: now, in: db)
            return true
        }
        guard reset else { throw APIError(.badRequest, .codeExpired) }
    }

    /// Counts the send against the limits and, for a user, stores a link token and queues its
    /// email; with `hidingOutcome` (password reset, where the address may have no account) the
    /// answer waits for the count alone (``Messenger/send(to:client:app:driver:logger:hidingOutcome:record:deliver:)``).
    private func sendLink(
        _ purpose: OneTimeCodeStore.Purpose,
        to email: String,
        userID: String?,
        app: App,
        client: ClientInfo,
        language: Language,
        hidingOutcome: Bool = false
    ) async throws {
        let now = time.now()
        let store: @Sendable (any SQLDatabase) async throws -> Void = { db in
            guard let userID else { return }
            try await codes.revokeUnused(userID: userID, purposes: [purpose], at: now, in: db)
            try await storeLink(purpose, to: email, userID: userID, app: app, language: language, at: now, in: db)
        }
        try await messenger.send(
            to: Canonical.email(email),
            client: client,
            app: app,
            driver: driver,
            logger: logger,
            hidingOutcome: hidingOutcome,
            deliver: userID == nil ? nil : store
        )
    }

    /// Stores a new link token for `userID` and queues its email to `email`, inside the caller's
    /// transaction.
    func storeLink(
        _ purpose: OneTimeCodeStore.Purpose,
        to email: String,
        userID: String,
        app: App,
        language: Language,
        values: [String: String] = [:],
        at now: Date,
        in db: any SQLDatabase
    ) async throws {
        let created = try await createLink(purpose, to: email, userID: userID, app: app, at: now, in: db)
        let lifetime = Self.lifetime(of: purpose)
        try await messenger.queue(
            purpose,
            to: email,
            channel: .email,
            app: app,
            language: language,
            values: values.merging(["link": created.link, "hours": String(lifetime / 3600), "days": String(lifetime / 86_400)]) { $1 },
            userID: userID,
            liveUntil: created.expiresAt,
            at: now,
            in: db
        )
    }

    /// Stores a new link token for `userID`, working while `email` is theirs, inside the caller's
    /// transaction, and returns the link and when it expires; nothing is sent. The app's servers
    /// ask for one to send from their own mail system (`POST /v1/admin/users/{id}/links`).
    func createLink(
        _ purpose: OneTimeCodeStore.Purpose,
        to email: String,
        userID: String,
        app: App,
        at now: Date,
        in db: any SQLDatabase
    ) async throws -> (link: String, expiresAt: Date) {
        let token = SecureRandom.token(prefix: "lke_")
        let expiresAt = now.addingTimeInterval(TimeInterval(Self.lifetime(of: purpose)))
        try await codes.create(
            id: Self.hash(token),
            appID: app.id,
            purpose: purpose,
            recipient: Canonical.email(email),
            userID: userID,
            codeHash: Self.hash(token),
            expiresAt: expiresAt,
            at: now,
            in: db
        )
        return (actionLink(purpose, token: token, app: app), expiresAt)
    }

    /// How long a link of `purpose` lives, in seconds.
    static func lifetime(of purpose: OneTimeCodeStore.Purpose) -> Int {
        switch purpose {
        case .resetPassword: resetLifetime
        case .restoreEmail: restoreLifetime
        default: verificationLifetime
        }
    }

    /// The link a message carries: the app's action URL (or the server's page) with `mode` and `token`.
    func actionLink(_ purpose: OneTimeCodeStore.Purpose, token: String, app: App) -> String {
        let base = app.settings.email.emailActionURL ?? issuer.current + "/v1/auth/action"
        guard var components = URLComponents(string: base) else { return base }
        let existing = components.queryItems ?? []
        components.queryItems =
            existing + [
                URLQueryItem(name: "mode", value: EmailAction.Mode(purpose).rawValue), URLQueryItem(name: "token", value: token),
            ]
        return components.string ?? base
    }

    /// Refuses a malformed address with `422 invalid_email`, as sign-up does.
    private static func requireValidEmail(_ email: String) throws {
        guard Validation.isValidEmail(email) else { throw APIError.validation([FieldError(field: "email", code: .invalidEmail)]) }
    }

    /// The stored form of a link token.
    static func hash(_ token: String) -> String {
        Digest.sha256Hex(token)
    }
}
