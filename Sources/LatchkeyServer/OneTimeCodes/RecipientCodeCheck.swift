import Foundation
import HTTPTypes
import LatchkeyWire
import SQLKit

/// Checks a 6-digit code sent to a recipient — a phone PIN, an email sign-in code — under the
/// rules SECURITY.md sets for PINs: at most ``maximumChecks`` checks of one code, right or wrong;
/// wrong codes counted per recipient across all its codes (the app's `pinFailureLimit`) and per
/// client IP (its `ipFailureLimit`, shared with failed sign-ins) within the failure window; a
/// locked recipient or IP refused with `429` even with the right code; single use.
///
/// One type for both channels so that a phone number and an email address cannot end up with
/// different rules.
struct RecipientCodeCheck: Sendable {
    let codes: OneTimeCodeStore
    let throttle: FailureThrottle
    let accounts: AccountService

    init(backend: LatchkeyBackend) {
        self.codes = backend.codes
        self.throttle = backend.throttle
        self.accounts = AccountService(backend: backend)
    }

    /// Checks a code allows, right or wrong.
    static let maximumChecks = 5

    /// Why a code was not accepted.
    enum Refusal: Sendable {
        /// The code does not match (the check was counted).
        case wrong
        /// No live code: unknown, used, expired, out of checks, or for another recipient or app.
        case unusable

        /// `400 invalid_code` or `400 code_expired`.
        var apiError: APIError {
            switch self {
            case .wrong: APIError(.badRequest, .invalidCode)
            case .unusable: APIError(.badRequest, .codeExpired)
            }
        }
    }

    /// The keys a wrong code for `recipient` counts under — the recipient, across all its codes,
    /// and the client's IP — after refusing with `429` while either is locked (even a right code).
    func unlockedFailureKeys(recipient: String, app: App, client: ClientInfo) async throws -> [(key: String, limit: Int)] {
        let ipKey = try await accounts.unlockedIPKey(app: app, client: client)
        let recipientKey = Self.recipientKey(recipient, appID: app.id)
        try await throttle.refuseWhileLocked([recipientKey])
        return AccountService.failureKeys([(recipientKey, app.settings.phone.pinFailureLimit)], ipKey: ipKey, app: app)
    }

    /// The key under which wrong codes for `recipient` (an E.164 number or a canonical email) are
    /// counted, across all its codes.
    static func recipientKey(_ recipient: String, appID: String) -> String {
        "pin-to:\(appID):" + Digest.sha256Hex(recipient)
    }

    /// Counts a check of the live `purpose` code to `recipient` (the one of request `id` when
    /// given, sent for `userID` when given) and marks it used when `code` matches; a wrong one
    /// counts under `failureKeys` (the recipient's first), a right one clears the recipient's
    /// count. Nil when used, else why not.
    func use(
        _ code: String,
        purpose: OneTimeCodeStore.Purpose,
        id: String? = nil,
        userID: String? = nil,
        recipient: String,
        app: App,
        failureKeys: [(key: String, limit: Int)],
        at now: Date,
        in db: any SQLDatabase
    ) async throws -> Refusal? {
        let live = try await codes.countCheck(
            purpose,
            id: id,
            userID: userID,
            appID: app.id,
            recipient: recipient,
            maximumChecks: Self.maximumChecks,
            at: now,
            in: db
        )
        guard !live.isEmpty else { return .unusable }
        guard let match = live.first(where: { Digest.equalInConstantTime($0.codeHash, Self.digest(code: code, id: $0.id)) }) else {
            try await throttle.recordFailure(failureKeys, window: app.settings.auth.failureWindowSeconds, in: db)
            return .wrong
        }
        guard try await codes.markUsed(id: match.id, at: now, in: db) else { return .unusable }
        if let recipientKey = failureKeys.first?.key { try await throttle.reset(recipientKey, in: db) }
        return nil
    }

    /// The stored form of a code: bound to the id of its row (a PIN's request, an email code's
    /// link), so a code is only good for the request that sent it.
    static func digest(code: String, id: String) -> String {
        Digest.sha256Hex("latchkey-pin:\(id):\(code)")
    }
}
