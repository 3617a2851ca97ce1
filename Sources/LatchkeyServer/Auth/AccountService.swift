import Crypto
import Foundation
import HTTPTypes
import LatchkeyWire
import Logging
import SQLKit

/// Sign-up, sign-in, refresh and sign-out: the account flows of the JSON API and the OAuth
/// endpoints, with the throttling and enumeration rules of SECURITY.md.
struct AccountService: Sendable {
    let codes: OneTimeCodeStore
    let driver: any StoreDriver
    let hasher: PasswordHasher
    let links: EmailLinks
    let logger: Logger
    let messenger: Messenger
    let metrics: ServerMetrics
    let policy: PasswordPolicy
    let sessions: SessionStore
    let throttle: FailureThrottle
    let time: any TimeSource
    let userCache: UserCache
    let users: UserStore
    let tokens: TokenMinter
    let consent: ParentConsent
    let secondFactor: SecondFactorGate

    init(backend: LatchkeyBackend) {
        self.codes = backend.codes
        self.driver = backend.driver
        self.hasher = backend.hasher
        self.links = EmailLinks(backend: backend)
        self.logger = backend.logger
        self.messenger = backend.messenger
        self.metrics = backend.metrics
        self.policy = backend.policy
        self.sessions = backend.sessions
        self.throttle = backend.throttle
        self.time = backend.time
        self.userCache = backend.userCache
        self.users = backend.users
        self.tokens = backend.tokens
        self.consent = ParentConsent(backend: backend)
        self.secondFactor = SecondFactorGate(box: backend.box)
    }

    // MARK: Sign-up

    /// The window of the per-IP sign-up limit.
    static let signUpWindowSeconds = 3_600

    /// Creates a user and signs them in, within the client IP's hourly sign-up limit
    /// (`ipSignUpLimit`; `429` with `Retry-After` once reached). Every accepted sign-up counts —
    /// the decoy answer for a taken email too, so the limit reveals nothing — refused ones do not.
    func signUp(_ request: SignUpRequest, app: App, client: ClientInfo, language: Language) async throws -> AuthResponse {
        let ipKey = Self.signUpIPKey(of: client, app: app)
        if let ipKey { try await throttle.refuseWhileLocked([ipKey]) }
        let count = { @Sendable in
            if let ipKey { try await throttle.recordFailure([(ipKey, app.settings.auth.ipSignUpLimit)], window: Self.signUpWindowSeconds) }
        }
        do {
            let response = try await createAccount(request, app: app, client: client, language: language)
            try await count()
            return response
        } catch let required as APIError where required.code == .mfaRequired {
            // The account is made; its first session waits for the authenticator its app requires.
            try await count()
            throw required
        }
    }

    /// The key new accounts from the client's IP count under against `ipSignUpLimit` (nil without
    /// an IP): sign-ups, and guests made or upgraded, share one budget.
    static func signUpIPKey(of client: ClientInfo, app: App) -> String? {
        client.addressKey("signup-ip", app: app)
    }

    /// Creates a user and signs them in; an email sign-up of an app that hides taken emails goes
    /// through ``signUpHidingTakenEmails(_:email:emailTaken:app:client:language:at:)``.
    private func createAccount(_ request: SignUpRequest, app: App, client: ClientInfo, language: Language) async throws -> AuthResponse {
        guard request.username != nil || request.email != nil else {
            throw APIError(.badRequest, .invalidRequest, fields: [FieldError(field: "username", code: .invalidRequest)])
        }
        try requireMethods(username: request.username != nil, email: request.email != nil, app: app)
        let now = time.now()
        let validator = SignUpValidator(policy: policy, app: app, today: now)
        var errors = validator.fieldErrors(of: request)
        // Only well-formed identifiers are looked up: a malformed one cannot be taken.
        let username = request.username.flatMap { Validation.isValidUsername($0) ? $0 : nil }
        let email = request.email.flatMap { Validation.isValidEmail($0) ? $0 : nil }
        let (usernameTaken, emailTaken) = try await driver.read { db in
            let byUsername = try await username.asyncFlatMap { try await users.find(appID: app.id, username: $0, in: db) }
            let byEmail = try await email.asyncFlatMap { try await users.find(appID: app.id, email: $0, in: db) }
            return (byUsername != nil, byEmail != nil)
        }
        if usernameTaken { errors.append(FieldError(field: "username", code: .duplicateUsername)) }
        if emailTaken && app.settings.auth.revealTakenEmails { errors.append(FieldError(field: "email", code: .duplicateEmail)) }
        guard errors.isEmpty else { throw APIError.validation(errors) }
        // A child's sign-up emails the parent: within the parent's and the app's limits.
        let parentEmail = validator.needsConsent(request) ? request.parentEmail : nil
        if let parentEmail { try await consent.checkLimits(parentEmail: parentEmail, userID: nil, app: app) }

        let passwordHash = try await hasher.hash(request.password, cost: app.settings.auth.bcryptCost)
        let user = UserStore.NewUser(
            id: SecureRandom.identifier(),
            appID: app.id,
            username: request.username,
            email: request.email,
            passwordHash: passwordHash,
            dateOfBirth: request.dateOfBirth,
            country: request.country?.uppercased(),
            parentEmail: request.parentEmail,
            awaitsEmailVerification: request.email != nil && !app.settings.auth.revealTakenEmails,
            consent: parentEmail.map { _ in ConsentState(status: .pending, requestedAt: now) },
            createdAt: now
        )
        do {
            if let email = request.email, user.awaitsEmailVerification {
                return try await signUpHidingTakenEmails(
                    user,
                    email: email,
                    emailTaken: emailTaken,
                    parentEmail: parentEmail,
                    app: app,
                    client: client,
                    language: language,
                    at: now
                )
            }
            // An app that requires an authenticator answers `mfa_required` (enrollment) for the new account.
            let started = try await driver.write { db in
                try await insert(user, parentEmail: parentEmail, app: app, language: language, in: db)
                return try await startSignInCommitting(user.account, app: app, client: client, at: now, in: db)
            }
            if parentEmail != nil { messenger.wake() }
            let session = try started.get()
            let tokens = try tokens.sessionTokens(
                app: app,
                account: user.account,
                sessionID: session.session.id,
                refreshToken: session.refreshToken
            )
            return AuthResponse(user: user.account.record, session: tokens)
        } catch let taken as UserStore.Taken {
            let code: ErrorCode = taken.field == "email" ? .duplicateEmail : .duplicateUsername
            throw APIError.validation([FieldError(field: taken.field, code: code)])
        }
    }

    /// An email sign-up of an app that hides taken emails (Supabase's with confirmations on): no
    /// sequence of calls may tell a taken address from a free one. Both answer the new account
    /// without a session and hold its username; a free address gets the account, which signs in
    /// with its password once the verification link sent to the address is used; a taken one
    /// gets a notice to its owner, and the username is held by an account without the email that
    /// can never sign in. Both count one send to the address, and send nothing past its limit.
    /// A child's account (and holder) starts pending without asking the parent yet: the request
    /// goes out when the address is verified (``EmailLinks``), which a taken address never is —
    /// so the parent's inbox cannot tell a taken address from a free one either.
    private func signUpHidingTakenEmails(
        _ user: UserStore.NewUser,
        email: String,
        emailTaken: Bool,
        parentEmail: String?,
        app: App,
        client: ClientInfo,
        language: Language,
        at now: Date
    ) async throws -> AuthResponse {
        let recipient = Canonical.email(email)
        let sends = (try? await messenger.checkLimits(recipient: recipient, client: client, app: app)) != nil
        do {
            if emailTaken { throw UserStore.Taken(field: "email") }
            try await driver.write { db in
                try await insert(user, parentEmail: parentEmail, asking: false, app: app, language: language, in: db)
                try await messenger.countSend(recipient: recipient, client: client, app: app, in: db)
                if sends { try await links.storeLink(.verifyEmail, to: email, userID: user.id, app: app, language: language, at: now, in: db) }
            }
        } catch let taken as UserStore.Taken where taken.field == "email" {
            var unaddressed = user
            unaddressed.email = nil
            let holder = unaddressed
            try await driver.write { db in
                if holder.username != nil { try await insert(holder, parentEmail: parentEmail, asking: false, app: app, language: language, in: db) }
                try await messenger.countSend(recipient: recipient, client: client, app: app, in: db)
                if sends {
                    try await messenger.queue(.signUpAttempt, to: email, channel: .email, app: app, language: language, values: [:], at: now, in: db)
                }
            }
        }
        messenger.wake()
        return AuthResponse(user: user.account.record, session: nil)
    }

    /// Inserts a new user and, for a child (`parentEmail` set), opens their pending consent and,
    /// when `asking`, queues the request to the parent, inside the caller's transaction.
    private func insert(
        _ user: UserStore.NewUser,
        parentEmail: String?,
        asking: Bool = true,
        app: App,
        language: Language,
        in db: any SQLDatabase
    ) async throws {
        try await users.insert(user, in: db)
        if let parentEmail {
            try await consent.open(user.account, parentEmail: parentEmail, asking: asking, app: app, language: language, at: user.createdAt, in: db)
        }
    }

    // MARK: Sign-in

    /// Signs in with a username or email and a password.
    ///
    /// Unknown user and wrong password answer identically (one password check each, then
    /// `401 invalid_credentials`); too many failures from one IP answer `429` with `Retry-After`
    /// before any hashing. Failures of a name lock that name from that address only
    /// (``nameKey(_:client:)``), unknown names as known ones, so whoever knows a name cannot lock
    /// its owner out; a locked name answers like a wrong password without a check, since the
    /// answer does not depend on it.
    func signIn(username: String?, email: String?, password: String, app: App, client: ClientInfo) async throws -> AuthResponse {
        try requireMethods(username: username != nil, email: email != nil, app: app)
        guard username != nil || email != nil else {
            throw APIError(.badRequest, .invalidRequest, fields: [FieldError(field: "username", code: .invalidRequest)])
        }
        // No account can have a malformed email: say so (Wilddog's InvalidEmail) rather than
        // answer as for wrong credentials, which would send the user to reset a password.
        if username == nil, let email, !Validation.isValidEmail(email) {
            throw APIError.validation([FieldError(field: "email", code: .invalidEmail)])
        }
        let settings = app.settings
        let ipKey = try await unlockedIPKey(app: app, client: client)
        let accountKey = Self.accountKey(appID: app.id, username: username, email: username == nil ? email : nil)
        let nameKey = Self.nameKey(accountKey, client: client)
        // A malformed identifier cannot name an account: answer as for an unknown one, without a query.
        let wellFormed = username.map(Validation.isValidUsername) ?? email.map(Validation.isValidEmail) ?? false
        let account =
            wellFormed
            ? try await driver.read { db in
                try await users.find(appID: app.id, username: username, email: username == nil ? email : nil, in: db)
            } : nil
        let locked = try await throttle.lockRemaining(nameKey) != nil
        // An unlocked attempt costs one check: of the account's hash, or for a name with no
        // password of the app's own bcrypt at the cost of a real user's (picked by the name).
        let matches: Bool
        if locked {
            matches = false
        } else if let storedHash = account?.passwordHash {
            matches = try await hasher.verify(password, against: storedHash, cost: settings.auth.bcryptCost)
        } else {
            try await hasher.verifyDummy(like: try await dummySample(accountKey: accountKey, app: app), cost: settings.auth.bcryptCost)
            matches = false
        }

        // An account whose email awaits verification answers like a wrong password: its sign-up
        // answered like one for a taken address, whose owner's password this is not.
        guard let account, let storedHash = account.passwordHash, !locked, matches, !account.awaitsEmailVerification else {
            let keys = Self.failureKeys([(nameKey, settings.auth.accountFailureLimit)], ipKey: ipKey, app: app)
            try await throttle.recordFailure(keys, window: settings.auth.failureWindowSeconds)
            metrics.recordSignIn(outcome: locked ? "locked" : "invalid_credentials")
            if account == nil && settings.auth.revealUnknownUsers { throw APIError(.unauthorized, .userDoesNotExist) }
            throw APIError(.unauthorized, .invalidCredentials)
        }
        guard !account.disabled else {
            metrics.recordSignIn(outcome: "disabled")
            throw APIError(.forbidden, .accountDisabled)
        }
        try await throttle.reset(nameKey)
        let rehash =
            PasswordHasher.needsRehash(storedHash, cost: settings.auth.bcryptCost)
            ? try await hasher.hash(password, cost: settings.auth.bcryptCost) : nil
        let now = time.now()
        let (session, refreshToken) = try await driver.write { db in
            if let rehash { try await users.setPasswordHash(rehash, userID: account.id, at: now, in: db) }
            return try await startSignIn(account, app: app, client: client, at: now, in: db)
        }
        metrics.recordSignIn(outcome: "success")
        return try signedIn(account, session: session, refreshToken: refreshToken, app: app)
    }

    /// The key under which failed sign-ins of a name are counted: a digest of its canonical form,
    /// so no identifier is stored in the counter.
    static func accountKey(appID: String, username: String?, email: String?) -> String {
        "account:\(appID):" + Digest.sha256Hex(username.map(Canonical.username) ?? email.map(Canonical.emailThrottleKey) ?? "")
    }

    /// The key under which failed sign-ins of a name (an ``accountKey(appID:username:email:)``)
    /// from the client's address are counted: one per name and address (an IPv6 /64), so failures
    /// from one address never lock the name for another — the owner signs in from theirs while
    /// an attacker's is locked. Addressless clients share one key per name.
    static func nameKey(_ accountKey: String, client: ClientInfo) -> String {
        accountKey + "@" + (client.ipAddress.map(ClientInfo.throttleBucket(of:)) ?? "")
    }

    /// Checks a signed-in user's password (to change it, or to re-authenticate) the way sign-in
    /// checks one: a locked IP is refused, a wrong password counts against the account's names
    /// from the client's address and the IP, and the answer is `403 wrong_password` whether the
    /// password was wrong or a name locked from this address (then without a check).
    func checkPassword(_ password: String, of account: UserAccount, app: App, client: ClientInfo) async throws {
        let settings = app.settings
        let ipKey = try await unlockedIPKey(app: app, client: client)
        let accountKeys = [
            account.username.map { Self.accountKey(appID: app.id, username: $0, email: nil) },
            account.email.map { Self.accountKey(appID: app.id, username: nil, email: $0) },
        ].compactMap { $0 }.map { Self.nameKey($0, client: client) }
        var locked = false
        for key in accountKeys where try await throttle.lockRemaining(key) != nil { locked = true }
        let matches: Bool
        if locked {
            matches = false
        } else if let storedHash = account.passwordHash {
            matches = try await hasher.verify(password, against: storedHash, cost: settings.auth.bcryptCost)
        } else {
            try await hasher.verifyDummy(cost: settings.auth.bcryptCost)
            matches = false
        }
        guard matches else {
            let keys = Self.failureKeys(accountKeys.map { ($0, settings.auth.accountFailureLimit) }, ipKey: ipKey, app: app)
            try await throttle.recordFailure(keys, window: settings.auth.failureWindowSeconds)
            throw APIError(.forbidden, .wrongPassword)
        }
        for key in accountKeys { try await throttle.reset(key) }
    }

    /// The stored hash whose bcrypt cost an attempt on a name without a stored hash spends: a
    /// real user's, picked by a digest of the name (nil when the app has none). While an app's
    /// cost is changing, users keep hashes of another cost than the app's current one, so that
    /// cost alone would set unknown names apart; a sample costs what known names cost, in the
    /// same proportions, and one name always the same.
    private func dummySample(accountKey: String, app: App) async throws -> String? {
        let near = SecureRandom.identifier(encoding: Array(SHA256.hash(data: Array(accountKey.utf8))))
        return try await driver.read { db in try await users.passwordHash(appID: app.id, near: near, in: db) }
    }

    /// The key under which failed sign-ins from the client's IP are counted (nil without an IP);
    /// throws `429` with `Retry-After` while that IP is locked.
    func unlockedIPKey(app: App, client: ClientInfo) async throws -> String? {
        guard let key = client.addressKey("ip", app: app) else { return nil }
        if let remaining = try await throttle.lockRemaining(key) {
            metrics.recordSignIn(outcome: "rate_limited")
            throw APIError.rateLimited(retryAfter: remaining)
        }
        return key
    }

    /// The keys a failed attempt counts under: `subjects` (an account, a number, a client) with
    /// their limits, and the client's IP key from ``unlockedIPKey(app:client:)`` with the app's
    /// `ipFailureLimit` — one budget for every kind of failure from one address.
    static func failureKeys(_ subjects: [(key: String, limit: Int)], ipKey: String?, app: App) -> [(key: String, limit: Int)] {
        subjects + (ipKey.map { [(key: $0, limit: app.settings.auth.ipFailureLimit)] } ?? [])
    }

    /// Records a sign-in and starts a session, inside the caller's transaction. The session rests
    /// on an authentication made `authenticatedAt` (now, unless it inherits an earlier one — an
    /// authorization code carries its browser's sign-in), which the recent-authentication gate reads.
    func startSession(
        userID: String,
        app: App,
        client: ClientInfo,
        at now: Date,
        authenticatedAt: Date? = nil,
        in db: any SQLDatabase
    ) async throws -> (SessionRecord, refreshToken: String) {
        try await users.recordSignIn(userID: userID, at: now, in: db)
        return try await sessions.create(
            appID: app.id,
            userID: userID,
            lifetime: app.settings.auth.sessionTTL,
            userAgent: client.userAgent,
            ipAddress: client.ipAddress,
            at: now,
            authenticatedAt: authenticatedAt ?? now,
            in: db
        )
    }

    /// The answer to a successful sign-in: the user and fresh tokens for the session.
    func signedIn(_ account: UserAccount, session: SessionRecord, refreshToken: String, app: App) throws -> AuthResponse {
        var record = account.record
        record.lastSignInAt = session.createdAt
        let tokens = try tokens.sessionTokens(app: app, account: account, sessionID: session.id, refreshToken: refreshToken)
        return AuthResponse(user: record, session: tokens)
    }

    private func requireMethods(username: Bool, email: Bool, app: App) throws {
        if username && !app.settings.auth.signInMethods.contains(.username) { throw APIError(.forbidden, .methodDisabled) }
        if email && !app.settings.auth.signInMethods.contains(.email) { throw APIError(.forbidden, .methodDisabled) }
    }

    // MARK: Refresh and sign-out

    /// Rotates a refresh token and returns fresh tokens for its session.
    func refresh(_ refreshToken: String, app: App) async throws -> RefreshedSession {
        guard refreshToken.utf8.count <= 256 else { throw APIError(.unauthorized, .sessionExpired) }
        let rotation = try await sessions.rotate(
            refreshToken: refreshToken,
            appID: app.id,
            idleTTL: app.settings.auth.sessionIdleTTL,
            at: time.now()
        )
        switch rotation {
        case .expired:
            throw APIError(.unauthorized, .sessionExpired)
        case .reused(let sessionID):
            logger.warning("refresh token reuse; session revoked", metadata: ["session": "\(sessionID)"])
            throw APIError(.unauthorized, .sessionExpired)
        case .rotated(let session, let successor):
            guard let user = try await userCache.cached(id: session.userID, appID: app.id), !user.account.disabled else {
                throw APIError(.unauthorized, .sessionExpired)
            }
            let tokens = try tokens.sessionTokens(app: app, account: user.account, sessionID: session.id, refreshToken: successor)
            return RefreshedSession(user: user, tokens: tokens)
        }
    }

    /// Ends the session (or every session of the user) so its tokens stop working at once.
    func signOut(sessionID: String, userID: String, everywhere: Bool) async throws {
        let now = time.now()
        try await driver.write { db in
            if everywhere {
                try await sessions.revokeAll(userID: userID, reason: "sign_out_all", at: now, in: db)
            } else {
                try await sessions.revoke(sessionID: sessionID, reason: "sign_out", at: now, in: db)
            }
        }
    }

    /// Validates and stores a profile change; `null` clears an optional field. A change that
    /// first makes an account without consent a child's (a date of birth or country under the
    /// consent age) needs a parent email and starts consent, ending the account's sessions
    /// (``ParentConsent/parentEmailStartingConsent(for:dateOfBirth:country:parentEmail:app:today:)``).
    func updateProfile(_ update: UpdateUserRequest, present: Set<String>, principal: UserPrincipal, language: Language) async throws {
        var errors: [FieldError] = []
        let today = time.now()
        if present.contains("username"), !(update.username.map(Validation.isValidUsername) ?? false) {
            errors.append(FieldError(field: "username", code: .invalidUsername))
        }
        errors += SignUpValidator.profileErrors(
            dateOfBirth: update.dateOfBirth,
            country: update.country,
            parentEmail: update.parentEmail,
            today: today
        )
        guard errors.isEmpty else { throw APIError.validation(errors) }
        @Sendable func change(_ field: String, _ value: String?) -> String?? { present.contains(field) ? .some(value) : .none }
        let app = principal.app
        do {
            let startedConsent = try await driver.write { db in
                guard try await users.lockRow(id: principal.userID, in: db),
                    let account = try await users.find(id: principal.userID, appID: app.id, in: db)
                else { throw APIError.invalidToken() }
                let dateOfBirth = change("dateOfBirth", update.dateOfBirth)
                let country = change("country", update.country?.uppercased())
                let parentEmail = change("parentEmail", update.parentEmail)
                let asking = try consent.parentEmailStartingConsent(
                    for: account,
                    dateOfBirth: dateOfBirth ?? account.dateOfBirth,
                    country: country ?? account.country,
                    parentEmail: parentEmail ?? account.parentEmail,
                    app: app,
                    today: today
                )
                try await users.update(
                    id: account.id,
                    username: change("username", update.username),
                    dateOfBirth: dateOfBirth,
                    country: country,
                    parentEmail: parentEmail,
                    at: today,
                    in: db
                )
                guard let asking, let child = try await users.find(id: account.id, appID: app.id, in: db) else { return false }
                try await consent.startAfterSignUp(child, parentEmail: asking, app: app, language: language, at: today, in: db)
                return true
            }
            if startedConsent { messenger.wake() }
        } catch is UserStore.Taken {
            throw APIError.validation([FieldError(field: "username", code: .duplicateUsername)])
        } catch let locked as UserStore.Locked {
            throw locked.apiError
        }
    }

    /// Ends a session whose token a client revoked (RFC 7009).
    func revoke(sessionID: String) async throws {
        let now = time.now()
        try await driver.write { db in try await sessions.revoke(sessionID: sessionID, reason: "revoked", at: now, in: db) }
    }

    /// Changes the password after checking the current one (throttled like sign-in); ends every
    /// other session and every outstanding email link.
    func changePassword(_ request: ChangePasswordRequest, principal: UserPrincipal, client: ClientInfo) async throws {
        guard let account = try await users.find(id: principal.userID, appID: principal.app.id) else {
            throw APIError.invalidToken()
        }
        try await checkPassword(request.currentPassword, of: account, app: principal.app, client: client)
        let validator = SignUpValidator(policy: policy, app: principal.app, today: time.now())
        let errors = validator.passwordErrors(
            request.newPassword,
            username: account.username,
            email: account.email,
            field: "newPassword"
        )
        guard errors.isEmpty else { throw APIError.validation(errors) }
        let hash = try await hasher.hash(request.newPassword, cost: principal.app.settings.auth.bcryptCost)
        let now = time.now()
        try await driver.write { db in
            try await users.setPasswordHash(hash, userID: account.id, at: now, in: db)
            try await sessions.revokeAll(
                userID: account.id,
                keeping: principal.sessionID,
                reason: "password_changed",
                at: now,
                in: db
            )
            try await codes.revokeUnused(userID: account.id, purposes: OneTimeCodeStore.Purpose.addressLinks, at: now, in: db)
        }
    }
}

extension Optional {
    /// `flatMap` with an async transform.
    func asyncFlatMap<T>(_ transform: (Wrapped) async throws -> T?) async rethrows -> T? {
        guard let value = self else { return nil }
        return try await transform(value)
    }
}
