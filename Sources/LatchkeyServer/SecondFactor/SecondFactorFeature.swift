import Foundation
import Hummingbird
import LatchkeyWire
import SQLKit

/// A second factor for app users: an authenticator app (TOTP, RFC 6238, the operators' own
/// ``TOTP``) with ten single-use recovery codes. A user who enrolled one — or every user, when
/// the app sets `totpRequired` — is answered `401 mfa_required` with a challenge by every
/// first-factor sign-in (password, PIN, provider, device; the hosted login and the OAuth password
/// grant go through the same sign-ins), and `POST /v1/auth/mfa` completes it.
struct SecondFactorFeature: Feature {
    static let id = "mfa"
    let requests: RequestReader
    let factors: SecondFactorService
    let signIn: MFASignIn

    init(backend: LatchkeyBackend) {
        requests = backend.requests
        factors = SecondFactorService(backend: backend)
        signIn = MFASignIn(backend: backend)
    }

    static let errorCodes: [ErrorCode] = [.mfaRequired, .mfaChallengeExpired, .totpNotEnrolled]

    static let settingsSection: SettingSection? = .signIn

    static let settings: [AppSetting] = [
        .boolean(
            "totpRequired",
            \SecondFactorSettings.totpRequired,
            flag: "totp-required",
            help: "Every user (guests aside) signs in with an authenticator code, enrolling one at sign-in if needed."
        )
    ]

    static let module: ModuleDeclaration? = ModuleDeclaration(title: "Second factor (TOTP)", access: .app)

    static let migrations = [
        Migration(
            1,
            [
                """
                CREATE TABLE user_totp (
                    user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
                    secret TEXT NOT NULL,
                    confirmed_at BIGINT,
                    last_step BIGINT,
                    created_at BIGINT NOT NULL
                )
                """,
                """
                CREATE TABLE recovery_codes (
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    code_hash TEXT NOT NULL,
                    used_at BIGINT,
                    PRIMARY KEY (user_id, code_hash)
                )
                """,
                """
                CREATE TABLE mfa_challenges (
                    id TEXT PRIMARY KEY,
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    expires_at BIGINT NOT NULL,
                    attempts INTEGER NOT NULL,
                    used_at BIGINT
                )
                """,
                "CREATE INDEX mfa_challenges_expiry ON mfa_challenges(expires_at)",
            ]
        )
    ]

    static let tables: [OwnedTable] = [
        OwnedTable(
            name: "user_totp",
            userData: .owned(column: "user_id", section: "secondFactor"),
            merge: .dropped(why: "a second factor guards its own account's sign-in")
        ),
        OwnedTable(
            name: "recovery_codes",
            userData: .owned(column: "user_id", section: "secondFactor"),
            merge: .dropped(why: "a second factor guards its own account's sign-in")
        ),
        OwnedTable(
            name: "mfa_challenges",
            userData: .owned(column: "user_id", section: "secondFactor"),
            merge: .dropped(why: "challenges of the guest's sign-ins expire within minutes")
        ),
    ]

    /// Challenge rows are only needed until their challenge expires.
    static let sweeps = [
        JanitorSweep(name: "mfaChallenges") { now in "DELETE FROM mfa_challenges WHERE expires_at < \(bind: now) RETURNING id" }
    ]

    static func export(of user: UserPrincipal, from sources: ExportSources) async throws -> [String: any Encodable & Sendable] {
        let status = try await sources.driver.read { db in try await SecondFactorStore().status(userID: user.userID, in: db) }
        return status.totpEnrolled ? ["secondFactor": status] : [:]
    }

    func routes(into table: inout RouteTable) {
        table.json(.post, "/v1/auth/mfa", operation: "completeMFASignIn", access: .app, body: MFACompletionRequest.self) { body, _, context in
            try await signIn.complete(body, app: try context.app, client: context.clientInfo)
        }

        table.json(
            .post,
            "/v1/auth/mfa/totp",
            operation: "enrollTOTPForSignIn",
            access: .app,
            body: MFAChallengeEnrollmentRequest.self,
            status: .created
        ) { body, _, context in
            try await factors.enroll(challenge: body.challenge, app: try context.app)
        }

        table.json(.get, "/v1/me/mfa", operation: "getSecondFactor", access: .user(.profile)) { _, context in
            try await factors.status(principal: try context.user)
        }

        table.json(.post, "/v1/me/mfa/totp", operation: "enrollTOTP", access: .user(.profile), status: .created) { _, context in
            try await factors.enroll(principal: try context.user)
        }

        table.json(.post, "/v1/me/mfa/totp/confirm", operation: "confirmTOTP", access: .user(.profile), body: TOTPConfirmationRequest.self) {
            body,
            _,
            context in
            try await factors.confirm(code: body.code, principal: try context.user, client: context.clientInfo)
        }

        table.on(.delete, "/v1/me/mfa/totp", operation: "disableTOTP", access: .user(.profile)) { _, context in
            try await factors.disable(principal: try context.user)
            return Response(status: .noContent)
        }

        table.json(.post, "/v1/me/mfa/recovery-codes", operation: "regenerateRecoveryCodes", access: .user(.profile)) { _, context in
            try await factors.regenerateRecoveryCodes(principal: try context.user)
        }
    }
}
