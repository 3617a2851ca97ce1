import Foundation
import HTTPTypes
import LatchkeyWire
import Logging
import SQLKit

/// Passwordless sign-in by email (Supabase's email OTP and magic link, Firebase's email link): one
/// email carries a 6-digit code and a link, one credential valid ten minutes — using either uses
/// both — stored as digests (the row's id is the link token's SHA-256, the code's digest is bound
/// to it). Sending one replaces the address's earlier ones.
///
/// The rules are the phone PIN's (``RecipientCodeCheck``): five checks of a code, wrong codes
/// counted per address (its `+tag` aliases together) and per IP, sends limited per address and
/// per IP. Nothing tells whether the address has an account: with `createUser` (the default)
/// every address gets a code and the first sign-in makes the account, within the IP's sign-up
/// budget; without it an address with no account is sent nothing, but gets a code no guess
/// matches, so checks answer alike, and the answer does not wait for the queueing that
/// differs. A sign-in proves the address: it is verified.
struct EmailSignIn: Sendable {
    let apps: AppStore
    let check: RecipientCodeCheck
    let codes: OneTimeCodeStore
    let consent: ParentConsent
    let driver: any StoreDriver
    let links: EmailLinks
    let logger: Logger
    let messenger: Messenger
    let signIn: OneTimeSignIn
    let throttle: FailureThrottle
    let time: any TimeSource
    let users: UserStore

    init(backend: LatchkeyBackend) {
        self.apps = backend.apps
        self.check = RecipientCodeCheck(backend: backend)
        self.codes = backend.codes
        self.consent = ParentConsent(backend: backend)
        self.driver = backend.driver
        self.links = EmailLinks(backend: backend)
        self.logger = backend.logger
        self.messenger = backend.messenger
        self.signIn = OneTimeSignIn(backend: backend)
        self.throttle = backend.throttle
        self.time = backend.time
        self.users = backend.users
    }

    /// How long a code and its link live: a sign-in in progress, not a message read tomorrow.
    static let lifetime = 600

    /// Emails a code and a link to `request.email`; the same answer for every address.
    func send(_ request: EmailCodeRequest, app: App, client: ClientInfo, language: Language) async throws -> EmailCodeResponse {
        try Self.requireEnabled(app)
        guard Validation.isValidEmail(request.email) else {
            throw APIError.validation([FieldError(field: "email", code: .invalidEmail)])
        }
        let recipient = Canonical.email(request.email)
        let createUser = request.createUser ?? true
        // Looked up only when it changes what is sent; the answer does not wait for the difference.
        let account: UserAccount?
        if createUser {
            account = nil
        } else {
            account = try await driver.read { db in try await users.find(appID: app.id, email: recipient, in: db) }
        }
        let now = time.now()
        let expiresAt = now.addingTimeInterval(TimeInterval(Self.lifetime))
        let token = SecureRandom.token(prefix: "lke_")
        let id = EmailLinks.hash(token)
        let code = SecureRandom.digits(6)
        let sends = createUser || account != nil
        // An address that is sent nothing still gets a code, one no code matches: checking a
        // guess answers `invalid_code` for it as for an address with an account.
        let codeHash = sends ? RecipientCodeCheck.digest(code: code, id: id) : SecureRandom.token(prefix: "decoy_")
        let queue: @Sendable (any SQLDatabase) async throws -> Void = { db in
            try await messenger.queue(
                .emailSignIn,
                to: request.email,
                channel: .email,
                app: app,
                language: language,
                values: ["code": code, "link": links.actionLink(.emailSignIn, token: token, app: app), "minutes": String(Self.lifetime / 60)],
                userID: account?.id,
                liveUntil: expiresAt,
                at: now,
                in: db
            )
        }
        try await messenger.send(
            to: recipient,
            client: client,
            app: app,
            driver: driver,
            logger: logger,
            hidingOutcome: !createUser,
            record: { db in
                try await codes.revokeUnused(appID: app.id, recipient: recipient, purpose: .emailSignIn, at: now, in: db)
                try await codes.create(
                    id: id,
                    appID: app.id,
                    purpose: .emailSignIn,
                    recipient: recipient,
                    userID: account?.id,
                    codeHash: codeHash,
                    expiresAt: expiresAt,
                    at: now,
                    in: db
                )
            },
            deliver: sends ? queue : nil
        )
        return EmailCodeResponse(expiresIn: Self.lifetime, expiresAt: expiresAt)
    }

    /// Signs in with the code sent to `request.email`, making the account when the address has
    /// none. Returns the answer and whether a user was made.
    func verify(
        _ request: EmailCodeVerifyRequest,
        app: App,
        client: ClientInfo,
        language: Language
    ) async throws
        -> (AuthResponse, created: Bool)
    {
        try Self.requireEnabled(app)
        guard request.email.utf8.count <= 320, request.code.utf8.count <= 16 else { throw APIError(.badRequest, .codeExpired) }
        let recipient = Canonical.email(request.email)
        let failureKeys = try await check.unlockedFailureKeys(
            recipient: Canonical.emailThrottleKey(request.email),
            app: app,
            client: client
        )
        let answer = try await signIn.signIn(app: app, client: client) { db, now in
            try await check.use(
                request.code,
                purpose: .emailSignIn,
                recipient: recipient,
                app: app,
                failureKeys: failureKeys,
                at: now,
                in: db
            )
        } account: { db, now in
            try await account(of: recipient, app: app, client: client, language: language, at: now, in: db)
        }
        messenger.wake()
        return answer
    }

    /// Signs in with the link's token, for the app the link was sent for (`code_expired` for
    /// another's, as for a used one); `app` is nil for the server's own page, which serves
    /// every app.
    func signIn(
        linkToken token: String,
        app: App?,
        client: ClientInfo,
        language: Language
    ) async throws
        -> (AuthResponse, App, created: Bool)
    {
        if let app { try Self.requireEnabled(app) }
        let tokenHash = EmailLinks.hash(token)
        let now = time.now()
        guard token.utf8.count <= 256,
            let pending = try await driver.read({ db in try await codes.pending(tokenHash: tokenHash, purpose: .emailSignIn, at: now, in: db) })
        else { throw APIError(.badRequest, .codeExpired) }
        var linkApp = app
        if linkApp == nil { linkApp = try await apps.find(pending.appID) }
        guard let app = linkApp, app.id == pending.appID else { throw APIError(.badRequest, .codeExpired) }
        try Self.requireEnabled(app)
        let (answer, created) = try await signIn.signIn(app: app, client: client) { db, now in
            try await codes.use(tokenHash: tokenHash, purposes: [.emailSignIn], at: now, in: db) == nil ? .unusable : nil
        } account: { db, now in
            try await account(of: pending.recipient, app: app, client: client, language: language, at: now, in: db)
        }
        messenger.wake()
        return (answer, app, created)
    }

    /// The user of the proven address `recipient`, its email now verified, or a new one, within
    /// the client IP's sign-up budget. A child's account waiting on its address asks the parent
    /// now, as a verification link would; an account waiting on its address loses the password
    /// its unproven sign-up set (no pre-hijacking: an attacker's sign-up with someone's address
    /// does not become theirs when the owner signs in by code).
    private func account(
        of recipient: String,
        app: App,
        client: ClientInfo,
        language: Language,
        at now: Date,
        in db: any SQLDatabase
    ) async throws -> (UserAccount, created: Bool) {
        if let existing = try await users.find(appID: app.id, email: recipient, in: db) {
            if existing.awaitsEmailVerification, existing.passwordHash != nil {
                // Whoever signed up with the address chose that password, and nobody proved the
                // address then: it must not sign in beside the inbox's owner, who does now.
                try await users.setPasswordHash(nil, userID: existing.id, at: now, in: db)
            }
            try await users.markEmailVerified(userID: existing.id, email: recipient, at: now, in: db)
            try await consent.askOnceVerified(existing, app: app, language: language, at: now, in: db)
            return (try await users.find(id: existing.id, in: db) ?? existing, false)
        }
        if let ipKey = AccountService.signUpIPKey(of: client, app: app) {
            try await throttle.reserve([(ipKey, app.settings.auth.ipSignUpLimit)], window: AccountService.signUpWindowSeconds, in: db)
        }
        let user = UserStore.NewUser(
            id: SecureRandom.identifier(),
            appID: app.id,
            email: recipient,
            emailVerified: true,
            profileCreated: false,
            createdAt: now
        )
        try await users.insert(user, in: db)
        return (user.account, true)
    }

    private static func requireEnabled(_ app: App) throws {
        guard app.settings.auth.signInMethods.contains(.emailCode) else { throw APIError(.forbidden, .methodDisabled) }
    }
}
