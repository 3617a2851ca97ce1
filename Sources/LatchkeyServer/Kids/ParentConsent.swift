import Foundation
import HTTPTypes
import LatchkeyWire
import Logging
import SQLKit

/// Parental consent for children's accounts (KWS): the request a sign-up under the consent age
/// sends to the parent, the links the parent acts through, and what each action does.
///
/// Consent changes only through a signed link sent to the parent's email: a random token stored
/// as a digest in `one_time_codes`, for one purpose (``OneTimeCodeStore/Purpose/parentConsent``
/// to grant or deny, ``OneTimeCodeStore/Purpose/parentManage`` to review, revoke or re-grant),
/// expiring, and used up by the action it carries out (opening it changes nothing). Every
/// decision is a `consent_records` row: who (the parent's address), when, what, by which method.
/// Emails to parents count per parent address and per child, per day.
struct ParentConsent: Sendable {
    let administration: UserAdministration
    let apps: AppStore
    let codes: OneTimeCodeStore
    let consents = ConsentStore()
    let driver: any StoreDriver
    let exportSources: ExportSources
    let issuer: Issuer
    let logger: Logger
    let messenger: Messenger
    let sessions: SessionStore
    let throttle: FailureThrottle
    let time: any TimeSource
    let users: UserStore

    init(backend: LatchkeyBackend) {
        self.administration = backend.administration
        self.apps = backend.apps
        self.codes = backend.codes
        self.driver = backend.driver
        self.exportSources = ExportSources(backend: backend)
        self.issuer = backend.issuer
        self.logger = backend.logger
        self.messenger = backend.messenger
        self.sessions = backend.sessions
        self.throttle = backend.throttle
        self.time = backend.time
        self.users = backend.users
    }

    /// Link lifetimes, in seconds: the request waits a week; a manage link lasts a day.
    static let requestLifetime = 7 * 86_400
    static let manageLifetime = 86_400
    /// The window of the per-parent and per-child email limits.
    static let limitWindow = 86_400

    // MARK: Requests

    /// Refuses with `429` while the parent's address or the child has reached the app's daily
    /// consent-email limit.
    func checkLimits(parentEmail: String, userID: String?, app: App) async throws {
        try await throttle.refuseWhileLocked(Self.limitKeys(parentEmail: parentEmail, userID: userID, app: app).map(\.key))
    }

    /// Opens a new child's pending consent and, when `asking`, queues the request to the parent,
    /// inside the sign-up's transaction. Call ``checkLimits(parentEmail:userID:app:)`` before and
    /// `messenger.wake()` after. An email sign-up that hides taken addresses asks only once the
    /// address is verified (``askOnceVerified(_:app:language:at:in:)``).
    func open(
        _ child: UserAccount,
        parentEmail: String,
        asking: Bool,
        app: App,
        language: Language,
        at now: Date,
        in db: any SQLDatabase
    ) async throws {
        let purgeAt = now.addingTimeInterval(TimeInterval(app.settings.kids.pendingConsentDays * 86_400))
        try await consents.open(userID: child.id, appID: app.id, parentEmail: parentEmail, purgeAt: purgeAt, at: now, in: db)
        if asking { try await sendLink(.parentConsent, to: parentEmail, child: child, app: app, language: language, at: now, in: db) }
    }

    // MARK: A date of birth after sign-up

    /// The one rule for a date of birth or country written after sign-up (`PATCH /v1/me`, the
    /// profile): when it first makes `account` — one without a consent record — younger than the
    /// consent age of its country, exactly as sign-up computes it (``ConsentAge``), the account
    /// must go under parental consent. Answers the parent email to ask then (the one the write
    /// gives, else the one stored on the account), nil when no consent is needed; throws the
    /// `422` sign-up answers (`parent_email_required`, or `invalid_parent_email` for the child's
    /// own inbox). `dateOfBirth`, `country` and `parentEmail` are the values after the write.
    /// An account with a consent record is left to ``UserStore/requireUnlocked(userID:dateOfBirth:parentEmail:in:)``.
    func parentEmailStartingConsent(
        for account: UserAccount,
        dateOfBirth: String?,
        country: String?,
        parentEmail: String?,
        app: App,
        today: Date
    ) throws -> String? {
        guard account.consent == nil,
            ConsentAge.needsConsent(dateOfBirth: dateOfBirth, country: country, settings: app.settings, today: today)
        else { return nil }
        if let error = SignUpValidator.parentEmailError(parentEmail, childEmail: account.email) { throw APIError.validation([error]) }
        return parentEmail
    }

    /// The date of birth a provider sign-up stores from the provider's birthday: none when it is
    /// under the consent age (of the app's default country, as the account has none yet). A
    /// provider sign-up has no parent email to ask, and stored it would leave a child's account
    /// with the `public` scope; the user gives the date later with a parent email (`PATCH
    /// /v1/me`), which starts consent through ``parentEmailStartingConsent(for:dateOfBirth:country:parentEmail:app:today:)``.
    static func providerDateOfBirth(_ birthday: String?, app: App, today: Date) -> String? {
        let dateOfBirth = ProfileFields.dateOfBirth(fromProvider: birthday, today: today)
        return ConsentAge.needsConsent(dateOfBirth: dateOfBirth, country: nil, settings: app.settings, today: today) ? nil : dateOfBirth
    }

    /// Puts `child` (an existing account, its row locked, just given a child's date of birth)
    /// under parental consent inside the write's transaction, as a child's sign-up does: consent
    /// pending, the request to the parent queued within the daily limits (`429` past them). Every
    /// session of the account ends, the caller's too, so no token keeps the `public` scope: the
    /// next sign-in gets restricted tokens. Call `messenger.wake()` after.
    func startAfterSignUp(
        _ child: UserAccount,
        parentEmail: String,
        app: App,
        language: Language,
        at now: Date,
        in db: any SQLDatabase
    )
        async throws
    {
        try await open(child, parentEmail: parentEmail, asking: true, app: app, language: language, at: now, in: db)
        try await sessions.revokeAll(userID: child.id, reason: "consent_required", at: now, in: db)
    }

    /// Asks the parent of a child whose sign-up waited for its email to be verified, inside the
    /// verification's transaction: `account` as it was before (still awaiting verification).
    /// The email counts against the limits but is not refused by them: the verification must not fail.
    func askOnceVerified(_ account: UserAccount, app: App, language: Language, at now: Date, in db: any SQLDatabase) async throws {
        guard account.awaitsEmailVerification, account.consent?.status == .pending, let parentEmail = account.parentEmail else { return }
        try await sendLink(
            .parentConsent,
            to: parentEmail,
            child: account,
            app: app,
            language: language,
            at: now,
            refusingPastLimits: false,
            in: db
        )
    }

    /// The child asks again (`POST /v1/me/consent/request`): a new request link replaces the old
    /// one, within the daily limits; `409 consent_not_pending` once the parent has decided.
    func resend(principal: UserPrincipal, language: Language) async throws {
        let app = principal.app
        guard let account = try await users.find(id: principal.userID, appID: app.id) else { throw APIError.invalidToken() }
        guard account.consent?.status == .pending, let parentEmail = account.parentEmail else {
            throw APIError(.conflict, .consentNotPending)
        }
        try await checkLimits(parentEmail: parentEmail, userID: account.id, app: app)
        let now = time.now()
        try await driver.write { db in
            guard try await users.lockRow(id: account.id, in: db) else { throw APIError.invalidToken() }
            try await sendLink(.parentConsent, to: parentEmail, child: account, app: app, language: language, at: now, in: db)
        }
        messenger.wake()
    }

    /// A parent asks for links to manage their children's accounts in `app`: one email per child
    /// whose parent address this is. Answers alike whether the address has children or not, and
    /// counts the send either way.
    func sendManageLinks(parentEmail: String, app: App, client: ClientInfo, language: Language) async throws {
        guard Validation.isValidEmail(parentEmail) else {
            throw APIError.validation([FieldError(field: "parentEmail", code: .invalidParentEmail)])
        }
        let recipient = Canonical.email(parentEmail)
        try await messenger.checkLimits(recipient: recipient, client: client, app: app)
        try await checkLimits(parentEmail: recipient, userID: nil, app: app)
        let now = time.now()
        try await driver.write { db in
            // The children's rows first, before the counters: the order a deletion locks them in.
            let children = try await consents.children(appID: app.id, parentEmail: recipient, in: db)
            let present = try await users.lockRows(ids: children, in: db)
            try await messenger.countSend(recipient: recipient, client: client, app: app, in: db)
            try await throttle.reserve(Self.limitKeys(parentEmail: recipient, userID: nil, app: app), window: Self.limitWindow, in: db)
            for userID in children where present.contains(userID) {
                guard let child = try await users.find(id: userID, appID: app.id, in: db) else { continue }
                try await storeLink(.parentManage, to: recipient, child: child, app: app, language: language, at: now, in: db)
            }
        }
        messenger.wake()
    }

    /// Counts one email to the parent (and, for a child, against the child's limit; `429` past
    /// either, even when parallel requests all passed ``checkLimits(parentEmail:userID:app:)``), replaces
    /// the child's unused links of `purpose` and queues a new one.
    private func sendLink(
        _ purpose: OneTimeCodeStore.Purpose,
        to parentEmail: String,
        child: UserAccount,
        app: App,
        language: Language,
        at now: Date,
        refusingPastLimits: Bool = true,
        in db: any SQLDatabase
    ) async throws {
        let keys = Self.limitKeys(parentEmail: parentEmail, userID: child.id, app: app)
        if refusingPastLimits {
            try await throttle.reserve(keys, window: Self.limitWindow, in: db)
        } else {
            try await throttle.recordFailure(keys, window: Self.limitWindow, in: db)
        }
        try await storeLink(purpose, to: parentEmail, child: child, app: app, language: language, at: now, in: db)
    }

    private func storeLink(
        _ purpose: OneTimeCodeStore.Purpose,
        to parentEmail: String,
        child: UserAccount,
        app: App,
        language: Language,
        at now: Date,
        in db: any SQLDatabase
    ) async throws {
        try await codes.revokeUnused(userID: child.id, purposes: [purpose], at: now, in: db)
        let token = SecureRandom.token(prefix: "lkc_")
        let lifetime = purpose == .parentManage ? Self.manageLifetime : Self.requestLifetime
        let expiresAt = now.addingTimeInterval(TimeInterval(lifetime))
        try await codes.create(
            id: EmailLinks.hash(token),
            appID: app.id,
            purpose: purpose,
            recipient: Canonical.email(parentEmail),
            userID: child.id,
            codeHash: EmailLinks.hash(token),
            expiresAt: expiresAt,
            at: now,
            in: db
        )
        let link = issuer.current + "/v1/consent?token=" + token
        try await messenger.queue(
            purpose,
            to: parentEmail,
            channel: .email,
            app: app,
            language: language,
            values: [
                "link": link, "child": child.username ?? child.email ?? "", "hours": String(lifetime / 3600),
                "days": String(lifetime / 86_400),
            ],
            userID: child.id,
            liveUntil: expiresAt,
            at: now,
            in: db
        )
    }

    /// The per-parent and per-child daily limits; the child's key is a digest, like every key.
    static func limitKeys(parentEmail: String, userID: String?, app: App) -> [(key: String, limit: Int)] {
        var keys = [(key: parentKey(parentEmail, appID: app.id), limit: app.settings.kids.parentEmailLimit)]
        if let userID { keys.append((childKey(userID, appID: app.id), app.settings.kids.consentRequestLimit)) }
        return keys
    }

    static func parentKey(_ parentEmail: String, appID: String) -> String {
        "consent-parent:\(appID):" + Digest.sha256Hex(Canonical.email(parentEmail))
    }

    static func childKey(_ userID: String, appID: String) -> String {
        "consent-child:\(appID):" + Digest.sha256Hex(userID)
    }

    // MARK: The parent's links

    /// What a live link lets its holder see: the child, their app and consent.
    struct Link: Sendable {
        var purpose: OneTimeCodeStore.Purpose
        var child: UserAccount
        var app: App
        var status: ConsentStatus

        /// The actions this link may carry out now.
        var actions: [ParentAction] {
            switch (purpose, status) {
            case (.parentConsent, .pending): [.grant, .deny, .delete]
            case (.parentManage, .granted): [.revoke, .delete]
            default: [.grant, .delete]
            }
        }
    }

    /// The live, unused link whose token this is; nil when it is unknown, used or expired (or
    /// its child is gone).
    func link(token: String) async throws -> Link? {
        let now = time.now()
        let hash = EmailLinks.hash(token)
        let found = try await driver.read { db -> (OneTimeCodeStore.Purpose, UserAccount)? in
            for purpose in [OneTimeCodeStore.Purpose.parentConsent, .parentManage] {
                guard let pending = try await codes.pending(tokenHash: hash, purpose: purpose, at: now, in: db),
                    let userID = pending.userID
                else { continue }
                return try await users.find(id: userID, appID: pending.appID, in: db).map { (purpose, $0) }
            }
            return nil
        }
        guard let (purpose, child) = found, let status = child.consent?.status, let app = try await apps.find(child.appID) else {
            return nil
        }
        return Link(purpose: purpose, child: child, app: app, status: status)
    }

    /// Emails the parent a fresh manage link in place of a spent one (used, expired or
    /// replaced), as the page of a spent link offers: only to the address the spent link went
    /// to while it is still the child's parent email, within the daily limits. False when the
    /// token is unknown (or swept a day after expiry) or its child is gone.
    func renew(token: String, language: Language) async throws -> Bool {
        guard let child = try await spentLinkChild(token: token), let parentEmail = child.parentEmail,
            let app = try await apps.find(child.appID)
        else { return false }
        try await checkLimits(parentEmail: parentEmail, userID: child.id, app: app)
        let now = time.now()
        let sent = try await driver.write { db in
            guard try await users.lockRow(id: child.id, in: db) else { return false }
            try await sendLink(.parentManage, to: parentEmail, child: child, app: app, language: language, at: now, in: db)
            return true
        }
        guard sent else { return false }
        messenger.wake()
        return true
    }

    /// Whether ``renew(token:language:)`` can send a fresh link for this token.
    func isRenewable(token: String) async throws -> Bool {
        try await spentLinkChild(token: token) != nil
    }

    private func spentLinkChild(token: String) async throws -> UserAccount? {
        try await driver.read { db in
            guard let spent = try await codes.spent(tokenHash: EmailLinks.hash(token), purposes: [.parentConsent, .parentManage], in: db),
                let userID = spent.userID, let child = try await users.find(id: userID, appID: spent.appID, in: db),
                child.consent != nil, child.parentEmail.map(Canonical.email) == spent.recipient
            else { return nil }
            return child
        }
    }

    /// The child's export, as the parent reviews it through a manage link.
    func export(of link: Link) async throws -> AccountExportDocument {
        try await AccountExportDocument.make(of: UserPrincipal.child(link.child, app: link.app), from: exportSources, at: time.now())
    }

    /// Uses `link` (read by ``link(token:)``) for `action`: the token is used up in the action's
    /// transaction, and an action the link may not carry out now uses nothing. False when the
    /// link may not do this, or is no longer live (another action won the race).
    func perform(_ action: ParentAction, on link: Link, token: String) async throws -> Bool {
        guard link.actions.contains(action) else { return false }
        let now = time.now()
        let child = link.child
        let parentEmail = child.parentEmail ?? ""
        // A decision that leaves the child without consent gives it as long as a request waits.
        let purgeAt = now.addingTimeInterval(TimeInterval(link.app.settings.kids.pendingConsentDays * 86_400))
        struct Stale: Error {}
        do {
            try await driver.write { db in
                // Another action of the parent's (or the child's own deletion) may have won the
                // race: then this one does nothing. The child's row is locked first, as a deletion
                // locks it before the rows it cascades to (``UserStore/lockRow(id:in:)``).
                guard try await users.lockRow(id: child.id, in: db),
                    try await codes.use(tokenHash: EmailLinks.hash(token), purposes: [link.purpose], at: now, in: db) != nil,
                    try await consents.state(userID: child.id, in: db)?.status == link.status
                else { throw Stale() }
                switch action {
                case .grant:
                    try await consents.decide(.granted, userID: child.id, parentEmail: parentEmail, purgeAt: purgeAt, at: now, in: db)
                case .deny:
                    try await consents.decide(.denied, userID: child.id, parentEmail: parentEmail, purgeAt: purgeAt, at: now, in: db)
                case .revoke:
                    // Revocation takes effect at once: the child's sessions end (their tokens stop
                    // working on every node) and the next sign-in gets the restricted scope.
                    try await consents.decide(.revoked, userID: child.id, parentEmail: parentEmail, purgeAt: purgeAt, at: now, in: db)
                    try await sessions.revokeAll(userID: child.id, reason: "consent_revoked", at: now, in: db)
                case .delete:
                    try await administration.deleteUser(userID: child.id, appID: child.appID, at: now, in: db)
                }
            }
        } catch is Stale {
            return false
        }
        logger.info("parental consent", metadata: ["action": "\(action.rawValue)", "app": "\(child.appID)"])
        return true
    }
}

/// What a parent can do through a link.
enum ParentAction: String, Sendable, CaseIterable {
    case grant, deny, revoke, delete
}

extension UserPrincipal {
    /// The child as a principal of no session, to build their export for the parent.
    static func child(_ account: UserAccount, app: App) -> UserPrincipal {
        UserPrincipal(
            claims: AccessTokenClaims(
                iss: "",
                sub: account.id,
                aud: app.clientID,
                exp: 0,
                iat: 0,
                nbf: 0,
                jti: "",
                sid: nil,
                scope: TokenMinter.scope(of: account),
                appId: app.id,
                clientId: app.clientID
            ),
            app: app
        )
    }
}
