import Foundation
import SQLKit

extension ConsoleFeature {
    static let migrations = [
        Migration(
            1,
            [
                """
                CREATE TABLE operators (
                    id TEXT PRIMARY KEY,
                    username TEXT NOT NULL,
                    username_canonical TEXT NOT NULL,
                    password_hash TEXT NOT NULL,
                    role TEXT NOT NULL,
                    totp_secret TEXT NOT NULL,
                    totp_enrolled BIGINT NOT NULL DEFAULT 0,
                    totp_last_step BIGINT,
                    disabled BIGINT NOT NULL DEFAULT 0,
                    created_at BIGINT NOT NULL,
                    updated_at BIGINT NOT NULL,
                    last_sign_in_at BIGINT
                )
                """,
                "CREATE UNIQUE INDEX operators_username ON operators(username_canonical)",
                """
                CREATE TABLE operator_sessions (
                    id TEXT PRIMARY KEY,
                    operator_id TEXT NOT NULL REFERENCES operators(id) ON DELETE CASCADE,
                    token_hash TEXT NOT NULL,
                    stage TEXT NOT NULL,
                    created_at BIGINT NOT NULL,
                    last_used_at BIGINT NOT NULL,
                    expires_at BIGINT NOT NULL,
                    revoked_at BIGINT,
                    ip_address TEXT,
                    user_agent TEXT
                )
                """,
                "CREATE UNIQUE INDEX operator_sessions_token ON operator_sessions(token_hash)",
                "CREATE INDEX operator_sessions_operator ON operator_sessions(operator_id)",
                """
                CREATE TABLE audit_log (
                    id TEXT PRIMARY KEY,
                    at BIGINT NOT NULL,
                    actor TEXT NOT NULL,
                    operator_id TEXT,
                    action TEXT NOT NULL,
                    target TEXT,
                    source TEXT NOT NULL
                )
                """,
                "CREATE INDEX audit_log_at ON audit_log(at, id)",
            ]
        ),
        // What each entry changed (JSON, secrets redacted) and the app it concerned, for the
        // console's diffs and its filter by app.
        Migration(
            2,
            [
                "ALTER TABLE audit_log ADD COLUMN app_id TEXT",
                "ALTER TABLE audit_log ADD COLUMN changes TEXT",
                "CREATE INDEX audit_log_app ON audit_log(app_id, id)",
            ]
        ),
    ]

    static let tables: [OwnedTable] = [
        .shared("operators", why: "the installation's administrators, who are not users of an app"),
        .shared("operator_sessions", why: "operators' console and admin-API sessions"),
        .shared(
            "audit_log",
            why: "what operators did, kept for accountability; a user appears only as the id an action targeted"
        ),
    ]

    static let sweeps = [
        // Operator sessions a week after they ended.
        JanitorSweep(name: "operator_sessions") { now in
            """
            DELETE FROM operator_sessions WHERE expires_at < \(bind: now - 7 * 86_400)
                OR (revoked_at IS NOT NULL AND revoked_at < \(bind: now - 7 * 86_400)) RETURNING id
            """
        }
    ]
}

extension UniqueKey {
    /// One operator per canonical username.
    static let operatorUsername = UniqueKey(name: "operators_username", table: "operators", columns: ["username_canonical"])
}
