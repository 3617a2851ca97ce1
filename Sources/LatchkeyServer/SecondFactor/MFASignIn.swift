import Foundation
import HTTPTypes
import LatchkeyWire
import SQLKit

/// `POST /v1/auth/mfa`: the second step of a sign-in that answered `mfa_required`. The
/// challenge's user gives a current authenticator code — accepted once per time step, so a code
/// seen over a shoulder cannot be replayed — or an unused recovery code, and gets the session.
///
/// Brute force is bounded twice: a challenge checks at most ``MFAChallenge/attemptLimit`` codes,
/// and wrong codes count against the user (and the client's IP) in the ``FailureThrottle``
/// across challenges. Attempt, code and session are one transaction whose conditional updates
/// let exactly one of any number of parallel completions of a challenge through.
struct MFASignIn: Sendable {
    let accounts: AccountService
    let apps: AppStore
    let box: SecretBox
    let driver: any StoreDriver
    let factors: SecondFactorService
    let throttle: FailureThrottle
    let time: any TimeSource
    let users: UserStore
    let store = SecondFactorStore()

    init(backend: LatchkeyBackend) {
        accounts = AccountService(backend: backend)
        apps = backend.apps
        box = backend.box
        driver = backend.driver
        factors = SecondFactorService(backend: backend)
        throttle = backend.throttle
        time = backend.time
        users = backend.users
    }

    private enum Outcome: Sendable {
        case spent
        case wrongCode
        /// Signed in; with the new recovery codes when the code confirmed the user's first authenticator.
        case signedIn(UserAccount, StartedSession, recoveryCodes: [String]?)
    }

    /// Completes the challenge's sign-in without a code, for a browser that remembers the
    /// challenge's user's authenticator (``RememberedBrowsers``): the challenge is spent and the
    /// session started as a code would; nil — ask for the code — when the authenticator is no
    /// longer the one remembered, or the challenge cannot be used.
    func completeRemembered(
        challenge token: String,
        remembered: RememberedBrowsers.Remembered,
        app: App,
        client: ClientInfo
    ) async throws -> AuthResponse? {
        let now = time.now()
        let challenge = try MFAChallenge.open(token, box: box, appID: app.id, at: now)
        guard remembered.userID == challenge.userID else { return nil }
        let outcome = try await driver.write { db -> (UserAccount, StartedSession)? in
            guard let authenticator = try await store.authenticator(userID: challenge.userID, in: db), authenticator.confirmed,
                RememberedBrowsers.tag(of: authenticator) == remembered.tag,
                let account = try await spendAttempt(of: challenge, app: app, in: db)
            else { return nil }
            return (account, try await signIn(account, with: challenge, app: app, client: client, at: now, in: db))
        }
        guard let (account, started) = outcome else { return nil }
        return try accounts.signedIn(account, session: started.session, refreshToken: started.refreshToken, app: app)
    }

    /// Spends one of the challenge's attempts and reads its user, in the completion's transaction:
    /// nil when the challenge has no attempt left or was used, or its account is gone or disabled.
    private func spendAttempt(of challenge: MFAChallenge, app: App, in db: any SQLDatabase) async throws -> UserAccount? {
        guard
            try await store.spendAttempt(
                challengeID: challenge.id,
                userID: challenge.userID,
                expiresAt: challenge.expiresAt,
                limit: MFAChallenge.attemptLimit,
                in: db
            ),
            let account = try await users.find(id: challenge.userID, appID: app.id, in: db), !account.disabled
        else { return nil }
        return account
    }

    /// Marks the challenge used and starts the session it stood for, in the same transaction.
    private func signIn(
        _ account: UserAccount,
        with challenge: MFAChallenge,
        app: App,
        client: ClientInfo,
        at now: Date,
        in db: any SQLDatabase
    ) async throws -> StartedSession {
        try await store.markUsed(challengeID: challenge.id, at: now, in: db)
        let (session, refreshToken) = try await accounts.startSession(userID: account.id, app: app, client: client, at: now, in: db)
        return StartedSession(session: session, refreshToken: refreshToken)
    }

    /// What a browser that proved `userID`'s authenticator remembers of it; nil without one.
    func remembered(userID: String) async throws -> RememberedBrowsers.Remembered? {
        let authenticator = try await driver.read { db in try await store.authenticator(userID: userID, in: db) }
        guard let authenticator, authenticator.confirmed else { return nil }
        return RememberedBrowsers.Remembered(userID: userID, tag: RememberedBrowsers.tag(of: authenticator))
    }

    /// The app of a challenge, for the server's own email-link page, which serves every app;
    /// `401 mfa_challenge_expired` when the token is no live challenge (or its app is gone).
    func app(ofChallenge token: String) async throws -> App {
        let challenge = try MFAChallenge.open(token, box: box, at: time.now())
        guard let app = try await apps.find(challenge.appID) else { throw MFAChallenge.expired }
        return app
    }

    /// The completion a page's single code field asks for: six digits are an authenticator
    /// code, anything else a recovery code (spaces ignored).
    static func completion(challenge: String, typed: String) -> MFACompletionRequest {
        let code = typed.filter { !$0.isWhitespace }
        let isTOTP = code.count == TOTP.digits && code.allSatisfy { $0.isASCII && $0.isNumber }
        return MFACompletionRequest(challenge: challenge, code: isTOTP ? code : nil, recoveryCode: isTOTP ? nil : code)
    }

    /// Completes the challenge's sign-in; `401 mfa_challenge_expired` for a challenge that cannot
    /// be used (any more), `401 invalid_code` for a wrong code, `429` while the user is locked.
    func complete(_ request: MFACompletionRequest, app: App, client: ClientInfo) async throws -> AuthResponse {
        guard (request.code == nil) != (request.recoveryCode == nil) else {
            throw APIError(.badRequest, .invalidRequest, fields: [FieldError(field: "code", code: .invalidRequest)])
        }
        let now = time.now()
        let challenge = try MFAChallenge.open(request.challenge, box: box, appID: app.id, at: now)
        let ipKey = try await accounts.unlockedIPKey(app: app, client: client)
        let userKey = SecondFactorService.secondFactorKey(userID: challenge.userID, app: app)
        try await throttle.refuseWhileLocked([userKey])
        let authenticator = try await driver.read { db in try await store.authenticator(userID: challenge.userID, in: db) }
        let step = try request.code.flatMap { code in
            try authenticator.flatMap { try factors.totp($0, userID: challenge.userID).matchingStep(code, at: now) }
        }
        let outcome = try await driver.write { db -> Outcome in
            guard let account = try await spendAttempt(of: challenge, app: app, in: db) else { return .spent }
            let accepted: Bool
            var recoveryCodes: [String]?
            if let recoveryCode = request.recoveryCode {
                accepted = try await store.useRecoveryCode(
                    digest: SecondFactorService.digest(ofRecoveryCode: recoveryCode),
                    userID: account.id,
                    at: now,
                    in: db
                )
            } else if let step {
                // A pending authenticator is confirmed here only when the app requires one; its
                // user gets their recovery codes now, as a confirmation by `/v1/me/mfa/totp/confirm` gives them.
                let enrolling = try await store.authenticator(userID: account.id, in: db)?.confirmed == false
                accepted = try await store.useStep(step, userID: account.id, confirming: app.settings.secondFactor.totpRequired, at: now, in: db)
                if accepted, enrolling {
                    let codes = SecondFactorService.newRecoveryCodes()
                    try await store.replaceRecoveryCodes(codes.map(SecondFactorService.digest(ofRecoveryCode:)), userID: account.id, in: db)
                    recoveryCodes = codes
                }
            } else {
                accepted = false
            }
            guard accepted else { return .wrongCode }
            let started = try await signIn(account, with: challenge, app: app, client: client, at: now, in: db)
            return .signedIn(account, started, recoveryCodes: recoveryCodes)
        }
        switch outcome {
        case .spent:
            throw MFAChallenge.expired
        case .wrongCode:
            let keys = AccountService.failureKeys([(userKey, app.settings.auth.accountFailureLimit)], ipKey: ipKey, app: app)
            try await throttle.recordFailure(keys, window: app.settings.auth.failureWindowSeconds)
            throw APIError(.unauthorized, .invalidCode)
        case .signedIn(let account, let started, let recoveryCodes):
            try await throttle.reset(userKey)
            var answer = try accounts.signedIn(account, session: started.session, refreshToken: started.refreshToken, app: app)
            answer.recoveryCodes = recoveryCodes
            return answer
        }
    }
}
