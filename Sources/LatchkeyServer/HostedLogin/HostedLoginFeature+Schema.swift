import Foundation
import SQLKit

extension HostedLoginFeature {
    static let migrations = [
        Migration(
            1,
            [
                // A browser session is a session of the app (so everything that ends sessions ends it)
                // reached through the `lk_session` cookie, whose digest is stored here.
                """
                CREATE TABLE login_browser_sessions (
                    session_id TEXT PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
                    app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    cookie_hash TEXT NOT NULL,
                    created_at BIGINT NOT NULL
                )
                """,
                "CREATE INDEX login_browser_sessions_cookie ON login_browser_sessions(cookie_hash, app_id)",
                """
                CREATE TABLE login_codes (
                    code_hash TEXT PRIMARY KEY,
                    app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    browser_session_id TEXT NOT NULL,
                    redirect_uri TEXT NOT NULL,
                    code_challenge TEXT NOT NULL,
                    scope TEXT NOT NULL,
                    nonce TEXT,
                    auth_time BIGINT NOT NULL,
                    created_at BIGINT NOT NULL,
                    expires_at BIGINT NOT NULL,
                    used_at BIGINT,
                    issued_session_id TEXT
                )
                """,
                "CREATE INDEX login_codes_user ON login_codes(user_id)",
                """
                CREATE TABLE login_consents (
                    app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    scope TEXT NOT NULL,
                    granted_at BIGINT NOT NULL,
                    PRIMARY KEY (app_id, user_id)
                )
                """,
            ]
        )
    ]

    static let tables: [OwnedTable] = [
        OwnedTable(
            name: "login_browser_sessions",
            userData: .owned(column: "user_id", section: "hostedLogin"),
            merge: .dropped(why: "the guest's browser sign-ins end with its sessions")
        ),
        OwnedTable(
            name: "login_codes",
            userData: .owned(column: "user_id", section: "hostedLogin"),
            merge: .dropped(why: "codes the guest was issued are spent or expire within minutes")
        ),
        OwnedTable(
            name: "login_consents",
            userData: .owned(column: "user_id", section: "hostedLogin"),
            merge: .dropped(why: "a third-party app asks the account for its own consent")
        ),
    ]

    /// Codes a day after they expired (a used code is kept that long so a replay still finds
    /// what it issued and revokes it).
    static let sweeps = [
        JanitorSweep(name: "loginCodes") { now in "DELETE FROM login_codes WHERE expires_at < \(bind: now - 86_400) RETURNING code_hash" }
    ]

    /// The user's browser sessions (when they started, not the cookie), the apps they consented
    /// to with the scopes, and codes not yet expired.
    static func export(of user: UserPrincipal, from sources: ExportSources) async throws -> [String: any Encodable & Sendable] {
        let section = try await sources.driver.read { db in
            let browser = try await db.raw(
                "SELECT session_id, created_at FROM login_browser_sessions WHERE user_id = \(bind: user.userID) ORDER BY created_at"
            ).all().map {
                ExportedBrowserSession(
                    sessionId: try $0.decode(column: "session_id", as: String.self),
                    createdAt: Date(epochSeconds: try $0.decode(column: "created_at", as: Int64.self))
                )
            }
            let consents = try await db.raw(
                """
                SELECT apps.client_id, login_consents.scope, login_consents.granted_at FROM login_consents
                JOIN apps ON apps.id = login_consents.app_id WHERE login_consents.user_id = \(bind: user.userID)
                """
            ).all().map {
                ExportedConsent(
                    clientId: try $0.decode(column: "client_id", as: String.self),
                    scope: try $0.decode(column: "scope", as: String.self),
                    grantedAt: Date(epochSeconds: try $0.decode(column: "granted_at", as: Int64.self))
                )
            }
            let codes = try await db.raw(
                "SELECT created_at, expires_at, used_at FROM login_codes WHERE user_id = \(bind: user.userID) ORDER BY created_at"
            ).all().map {
                ExportedCode(
                    createdAt: Date(epochSeconds: try $0.decode(column: "created_at", as: Int64.self)),
                    expiresAt: Date(epochSeconds: try $0.decode(column: "expires_at", as: Int64.self)),
                    used: try $0.decode(column: "used_at", as: Int64?.self) != nil
                )
            }
            return ExportedHostedLogin(browserSessions: browser, consents: consents, authorizationCodes: codes)
        }
        return ["hostedLogin": section]
    }
}

/// The hosted login's section of a user's export.
struct ExportedHostedLogin: Encodable, Sendable {
    var browserSessions: [ExportedBrowserSession]
    var consents: [ExportedConsent]
    var authorizationCodes: [ExportedCode]
}

/// A browser session, by the session it is.
struct ExportedBrowserSession: Encodable, Sendable {
    var sessionId: String
    var createdAt: Date
}

/// A third-party app the user let sign them in, with what it may know.
struct ExportedConsent: Encodable, Sendable {
    var clientId: String
    var scope: String
    var grantedAt: Date
}

/// An authorization code (the code itself is stored only as a digest).
struct ExportedCode: Encodable, Sendable {
    var createdAt: Date
    var expiresAt: Date
    var used: Bool
}
