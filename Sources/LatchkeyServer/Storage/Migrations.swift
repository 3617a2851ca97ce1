import Foundation
import Logging
import SQLKit

/// The schema, versioned in code. Each migration runs in its own transaction and is recorded in
/// `schema_migrations`; a migration never changes once released. Column types are chosen to mean
/// the same in SQLite and PostgreSQL (TEXT, BIGINT; booleans as 0/1, times as Unix seconds).
enum Migrations {
    struct Migration: Sendable {
        var version: Int
        var statements: [String]
    }

    static let all: [Migration] = [
        Migration(version: 1, statements: [
            """
            CREATE TABLE apps (
                id TEXT PRIMARY KEY,
                client_id TEXT NOT NULL UNIQUE,
                name TEXT NOT NULL,
                settings TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL
            )
            """,
            """
            CREATE TABLE client_secrets (
                id TEXT PRIMARY KEY,
                app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                secret_hash TEXT NOT NULL UNIQUE,
                created_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX client_secrets_app ON client_secrets(app_id)",
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
            CREATE TABLE signing_keys (
                kid TEXT PRIMARY KEY,
                algorithm TEXT NOT NULL,
                private_key TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                retired_at BIGINT
            )
            """,
            """
            CREATE TABLE change_events (
                id TEXT PRIMARY KEY,
                kind TEXT NOT NULL,
                subject TEXT NOT NULL,
                created_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX change_events_created ON change_events(created_at)",
            """
            CREATE TABLE throttles (
                key TEXT PRIMARY KEY,
                window_start BIGINT NOT NULL,
                failures BIGINT NOT NULL,
                locked_until BIGINT
            )
            """,
        ]),
        // Phone PINs, email links, external identities, the message outbox.
        Migration(version: 2, statements: [
            "ALTER TABLE users ADD COLUMN phone TEXT",
            "ALTER TABLE users ADD COLUMN display_name TEXT",
            "ALTER TABLE users ADD COLUMN profile_created BIGINT NOT NULL DEFAULT 1",
            "CREATE UNIQUE INDEX users_phone ON users(app_id, phone)",
            // `provider` is what keys the identity: an OpenID Connect issuer URL, `facebook`,
            // `phone`, `password`; `name` is the app's name for the provider (`google`).
            "ALTER TABLE identities ADD COLUMN name TEXT",
            "ALTER TABLE identities ADD COLUMN email TEXT",
            "ALTER TABLE identities ADD COLUMN email_verified BIGINT NOT NULL DEFAULT 0",
            """
            CREATE TABLE one_time_codes (
                id TEXT PRIMARY KEY,
                app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                purpose TEXT NOT NULL,
                recipient TEXT NOT NULL,
                user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
                code_hash TEXT NOT NULL,
                attempts BIGINT NOT NULL DEFAULT 0,
                created_at BIGINT NOT NULL,
                expires_at BIGINT NOT NULL,
                used_at BIGINT
            )
            """,
            "CREATE INDEX one_time_codes_expiry ON one_time_codes(expires_at)",
            """
            CREATE TABLE outbox (
                id TEXT PRIMARY KEY,
                app_id TEXT,
                channel TEXT NOT NULL,
                purpose TEXT NOT NULL,
                recipient TEXT NOT NULL,
                subject TEXT,
                body TEXT NOT NULL,
                sender TEXT NOT NULL,
                status TEXT NOT NULL,
                attempts BIGINT NOT NULL DEFAULT 0,
                next_attempt_at BIGINT NOT NULL,
                lease_until BIGINT,
                last_error TEXT,
                provider_message_id TEXT,
                created_at BIGINT NOT NULL,
                sent_at BIGINT
            )
            """,
            "CREATE INDEX outbox_due ON outbox(status, next_attempt_at)",
            "CREATE INDEX outbox_created ON outbox(created_at)",
        ]),
        // Sequenced change events (see ChangeFeed): numbered from the one-row commit-ordered counter
        // `change_sequence`. The timestamp-ordered events of version 1 are only useful to the
        // poller they replace, so they go.
        Migration(version: 3, statements: [
            "DROP TABLE change_events",
            """
            CREATE TABLE change_events (
                sequence BIGINT PRIMARY KEY,
                kind TEXT NOT NULL,
                subject TEXT NOT NULL,
                payload TEXT,
                created_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX change_events_created ON change_events(created_at)",
            "CREATE TABLE change_sequence (id BIGINT PRIMARY KEY, value BIGINT NOT NULL)",
            "INSERT INTO change_sequence (id, value) VALUES (1, 0)",
        ]),
    ]

    /// Applies every migration not yet recorded; returns the versions applied.
    @discardableResult
    static func apply(to driver: any StoreDriver, logger: Logger) async throws -> [Int] {
        try await driver.withMigrationLock { try await applyUnlocked(to: driver, logger: logger) }
    }

    private static func applyUnlocked(to driver: any StoreDriver, logger: Logger) async throws -> [Int] {
        try await driver.write { db in
            try await db.raw(
                "CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, applied_at BIGINT NOT NULL)"
            ).run()
        }
        var applied: [Int] = []
        for migration in all {
            let didApply = try await driver.write { db -> Bool in
                let existing = try await db.raw(
                    "SELECT version FROM schema_migrations WHERE version = \(bind: migration.version)"
                ).first()
                guard existing == nil else { return false }
                for statement in migration.statements {
                    try await db.raw("\(unsafeRaw: statement)").run()
                }
                try await db.raw(
                    "INSERT INTO schema_migrations (version, applied_at) VALUES (\(bind: migration.version), \(bind: Date().epochSeconds))"
                ).run()
                return true
            }
            if didApply {
                logger.info("applied migration", metadata: ["version": "\(migration.version)"])
                applied.append(migration.version)
            }
        }
        return applied
    }
}
