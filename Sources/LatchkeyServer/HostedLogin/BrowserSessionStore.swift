import Foundation
import Hummingbird
import LatchkeyWire
import SQLKit

/// The browser session: what lets a second authorization request sign the user in without a
/// password. The browser holds a random `lk_session` cookie; the server keeps its digest beside
/// a session of each app the browser signed in to. Those are ordinary sessions (listed with the
/// user's, ended by sign-out everywhere, disabling, deletion and a password change, expiring
/// with the app's `sessionTTL` and `sessionIdleTTL`); their refresh tokens never leave the server.
struct BrowserSessionStore: Sendable {
    let driver: any StoreDriver
    let sessions: SessionStore
    let secureCookies: Bool

    init(backend: LatchkeyBackend) {
        self.driver = backend.driver
        self.sessions = backend.sessions
        self.secureCookies = backend.issuer.current.hasPrefix("https:")
    }

    /// The cookie's name.
    static let cookieName = "lk_session"

    /// The live browser session of `app` the browser's `cookie` names, its use recorded (the idle
    /// timeout counts from it).
    func find(cookie: String?, app: App, at now: Date) async throws -> SessionRecord? {
        guard let cookie else { return nil }
        let session = try await driver.read { db in
            try await db.raw(
                """
                SELECT session_id FROM login_browser_sessions
                WHERE cookie_hash = \(bind: Digest.sha256Hex(cookie)) AND app_id = \(bind: app.id)
                """
            ).first()?.decode(column: "session_id", as: String.self)
        }
        guard let session, let record = try await sessions.find(id: session),
            record.isLive(at: now, idleTTL: app.settings.auth.sessionIdleTTL)
        else { return nil }
        try await driver.write { db in
            try await db.raw("UPDATE sessions SET last_used_at = \(bind: now.epochSeconds) WHERE id = \(bind: record.id)").run()
        }
        return record
    }

    /// Makes `sessionID` (just started by a sign-in) the browser's session of `app` under a new
    /// cookie — rotated at every sign-in, so a cookie planted before it is worth nothing after.
    /// The browser's sessions of other apps move to the new cookie; its earlier session of this
    /// app ends. Returns the cookie to set.
    func adopt(sessionID: String, userID: String, app: App, replacing cookie: String?, at now: Date) async throws -> Cookie {
        let value = SecureRandom.token(prefix: "")
        let hash = Digest.sha256Hex(value)
        let previous = cookie.map(Digest.sha256Hex)
        try await driver.write { db in
            if let previous {
                try await endSessions(cookieHash: previous, app: app, reason: "browser_sign_in", at: now, in: db)
                try await db.raw("UPDATE login_browser_sessions SET cookie_hash = \(bind: hash) WHERE cookie_hash = \(bind: previous)").run()
            }
            try await db.raw(
                """
                INSERT INTO login_browser_sessions (session_id, app_id, user_id, cookie_hash, created_at)
                VALUES (\(bind: sessionID), \(bind: app.id), \(bind: userID), \(bind: hash), \(bind: now.epochSeconds))
                """
            ).run()
        }
        return Self.cookie(value, maxAge: app.settings.auth.sessionTTL, secure: secureCookies)
    }

    /// Makes the session that `answer` (a sign-in by a page) started the browser's session of
    /// `app`, as ``adopt(sessionID:userID:app:replacing:at:)`` does; returns it with the cookie to
    /// set, nil when the answer started no session.
    func adopt(_ answer: AuthResponse, app: App, replacing cookie: String?, at now: Date) async throws -> (SessionRecord, Cookie)? {
        guard let refreshToken = answer.session?.refreshToken, let sessionID = try await sessions.sessionID(ofRefreshToken: refreshToken),
            let session = try await sessions.find(id: sessionID)
        else { return nil }
        return (session, try await adopt(sessionID: session.id, userID: session.userID, app: app, replacing: cookie, at: now))
    }

    /// Ends the browser's session of `app` (RP-initiated logout); the cookie stays for other apps.
    func end(cookie: String?, app: App, at now: Date) async throws {
        guard let cookie else { return }
        try await driver.write { db in
            try await endSessions(cookieHash: Digest.sha256Hex(cookie), app: app, reason: "browser_sign_out", at: now, in: db)
        }
    }

    /// Ends the sessions of `app` that the browser whose cookie has this hash holds, and forgets them.
    private func endSessions(cookieHash: String, app: App, reason: String, at now: Date, in db: any SQLDatabase) async throws {
        let ids = try await db.raw(
            "SELECT session_id FROM login_browser_sessions WHERE cookie_hash = \(bind: cookieHash) AND app_id = \(bind: app.id)"
        ).all().map { try $0.decode(column: "session_id", as: String.self) }
        for id in ids {
            try await sessions.revoke(sessionID: id, reason: reason, at: now, in: db)
            try await db.raw("DELETE FROM login_browser_sessions WHERE session_id = \(bind: id)").run()
        }
    }

    /// `lk_session`: HttpOnly (no script reads it), `SameSite=Lax` (sent on top-level navigations
    /// from the app, not on other sites' subrequests or posts), `Secure` when the server is reached over https.
    private static func cookie(_ value: String, maxAge: Int, secure: Bool) -> Cookie {
        Cookie(name: cookieName, value: value, maxAge: maxAge, path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }

    /// The browser's `lk_session` cookie, when it is one this server could have set.
    static func cookie(of request: Request) -> String? {
        guard let value = request.cookies[cookieName]?.value, (32...64).contains(value.count),
            value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else { return nil }
        return value
    }
}
