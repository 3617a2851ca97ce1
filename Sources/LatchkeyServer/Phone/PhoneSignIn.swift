import Foundation
import HTTPTypes
import LatchkeyWire
import Logging
import SQLKit

/// Sign-in by phone (Kuggle): a 6-digit PIN by SMS, valid ten minutes, bound to the request that
/// sent it and checked by ``RecipientCodeCheck`` (five checks, single use, wrong PINs counted per
/// number and per IP); the first verification of a number creates its user, whose profile is not
/// created yet.
struct PhoneSignIn: Sendable {
    let codes: OneTimeCodeStore
    let check: RecipientCodeCheck
    let driver: any StoreDriver
    let logger: Logger
    let messenger: Messenger
    let time: any TimeSource
    let users: UserStore
    let signIn: OneTimeSignIn

    init(backend: LatchkeyBackend) {
        self.codes = backend.codes
        self.check = RecipientCodeCheck(backend: backend)
        self.driver = backend.driver
        self.logger = backend.logger
        self.messenger = backend.messenger
        self.time = backend.time
        self.users = backend.users
        self.signIn = OneTimeSignIn(backend: backend)
    }

    /// How long a PIN lives.
    static let lifetime = 600

    /// Sends a PIN to `phone`. The answer is the same for numbers with and without an account.
    func start(_ request: PhoneStartRequest, app: App, client: ClientInfo, language: Language) async throws -> PhoneStartResponse {
        try requirePhoneSignIn(app)
        guard let phone = PhoneNumber(request.phone) else { throw Self.invalidPhone() }
        let now = time.now()
        let requestID = SecureRandom.identifier()
        let pin = SecureRandom.digits(6)
        let expiresAt = now.addingTimeInterval(TimeInterval(Self.lifetime))
        try await messenger.send(
            to: phone.e164, client: client, app: app, driver: driver, logger: logger,
            record: { db in
                try await codes.create(
                    id: requestID, appID: app.id, purpose: .phoneSignIn, recipient: phone.e164, userID: nil,
                    codeHash: RecipientCodeCheck.digest(code: pin, id: requestID), expiresAt: expiresAt, at: now, in: db)
            },
            deliver: { db in
                try await messenger.queue(
                    .phoneSignIn, to: phone.e164, channel: .sms, app: app, language: language, values: ["pin": pin],
                    liveUntil: expiresAt, at: now, in: db)
            })
        return PhoneStartResponse(requestId: requestID, phone: phone.e164, expiresIn: Self.lifetime, expiresAt: expiresAt)
    }

    /// Checks a PIN; on success signs the number's user in, creating the user on first use.
    /// Returns the answer and whether a user was created.
    func verify(_ request: PhoneVerifyRequest, app: App, client: ClientInfo) async throws -> (AuthResponse, created: Bool) {
        try requirePhoneSignIn(app)
        guard let phone = PhoneNumber(request.phone) else { throw Self.invalidPhone() }
        guard request.requestId.utf8.count <= 64, request.pin.utf8.count <= 16 else { throw APIError(.badRequest, .codeExpired) }
        let failureKeys = try await check.unlockedFailureKeys(recipient: phone.e164, app: app, client: client)
        return try await signIn.signIn(app: app, client: client) { db, now in
            try await check.use(
                request.pin, purpose: .phoneSignIn, id: request.requestId, recipient: phone.e164, app: app, failureKeys: failureKeys,
                at: now, in: db)
        } account: { db, now in
            if let existing = try await users.find(appID: app.id, provider: "phone", subject: phone.e164, in: db) { return (existing, false) }
            let user = UserStore.NewUser(
                id: SecureRandom.identifier(), appID: app.id, phone: phone.e164, profileCreated: false,
                identity: UserStore.NewIdentity(provider: "phone", subject: phone.e164), createdAt: now)
            try await users.insert(user, in: db)
            return (user.account, true)
        }
    }

    /// Checks a PIN sent to the signed-in user's own number (re-authentication), counted,
    /// throttled and single-use like a sign-in PIN: `400 invalid_code` or `code_expired` when it does not hold.
    func prove(pin: String, requestID: String, principal: UserPrincipal, client: ClientInfo) async throws {
        guard requestID.utf8.count <= 64, pin.utf8.count <= 16,
            let phone = try await users.find(id: principal.userID, appID: principal.app.id)?.phone.flatMap(PhoneNumber.init)
        else { throw APIError(.badRequest, .codeExpired) }
        let failureKeys = try await check.unlockedFailureKeys(recipient: phone.e164, app: principal.app, client: client)
        let now = time.now()
        let refusal = try await driver.write { db in
            try await check.use(
                pin, purpose: .phoneSignIn, id: requestID, recipient: phone.e164, app: principal.app, failureKeys: failureKeys,
                at: now, in: db)
        }
        if let refusal { throw refusal.apiError }
    }

    private func requirePhoneSignIn(_ app: App) throws {
        guard app.settings.signInMethods.contains(.phone) else { throw APIError(.forbidden, .methodDisabled) }
    }

    private static func invalidPhone() -> APIError {
        APIError(.badRequest, .invalidPhone, fields: [FieldError(field: "phone", code: .invalidPhone)])
    }
}
