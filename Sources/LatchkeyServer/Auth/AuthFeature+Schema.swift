import Foundation
import SQLKit

extension AuthFeature {
    static let migrations = [
        Migration(
            1,
            baseline: 1,
            [
                """
                CREATE TABLE users (
                    id TEXT PRIMARY KEY,
                    app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                    username TEXT,
                    username_canonical TEXT,
                    email TEXT,
                    email_canonical TEXT,
                    email_verified BIGINT NOT NULL DEFAULT 0,
                    password_hash TEXT,
                    date_of_birth TEXT,
                    country TEXT,
                    parent_email TEXT,
                    disabled BIGINT NOT NULL DEFAULT 0,
                    created_at BIGINT NOT NULL,
                    updated_at BIGINT NOT NULL,
                    last_sign_in_at BIGINT
                )
                """,
                "CREATE UNIQUE INDEX users_username ON users(app_id, username_canonical)",
                "CREATE UNIQUE INDEX users_email ON users(app_id, email_canonical)",
                "CREATE INDEX users_app_created ON users(app_id, created_at)",
                """
                CREATE TABLE identities (
                    app_id TEXT NOT NULL,
                    provider TEXT NOT NULL,
                    subject TEXT NOT NULL,
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    created_at BIGINT NOT NULL,
                    PRIMARY KEY (app_id, provider, subject)
                )
                """,
                "CREATE INDEX identities_user ON identities(user_id)",
                """
                CREATE TABLE sessions (
                    id TEXT PRIMARY KEY,
                    app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    created_at BIGINT NOT NULL,
                    last_used_at BIGINT NOT NULL,
                    expires_at BIGINT NOT NULL,
                    revoked_at BIGINT,
                    revoke_reason TEXT,
                    user_agent TEXT,
                    ip_address TEXT
                )
                """,
                "CREATE INDEX sessions_user ON sessions(user_id)",
                """
                CREATE TABLE refresh_tokens (
                    token_hash TEXT PRIMARY KEY,
                    session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
                    created_at BIGINT NOT NULL,
                    used_at BIGINT,
                    successor_hash TEXT,
                    successor_sealed TEXT
                )
                """,
                "CREATE INDEX refresh_tokens_session ON refresh_tokens(session_id)",
                """
                CREATE TABLE throttles (
                    key TEXT PRIMARY KEY,
                    window_start BIGINT NOT NULL,
                    failures BIGINT NOT NULL,
                    locked_until BIGINT
                )
                """,
            ]
        ),
        // Phone numbers, display names and provider identities' names and emails.
        Migration(
            2,
            baseline: 2,
            [
                "ALTER TABLE users ADD COLUMN phone TEXT",
                "ALTER TABLE users ADD COLUMN display_name TEXT",
                "ALTER TABLE users ADD COLUMN profile_created BIGINT NOT NULL DEFAULT 1",
                "CREATE UNIQUE INDEX users_phone ON users(app_id, phone)",
                // `provider` is what keys the identity: an OpenID Connect issuer URL, `facebook`,
                // `phone`, `password`; `name` is the app's name for the provider (`google`).
                "ALTER TABLE identities ADD COLUMN name TEXT",
                "ALTER TABLE identities ADD COLUMN email TEXT",
                "ALTER TABLE identities ADD COLUMN email_verified BIGINT NOT NULL DEFAULT 0",
            ]
        ),
        Migration(
            3,
            [
                // When each session last proved its user (sign-in or re-authentication; null before: created_at).
                "ALTER TABLE sessions ADD COLUMN authenticated_at BIGINT",
                // Email sign-ups of apps that hide taken emails sign in with a password once the email is verified.
                "ALTER TABLE users ADD COLUMN awaits_email_verification BIGINT NOT NULL DEFAULT 0",
            ]
        ),
        // The console's users sorted by last sign-in, a page at a time, read in the index's order
        // (the expression is the sort key `UserFilter.order` writes; both stores index expressions).
        Migration(
            4,
            ["CREATE INDEX users_app_last_sign_in ON users(app_id, (COALESCE(last_sign_in_at, 0)), id)"]
        ),
    ]

    static let tables: [OwnedTable] = [
        OwnedTable(
            name: "users",
            userData: .owned(column: "id", section: "user"),
            merge: .dropped(why: "the guest's row goes; the account keeps its own")
        ),
        OwnedTable(name: "identities", userData: .owned(column: "user_id", section: "user"), merge: .merged),
        OwnedTable(name: "sessions", userData: .owned(column: "user_id", section: "sessions"), merge: .dropped(why: "the guest's sessions end")),
        OwnedTable(
            name: "refresh_tokens",
            userData: .owned(column: "session_id", section: "sessions"),
            merge: .dropped(why: "the guest's sessions end")
        ),
        .shared("throttles", why: "failure counters per account name and per IP, swept a week after their window"),
    ]

    static let sweeps = [
        // Counters a week after their window, with no lock left.
        JanitorSweep(name: "throttles") { now in
            """
            DELETE FROM throttles WHERE window_start < \(bind: now - 7 * 86_400)
                AND (locked_until IS NULL OR locked_until < \(bind: now)) RETURNING key
            """
        },
        // Sessions (with their refresh tokens) a month after they ended.
        JanitorSweep(name: "sessions") { now in
            """
            DELETE FROM sessions WHERE expires_at < \(bind: now - 30 * 86_400)
                OR (revoked_at IS NOT NULL AND revoked_at < \(bind: now - 30 * 86_400)) RETURNING id
            """
        },
    ]

    /// The failure and send counters (wrong passwords, wrong PINs and email codes, sends) keyed by
    /// (digests of) the user's username, phone and every email they have, had or asked for — as their links and messages, deleted after this, name
    /// them; the rest goes with the user row's foreign keys.
    static func delete(_ user: UserAccount, in db: any SQLDatabase) async throws {
        let reached = try await db.raw(
            """
            SELECT recipient FROM one_time_codes WHERE user_id = \(bind: user.id)
            UNION SELECT recipient FROM outbox WHERE user_id = \(bind: user.id)
            """
        ).all().map { try $0.decode(column: "recipient", as: String.self) }
        let emails = Set(([user.email].compactMap { $0 } + reached.filter { $0.contains("@") }).map(Canonical.email))
        let accountKeys =
            emails.map { AccountService.accountKey(appID: user.appID, username: nil, email: $0) }
            + [user.username.map { AccountService.accountKey(appID: user.appID, username: $0, email: nil) }].compactMap { $0 }
        var keys = emails.flatMap { email in
            [Messenger.recipientKey(email, appID: user.appID), RecipientCodeCheck.recipientKey(Canonical.emailThrottleKey(email), appID: user.appID)]
        }
        keys += [
            user.phone.map { Messenger.recipientKey($0, appID: user.appID) },
            user.phone.map { RecipientCodeCheck.recipientKey($0, appID: user.appID) },
        ].compactMap { $0 }
        if !keys.isEmpty { try await db.raw("DELETE FROM throttles WHERE key IN (\(binds: keys))").run() }
        // A name's failures are counted per address (``AccountService/nameKey(_:client:)``): every
        // key that starts with the name's. The length is a literal so both stores type it alike.
        for accountKey in accountKeys {
            let prefix = AccountService.nameKey(accountKey, client: ClientInfo())
            try await db.raw("DELETE FROM throttles WHERE substr(key, 1, \(unsafeRaw: String(prefix.utf8.count))) = \(bind: prefix)").run()
        }
    }

    static func export(of user: UserPrincipal, from sources: ExportSources) async throws -> [String: any Encodable & Sendable] {
        guard let account = try await sources.userCache.account(id: user.userID, appID: user.app.id) else {
            throw APIError.invalidToken()
        }
        let sessions = try await sources.sessions.list(userID: user.userID, includeEnded: true, at: sources.time.now())
        return ["user": account.record, "sessions": sessions.map { $0.descriptor(current: user.sessionID) }]
    }
}

extension UniqueKey {
    /// One username per app (canonical form).
    static let username = UniqueKey(name: "users_username", table: "users", columns: ["app_id", "username_canonical"])
    /// One email per app (canonical form).
    static let email = UniqueKey(name: "users_email", table: "users", columns: ["app_id", "email_canonical"])
    /// One phone number per app.
    static let phone = UniqueKey(name: "users_phone", table: "users", columns: ["app_id", "phone"])
    /// One account per provider identity in an app (the primary key).
    static let identity = UniqueKey(name: "identities_pkey", table: "identities", columns: ["app_id", "provider", "subject"])
}
