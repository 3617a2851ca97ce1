import Foundation
import HTTPTypes
import LatchkeyWire
import SQLKit

/// Sign-in by phone (Kuggle): a 6-digit PIN by SMS, valid ten minutes, at most five checks,
/// single use and bound to the request that sent it; the first verification of a number creates
/// its user, whose profile is not created yet.
///
/// Wrong PINs also count per number across all its PINs (the app's `pinFailureLimit`) and
/// per client IP (its `ipFailureLimit`, with failed sign-ins) within the failure window: a
/// locked number or IP gets `429` with `Retry-After`, even with the right PIN.
struct PhoneSignIn: Sendable {
    let codes: OneTimeCodeStore
    let driver: any StoreDriver
    let messenger: Messenger
    let throttle: FailureThrottle
    let time: any TimeSource
    let users: UserStore
    let accounts: AccountService

    init(backend: LatchkeyBackend) {
        self.codes = backend.codes
        self.driver = backend.driver
        self.messenger = backend.messenger
        self.throttle = backend.throttle
        self.time = backend.time
        self.users = backend.users
        self.accounts = AccountService(backend: backend)
    }

    /// How long a PIN lives.
    static let lifetime = 600
    /// Checks a PIN allows, right or wrong.
    static let maximumChecks = 5


    /// Sends a PIN to `phone`. The answer is the same for numbers with and without an account.
    func start(_ request: PhoneStartRequest, app: App, client: ClientInfo, language: Language) async throws -> PhoneStartResponse {
        try requirePhoneSignIn(app)
        guard let phone = PhoneNumber(request.phone) else { throw Self.invalidPhone() }
        try await messenger.checkLimits(recipient: phone.e164, client: client, app: app)
        let now = time.now()
        let requestID = SecureRandom.identifier()
        let pin = SecureRandom.digits(6)
        let expiresAt = now.addingTimeInterval(TimeInterval(Self.lifetime))
        try await driver.write { db in
            try await messenger.countSend(recipient: phone.e164, client: client, app: app, in: db)
            try await codes.create(
                id: requestID, appID: app.id, purpose: .phoneSignIn, recipient: phone.e164, userID: nil,
                codeHash: Self.digest(pin: pin, requestID: requestID), expiresAt: expiresAt, at: now, in: db)
            try await messenger.queue(
                .phoneSignIn, to: phone.e164, channel: .sms, app: app, language: language, values: ["pin": pin],
                liveUntil: expiresAt, at: now, in: db)
        }
        messenger.wake()
        return PhoneStartResponse(requestId: requestID, phone: phone.e164, expiresIn: Self.lifetime, expiresAt: expiresAt)
    }

    /// Checks a PIN; on success signs the number's user in, creating the user on first use.
    /// Returns the answer and whether a user was created.
    func verify(_ request: PhoneVerifyRequest, app: App, client: ClientInfo) async throws -> (AuthResponse, created: Bool) {
        try requirePhoneSignIn(app)
        guard let phone = PhoneNumber(request.phone) else { throw Self.invalidPhone() }
        guard request.requestId.utf8.count <= 64, request.pin.utf8.count <= 16 else { throw APIError(.badRequest, .codeExpired) }
        do {
            return try await attempt(request, phone: phone, app: app, client: client)
        } catch is UserStore.Taken {
            // Two PINs of one new number verified at once: the other made the user; sign in to it.
            return try await attempt(request, phone: phone, app: app, client: client)
        }
    }

    private enum Outcome: Sendable {
        case wrongPIN
        case unusable
        case disabled
        /// The PIN was right and the user has a second factor: the PIN is used up all the same.
        case secondFactor(APIError)
        case signedIn(UserAccount, SessionRecord, refreshToken: String, created: Bool)
    }

    private func attempt(_ request: PhoneVerifyRequest, phone: PhoneNumber, app: App, client: ClientInfo) async throws
        -> (AuthResponse, created: Bool)
    {
        let failureKeys = try await unlockedFailureKeys(phone: phone, app: app, client: client)
        let now = time.now()
        // One transaction: the check is counted even when the PIN is wrong, and the PIN, the new
        // user and the session land together or not at all.
        let outcome = try await driver.write { db -> Outcome in
            if let failure = try await usePIN(
                request.pin, requestID: request.requestId, phone: phone, app: app, failureKeys: failureKeys, at: now, in: db)
            {
                return failure
            }
            let existing = try await users.find(appID: app.id, provider: "phone", subject: phone.e164, in: db)
            let account: UserAccount
            if let existing {
                account = existing
            } else {
                let user = UserStore.NewUser(
                    id: SecureRandom.identifier(), appID: app.id, phone: phone.e164, profileCreated: false,
                    identity: UserStore.NewIdentity(provider: "phone", subject: phone.e164), createdAt: now)
                try await users.insert(user, in: db)
                account = user.account
            }
            guard !account.disabled else { return .disabled }
            do {
                let (session, refreshToken) = try await accounts.startSignIn(
                    account, created: existing == nil, app: app, client: client, at: now, in: db)
                return .signedIn(account, session, refreshToken: refreshToken, created: existing == nil)
            } catch let required as APIError where required.code == .mfaRequired {
                return .secondFactor(required)
            }
        }
        guard case .signedIn(let account, let session, let refreshToken, let created) = outcome else { throw Self.error(for: outcome) }
        return (try accounts.signedIn(account, session: session, refreshToken: refreshToken, app: app), created)
    }

    /// The answer to an outcome other than a sign-in.
    private static func error(for outcome: Outcome) -> APIError {
        switch outcome {
        case .wrongPIN: APIError(.badRequest, .invalidCode)
        case .disabled: APIError(.forbidden, .accountDisabled)
        case .secondFactor(let required): required
        case .unusable, .signedIn: APIError(.badRequest, .codeExpired)
        }
    }

    /// Counts one check of the PIN of `requestID` sent to `phone` and uses it up when it is right;
    /// the failure otherwise.
    /// The keys a wrong PIN for `phone` counts under — the number, across all its PINs, and the
    /// client's IP — after refusing with `429` while either is locked (even a right PIN).
    private func unlockedFailureKeys(phone: PhoneNumber, app: App, client: ClientInfo) async throws -> [(key: String, limit: Int)] {
        let ipKey = try await accounts.unlockedIPKey(app: app, client: client)
        let numberKey = Self.numberKey(phone.e164, appID: app.id)
        try await throttle.refuseWhileLocked([numberKey])
        return AccountService.failureKeys([(numberKey, app.settings.pinFailureLimit)], ipKey: ipKey, app: app)
    }

    /// The key under which wrong PINs for the number `e164` are counted, across all its PINs.
    static func numberKey(_ e164: String, appID: String) -> String {
        "pin-to:\(appID):" + Digest.sha256Hex(e164)
    }

    /// Counts a check of the PIN and marks it used when it matches; a wrong one counts under
    /// `failureKeys` (the number's first), a right one clears the number's count. Nil when used.
    private func usePIN(
        _ pin: String, requestID: String, phone: PhoneNumber, app: App, failureKeys: [(key: String, limit: Int)], at now: Date,
        in db: any SQLDatabase
    ) async throws -> Outcome? {
        guard
            let stored = try await codes.countCheck(
                id: requestID, appID: app.id, recipient: phone.e164, maximumChecks: Self.maximumChecks, at: now, in: db)
        else { return .unusable }
        guard Digest.equalInConstantTime(stored, Self.digest(pin: pin, requestID: requestID)) else {
            try await throttle.recordFailure(failureKeys, window: app.settings.failureWindowSeconds, in: db)
            return .wrongPIN
        }
        guard try await codes.markUsed(id: requestID, at: now, in: db) else { return .unusable }
        if let numberKey = failureKeys.first?.key { try await throttle.reset(numberKey, in: db) }
        return nil
    }

    /// Checks a PIN sent to the signed-in user's own number (re-authentication), counted,
    /// throttled and single-use like a sign-in PIN: `400 invalid_code` or `code_expired` when it does not hold.
    func prove(pin: String, requestID: String, principal: UserPrincipal, client: ClientInfo) async throws {
        guard requestID.utf8.count <= 64, pin.utf8.count <= 16,
            let phone = try await users.find(id: principal.userID, appID: principal.app.id)?.phone.flatMap(PhoneNumber.init)
        else { throw APIError(.badRequest, .codeExpired) }
        let failureKeys = try await unlockedFailureKeys(phone: phone, app: principal.app, client: client)
        let now = time.now()
        let failure = try await driver.write { db in
            try await usePIN(pin, requestID: requestID, phone: phone, app: principal.app, failureKeys: failureKeys, at: now, in: db)
        }
        if let failure { throw Self.error(for: failure) }
    }

    private func requirePhoneSignIn(_ app: App) throws {
        guard app.settings.signInMethods.contains(.phone) else { throw APIError(.forbidden, .methodDisabled) }
    }

    private static func invalidPhone() -> APIError {
        APIError(.badRequest, .invalidPhone, fields: [FieldError(field: "phone", code: .invalidPhone)])
    }

    /// The stored form of a PIN: bound to its request, so a PIN is only good for the request that sent it.
    private static func digest(pin: String, requestID: String) -> String {
        Digest.sha256Hex("latchkey-pin:\(requestID):\(pin)")
    }
}
