import Foundation
import SQLKit

/// Operators and their sessions in the database. Passwords are bcrypt hashes, TOTP secrets are
/// sealed with the installation's secret key, session tokens are stored as SHA-256 digests.
struct OperatorStore: Sendable {
    let driver: any StoreDriver

    /// An operator row with what never leaves the server.
    struct Row: Sendable {
        var `operator`: Operator
        var passwordHash: String
        var sealedSecret: String
        var lastStep: Int64?
    }

    /// A session row with its stage: `totp` while only the password is proven, `live` after.
    struct SessionRow: Sendable {
        var session: OperatorSession
        var stage: String
    }

    func insert(_ row: Row, canonical: String, at now: Date) async throws {
        try await driver.write { db in
            try await db.raw(
                """
                INSERT INTO operators (id, username, username_canonical, password_hash, role, totp_secret, totp_enrolled, created_at, updated_at)
                VALUES (\(bind: row.operator.id), \(bind: row.operator.username), \(bind: canonical), \(bind: row.passwordHash),
                        \(bind: row.operator.role.rawValue), \(bind: row.sealedSecret), \(bind: row.operator.totpEnrolled ? 1 : 0),
                        \(bind: now.epochSeconds), \(bind: now.epochSeconds))
                """
            ).run()
        }
    }

    func count() async throws -> Int {
        try await driver.read { db in
            Int(try await db.raw("SELECT COUNT(*) AS n FROM operators").first()?.decode(column: "n", as: Int64.self) ?? 0)
        }
    }

    func list() async throws -> [Operator] {
        try await driver.read { db in
            try await db.raw("\(unsafeRaw: Self.select) ORDER BY created_at, id").all().map { try Self.row(from: $0).operator }
        }
    }

    /// The operator with this id or canonical username.
    func find(idOrCanonical key: String) async throws -> Row? {
        try await driver.read { db in
            try await db.raw("\(unsafeRaw: Self.select) WHERE id = \(bind: key) OR username_canonical = \(bind: key)")
                .first().map(Self.row(from:))
        }
    }

    func update(id: String, _ assignments: SQLQueryString, at now: Date, in db: any SQLDatabase) async throws {
        try await db.raw("UPDATE operators SET \(assignments), updated_at = \(bind: now.epochSeconds) WHERE id = \(bind: id)").run()
    }

    /// Records `step` as the last one used, unless it is not later than the one recorded: a code
    /// is good once, even when two requests bring it at the same moment.
    func consume(step: Int64, operatorID: String, enroll: Bool, at now: Date) async throws -> Bool {
        try await driver.write { db in
            let enrolled: SQLQueryString = enroll ? ", totp_enrolled = 1" : ""
            return try await db.raw(
                """
                UPDATE operators SET totp_last_step = \(bind: step), last_sign_in_at = \(bind: now.epochSeconds)\(enrolled)
                WHERE id = \(bind: operatorID) AND (totp_last_step IS NULL OR totp_last_step < \(bind: step))
                RETURNING id
                """
            ).first() != nil
        }
    }

    // MARK: Sessions

    func insertSession(_ session: OperatorSession, tokenHash: String, stage: String, in db: any SQLDatabase) async throws {
        try await db.raw(
            """
            INSERT INTO operator_sessions (id, operator_id, token_hash, stage, created_at, last_used_at, expires_at, ip_address, user_agent)
            VALUES (\(bind: session.id), \(bind: session.operatorID), \(bind: tokenHash), \(bind: stage),
                    \(bind: session.createdAt.epochSeconds), \(bind: session.lastUsedAt.epochSeconds),
                    \(bind: session.expiresAt.epochSeconds), \(bind: session.ipAddress), \(bind: session.userAgent))
            """
        ).run()
    }

    func session(tokenHash: String) async throws -> SessionRow? {
        try await driver.read { db in
            try await db.raw("\(unsafeRaw: Self.selectSession) WHERE token_hash = \(bind: tokenHash)").first().map(Self.session(from:))
        }
    }

    func touch(sessionID: String, at now: Date) async throws {
        try await driver.write { db in
            try await db.raw("UPDATE operator_sessions SET last_used_at = \(bind: now.epochSeconds) WHERE id = \(bind: sessionID)").run()
        }
    }

    func sessions(operatorID: String?, liveAt now: Date) async throws -> [OperatorSession] {
        try await driver.read { db in
            let mine: SQLQueryString = operatorID.map { " AND operator_id = \(bind: $0)" } ?? ""
            return try await db.raw(
                """
                \(unsafeRaw: Self.selectSession) WHERE stage = 'live' AND revoked_at IS NULL
                    AND expires_at > \(bind: now.epochSeconds)\(mine) ORDER BY created_at DESC, id
                """
            ).all().map { try Self.session(from: $0).session }
        }
    }

    /// Ends a session (of `operatorID` only, when given); whether one ended.
    func revoke(sessionID: String, operatorID: String?, at now: Date) async throws -> Bool {
        try await driver.write { db in
            let mine: SQLQueryString = operatorID.map { " AND operator_id = \(bind: $0)" } ?? ""
            return try await db.raw(
                """
                UPDATE operator_sessions SET revoked_at = \(bind: now.epochSeconds)
                WHERE id = \(bind: sessionID) AND revoked_at IS NULL\(mine) RETURNING id
                """
            ).first() != nil
        }
    }

    func revokeAll(operatorID: String, at now: Date, in db: any SQLDatabase) async throws {
        try await db.raw(
            """
            UPDATE operator_sessions SET revoked_at = \(bind: now.epochSeconds)
            WHERE operator_id = \(bind: operatorID) AND revoked_at IS NULL
            """
        ).run()
    }

    private static let select = """
        SELECT id, username, role, disabled, totp_enrolled, created_at, last_sign_in_at, password_hash, totp_secret, totp_last_step
        FROM operators
        """

    private static let selectSession = """
        SELECT id, operator_id, stage, created_at, last_used_at, expires_at, revoked_at, ip_address, user_agent FROM operator_sessions
        """

    private static func row(from row: any SQLRow) throws -> Row {
        Row(
            operator: Operator(
                id: try row.decode(column: "id", as: String.self),
                username: try row.decode(column: "username", as: String.self),
                role: OperatorRole(rawValue: try row.decode(column: "role", as: String.self)) ?? .viewer,
                disabled: try row.decode(column: "disabled", as: Int64.self) != 0,
                totpEnrolled: try row.decode(column: "totp_enrolled", as: Int64.self) != 0,
                createdAt: Date(epochSeconds: try row.decode(column: "created_at", as: Int64.self)),
                lastSignInAt: try row.decode(column: "last_sign_in_at", as: Int64?.self).map(Date.init(epochSeconds:))
            ),
            passwordHash: try row.decode(column: "password_hash", as: String.self),
            sealedSecret: try row.decode(column: "totp_secret", as: String.self),
            lastStep: try row.decode(column: "totp_last_step", as: Int64?.self)
        )
    }

    private static func session(from row: any SQLRow) throws -> SessionRow {
        SessionRow(
            session: OperatorSession(
                id: try row.decode(column: "id", as: String.self),
                operatorID: try row.decode(column: "operator_id", as: String.self),
                createdAt: Date(epochSeconds: try row.decode(column: "created_at", as: Int64.self)),
                lastUsedAt: Date(epochSeconds: try row.decode(column: "last_used_at", as: Int64.self)),
                expiresAt: Date(epochSeconds: try row.decode(column: "expires_at", as: Int64.self)),
                revokedAt: try row.decode(column: "revoked_at", as: Int64?.self).map(Date.init(epochSeconds:)),
                ipAddress: try row.decode(column: "ip_address", as: String?.self),
                userAgent: try row.decode(column: "user_agent", as: String?.self)
            ),
            stage: try row.decode(column: "stage", as: String.self)
        )
    }
}
