import Foundation
import HTTPTypes
import LatchkeyWire
import SQLKit

/// Sign-in by phone (Kuggle): a 6-digit PIN by SMS, valid ten minutes, bound to the request that
/// sent it and checked by ``RecipientCodeCheck`` (five checks, single use, wrong PINs counted per
/// number and per IP); the first verification of a number creates its user, whose profile is not
/// created yet.
struct PhoneSignIn: Sendable {
    let pins: PhonePINs
    let check: RecipientCodeCheck
    let driver: any StoreDriver
    let time: any TimeSource
    let users: UserStore
    let signIn: OneTimeSignIn

    init(backend: LatchkeyBackend) {
        self.pins = PhonePINs(backend: backend)
        self.check = RecipientCodeCheck(backend: backend)
        self.driver = backend.driver
        self.time = backend.time
        self.users = backend.users
        self.signIn = OneTimeSignIn(backend: backend)
    }

    /// Sends a PIN to `phone`. The answer is the same for numbers with and without an account.
    func start(_ request: PhoneStartRequest, app: App, client: ClientInfo, language: Language) async throws -> PhoneStartResponse {
        try Self.requirePhoneSignIn(app)
        guard let phone = PhoneNumber(request.phone) else { throw Self.invalidPhone() }
        return try await pins.send(to: phone, purpose: .phoneSignIn, userID: nil, app: app, client: client, language: language)
    }

    /// Checks a PIN; on success signs the number's user in, creating the user on first use.
    /// Returns the answer and whether a user was created.
    func verify(_ request: PhoneVerifyRequest, app: App, client: ClientInfo) async throws -> (AuthResponse, created: Bool) {
        try Self.requirePhoneSignIn(app)
        let phone = try request.checkedPhone()
        let failureKeys = try await check.unlockedFailureKeys(recipient: phone.e164, app: app, client: client)
        return try await signIn.signIn(app: app, client: client) { db, now in
            try await check.use(
                request.pin,
                purpose: .phoneSignIn,
                id: request.requestId,
                recipient: phone.e164,
                app: app,
                failureKeys: failureKeys,
                at: now,
                in: db
            )
        } account: { db, now in
            if let existing = try await users.find(appID: app.id, provider: UserStore.phoneProvider, subject: phone.e164, in: db) {
                return (existing, false)
            }
            let user = UserStore.NewUser(
                id: SecureRandom.identifier(),
                appID: app.id,
                phone: phone.e164,
                profileCreated: false,
                identity: UserStore.NewIdentity(provider: UserStore.phoneProvider, subject: phone.e164),
                createdAt: now
            )
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
                pin,
                purpose: .phoneSignIn,
                id: requestID,
                recipient: phone.e164,
                app: principal.app,
                failureKeys: failureKeys,
                at: now,
                in: db
            )
        }
        if let refusal { throw refusal.apiError }
    }

    /// Refuses with `403 method_disabled` unless the app signs users in by phone.
    static func requirePhoneSignIn(_ app: App) throws {
        guard app.settings.auth.signInMethods.contains(.phone) else { throw APIError(.forbidden, .methodDisabled) }
    }

    /// `400 invalid_phone`, naming the field.
    static func invalidPhone() -> APIError {
        APIError(.badRequest, .invalidPhone, fields: [FieldError(field: "phone", code: .invalidPhone)])
    }
}
