import Foundation
import SQLKit

/// Authorization codes (RFC 6749 §4.1.2): stored as digests, living ``lifetime`` seconds, bound
/// to the client, the redirect URI, the PKCE challenge and the browser session they came from,
/// used at most once however many redemptions race.
struct AuthorizationCodeStore: Sendable {
    let driver: any StoreDriver

    /// How long a code may be redeemed (RFC 6749 §4.1.2 recommends at most 10 minutes; a client
    /// redeems at once).
    static let lifetime: TimeInterval = 60

    /// What a code stands for.
    struct Grant: Sendable {
        var appID: String
        var userID: String
        /// The browser session the user signed in with.
        var browserSessionID: String
        var redirectURI: String
        var codeChallenge: String
        /// Space-separated.
        var scope: String
        var nonce: String?
        /// When the user last signed in (OpenID Connect's `auth_time`).
        var authTime: Date
    }

    /// What a redemption came to.
    enum Redemption: Sendable {
        /// The code was good and is now used: the caller issues its tokens in `db`'s transaction.
        case redeemed(Grant)
        /// Unknown, expired, or another client's.
        case invalid
        /// Used before; what it issued was revoked.
        case reused
    }

    /// Stores a new code for `grant` and returns it.
    func issue(_ grant: Grant, at now: Date) async throws -> String {
        let code = SecureRandom.token(prefix: "lkc_")
        try await driver.write { db in
            try await db.raw(
                """
                INSERT INTO login_codes (code_hash, app_id, user_id, browser_session_id, redirect_uri, code_challenge, scope,
                                         nonce, auth_time, created_at, expires_at)
                VALUES (\(bind: Digest.sha256Hex(code)), \(bind: grant.appID), \(bind: grant.userID), \(bind: grant.browserSessionID),
                        \(bind: grant.redirectURI), \(bind: grant.codeChallenge), \(bind: grant.scope), \(bind: grant.nonce),
                        \(bind: grant.authTime.epochSeconds), \(bind: now.epochSeconds),
                        \(bind: now.addingTimeInterval(Self.lifetime).epochSeconds))
                """
            ).run()
        }
        return code
    }

    /// Claims `code` for the app `appID` and, when it was good, runs `issue` in the same
    /// transaction, recording the session it returns as what the code issued. The claim is one
    /// conditional `UPDATE`, so of redemptions racing exactly one gets the grant; any other
    /// finds the code used (once the winner has committed) and revokes the session it issued
    /// (RFC 6749 §4.1.2: a code used twice revokes the tokens it gave).
    func redeem<T: Sendable>(
        _ code: String,
        appID: String,
        at now: Date,
        sessions: SessionStore,
        issue: @Sendable @escaping (Grant, any SQLDatabase) async throws -> (T, sessionID: String?)
    ) async throws -> (Redemption, T?) {
        guard code.utf8.count <= 256 else { return (.invalid, nil) }
        let hash = Digest.sha256Hex(code)
        return try await driver.write { db in
            let claimed = try await db.raw(
                """
                UPDATE login_codes SET used_at = \(bind: now.epochSeconds)
                WHERE code_hash = \(bind: hash) AND used_at IS NULL AND app_id = \(bind: appID) AND expires_at > \(bind: now.epochSeconds)
                RETURNING app_id, user_id, browser_session_id, redirect_uri, code_challenge, scope, nonce, auth_time
                """
            ).first()
            guard let row = claimed else {
                let used = try await db.raw(
                    "SELECT issued_session_id FROM login_codes WHERE code_hash = \(bind: hash) AND used_at IS NOT NULL"
                ).first()
                guard let used else { return (.invalid, nil) }
                if let issued = try used.decode(column: "issued_session_id", as: String?.self) {
                    try await sessions.revoke(sessionID: issued, reason: "authorization_code_reuse", at: now, in: db)
                }
                return (.reused, nil)
            }
            let grant = Grant(
                appID: try row.decode(column: "app_id", as: String.self),
                userID: try row.decode(column: "user_id", as: String.self),
                browserSessionID: try row.decode(column: "browser_session_id", as: String.self),
                redirectURI: try row.decode(column: "redirect_uri", as: String.self),
                codeChallenge: try row.decode(column: "code_challenge", as: String.self),
                scope: try row.decode(column: "scope", as: String.self),
                nonce: try row.decode(column: "nonce", as: String?.self),
                authTime: Date(epochSeconds: try row.decode(column: "auth_time", as: Int64.self))
            )
            let (value, sessionID) = try await issue(grant, db)
            if let sessionID {
                try await db.raw("UPDATE login_codes SET issued_session_id = \(bind: sessionID) WHERE code_hash = \(bind: hash)").run()
            }
            return (.redeemed(grant), value)
        }
    }
}
