import Foundation
import HTTPTypes
import LatchkeyWire
import SQLKit

/// A user's authenticator (TOTP, RFC 6238) and recovery codes: enrolling one — the secret shown
/// once, in effect after a first code — disabling it, new recovery codes, and an operator's reset.
///
/// Enrolling, disabling and new recovery codes need a recent authentication (a stolen access
/// token must not lock the user out or read their codes). Wrong codes count against the user's
/// ``secondFactorKey(userID:app:)`` in the ``FailureThrottle``, shared with sign-in's second step.
struct SecondFactorService: Sendable {
    let box: SecretBox
    let driver: any StoreDriver
    let recent: RecentAuthentication
    let throttle: FailureThrottle
    let time: any TimeSource
    let users: UserStore
    let store = SecondFactorStore()

    init(backend: LatchkeyBackend) {
        box = backend.box
        driver = backend.driver
        recent = RecentAuthentication(sessions: backend.sessions, time: backend.time)
        throttle = backend.throttle
        time = backend.time
        users = backend.users
    }

    /// Recovery codes per user.
    static let recoveryCodeCount = 10

    /// Starts an enrollment for the signed-in user: a new secret, waiting for its first code.
    func enroll(principal: UserPrincipal) async throws -> TOTPEnrollment {
        try await recent.require(principal)
        return try await enroll(userID: principal.userID, app: principal.app)
    }

    /// Starts an enrollment for the user of an `mfa_required` challenge whose app requires a
    /// second factor they have none of; the challenge's code then confirms it.
    func enroll(challenge token: String, app: App) async throws -> TOTPEnrollment {
        let challenge = try MFAChallenge.open(token, box: box, appID: app.id, at: time.now())
        return try await enroll(userID: challenge.userID, app: app)
    }

    private func enroll(userID: String, app: App) async throws -> TOTPEnrollment {
        let totp = TOTP.generate()
        let sealed = try box.seal(totp.secret, context: Self.secretContext(userID))
        let now = time.now()
        let account = try await driver.write { db -> UserAccount in
            guard let account = try await users.find(id: userID, appID: app.id, in: db) else { throw APIError.invalidToken() }
            guard try await store.storePending(sealedSecret: sealed, userID: userID, at: now, in: db) else {
                throw APIError(.conflict, .totpAlreadyEnrolled)
            }
            return account
        }
        let label = account.username ?? account.email ?? account.phone ?? account.id
        return TOTPEnrollment(secret: totp.base32, uri: totp.uri(account: label, issuer: app.name))
    }

    /// Confirms the signed-in user's new authenticator with its first code and answers their
    /// first recovery codes; `400 invalid_code` for a wrong or replayed code.
    func confirm(code: String, principal: UserPrincipal, client: ClientInfo) async throws -> RecoveryCodes {
        let key = Self.secondFactorKey(userID: principal.userID, app: principal.app)
        try await throttle.refuseWhileLocked([key])
        let now = time.now()
        let codes = Self.newRecoveryCodes()
        let confirmed = try await driver.write { db -> Bool? in
            guard let pending = try await store.authenticator(userID: principal.userID, in: db) else { return nil }
            guard !pending.confirmed else { throw APIError(.conflict, .totpAlreadyEnrolled) }
            guard let step = try totp(pending, userID: principal.userID).matchingStep(code, at: now),
                try await store.useStep(step, userID: principal.userID, confirming: true, at: now, in: db)
            else { return false }
            try await store.replaceRecoveryCodes(codes.map { Self.digest(ofRecoveryCode: $0) }, userID: principal.userID, in: db)
            return true
        }
        guard let confirmed else { throw APIError(.conflict, .totpNotEnrolled) }
        guard confirmed else {
            try await throttle.recordFailure(
                [(key, principal.app.settings.auth.accountFailureLimit)],
                window: principal.app.settings.auth.failureWindowSeconds
            )
            throw APIError(.badRequest, .invalidCode)
        }
        return RecoveryCodes(codes: codes)
    }

    /// Removes the signed-in user's authenticator and recovery codes; `409 totp_not_enrolled` without one.
    func disable(principal: UserPrincipal) async throws {
        try await recent.require(principal)
        guard try await driver.write({ db in try await store.remove(userID: principal.userID, in: db) }) else {
            throw APIError(.conflict, .totpNotEnrolled)
        }
    }

    /// Replaces the signed-in user's recovery codes; `409 totp_not_enrolled` without an authenticator.
    func regenerateRecoveryCodes(principal: UserPrincipal) async throws -> RecoveryCodes {
        try await recent.require(principal)
        let codes = Self.newRecoveryCodes()
        try await driver.write { db in
            guard try await store.authenticator(userID: principal.userID, in: db)?.confirmed == true else {
                throw APIError(.conflict, .totpNotEnrolled)
            }
            try await store.replaceRecoveryCodes(codes.map { Self.digest(ofRecoveryCode: $0) }, userID: principal.userID, in: db)
        }
        return RecoveryCodes(codes: codes)
    }

    /// The signed-in user's second factor.
    func status(principal: UserPrincipal) async throws -> SecondFactorStatus {
        var status = try await driver.read { db in try await store.status(userID: principal.userID, in: db) }
        status.required = status.required || principal.app.settings.secondFactor.totpRequired
        return status
    }

    // MARK: Shared with sign-in

    /// The authenticator of a stored row.
    func totp(_ authenticator: SecondFactorStore.Authenticator, userID: String) throws -> TOTP {
        TOTP(secret: Array(try box.open(authenticator.sealedSecret, context: Self.secretContext(userID))))
    }

    /// The throttle key of a user's wrong second-factor codes.
    static func secondFactorKey(userID: String, app: App) -> String {
        "mfa:\(app.id):\(userID)"
    }

    /// The stored digest of a recovery code, as typed (any case, with or without its dash).
    static func digest(ofRecoveryCode code: String) -> String {
        Digest.sha256Hex("latchkey-recovery-code:" + code.lowercased().filter { $0 != "-" && !$0.isWhitespace })
    }

    /// Ten new codes of ten base32 characters (50 bits each, enough behind a password and a
    /// throttled challenge), written `xxxxx-xxxxx`.
    static func newRecoveryCodes() -> [String] {
        (0..<recoveryCodeCount).map { _ in
            let text = Base32.encode(SecureRandom.bytes(7)).prefix(10).lowercased()
            return text.prefix(5) + "-" + text.suffix(5)
        }
    }

    private static func secretContext(_ userID: String) -> String { "user_totp:\(userID):secret" }
}
