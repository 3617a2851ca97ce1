import PostgresKit
import PostgresNIO
import SQLKit

/// The claim of one unused refresh token, the touch of its live session and its successor's
/// insert, with what they bind (``SessionStore/rotate(refreshToken:appID:idleTTL:at:)``).
///
/// Each form answers `nil` when nothing was claimed, `.expired` when the token was claimed but its
/// session has ended (the successor is then not stored), else `.rotated`. The two forms are the
/// same three statements: SQLite runs them one by one in its batched transaction, PostgreSQL as
/// one prepared statement of data-modifying `WITH` clauses.
struct RefreshClaim: Sendable {
    let hash: String
    let appID: String
    let successor: String
    let successorHash: String
    let sealedSuccessor: String
    let now: Int64
    let idleCutoff: Int64

    /// SQLite (no data-modifying `WITH`): the three steps, in the caller's transaction.
    func inSteps(in db: any SQLDatabase) async throws -> SessionStore.Rotation? {
        let claimed = try await db.raw(
            """
            UPDATE refresh_tokens SET used_at = \(bind: now), successor_hash = \(bind: successorHash),
                successor_sealed = \(bind: sealedSuccessor)
            WHERE token_hash = \(bind: hash) AND used_at IS NULL
                AND EXISTS (SELECT 1 FROM sessions WHERE sessions.id = refresh_tokens.session_id AND sessions.app_id = \(bind: appID))
            RETURNING session_id
            """
        ).first()
        guard let sessionID = try claimed?.decode(column: "session_id", as: String.self) else { return nil }
        let touched = try await db.raw(
            """
            UPDATE sessions SET last_used_at = \(bind: now)
            WHERE id = \(bind: sessionID) AND revoked_at IS NULL AND expires_at > \(bind: now) AND last_used_at > \(bind: idleCutoff)
            RETURNING \(unsafeRaw: SessionStore.sessionColumns)
            """
        ).first()
        guard let session = try touched.map(SessionStore.session(from:)) else { return .expired }
        try await SessionStore.insertRefreshToken(hash: successorHash, sessionID: sessionID, at: now, in: db)
        return .rotated(session, refreshToken: successor)
    }

    /// PostgreSQL: the claim as one prepared statement; its one row (none when nothing was
    /// claimed) becomes the rotation with ``Claimed/rotation(successor:)``.
    var oneStatement: OneStatement { OneStatement(claim: self) }

    /// What the one statement's row says: the touched session, or none when the claimed token's
    /// session had ended.
    struct Claimed: Sendable {
        let session: SessionRecord?

        func rotation(successor: String) -> SessionStore.Rotation {
            session.map { .rotated($0, refreshToken: successor) } ?? .expired
        }
    }

    /// Claim, touch and insert in one statement, prepared once per connection.
    struct OneStatement: PostgresPreparedStatement {
        static let name = "latchkey_refresh_claim"
        static let sql = """
            WITH claimed AS (
                UPDATE refresh_tokens SET used_at = $1, successor_hash = $2, successor_sealed = $3
                WHERE token_hash = $4 AND used_at IS NULL
                    AND EXISTS (SELECT 1 FROM sessions WHERE sessions.id = refresh_tokens.session_id AND sessions.app_id = $5)
                RETURNING session_id
            ),
            touched AS (
                UPDATE sessions SET last_used_at = $1
                WHERE id = (SELECT session_id FROM claimed) AND revoked_at IS NULL AND expires_at > $1 AND last_used_at > $6
                RETURNING \(SessionStore.sessionColumns)
            ),
            inserted AS (
                INSERT INTO refresh_tokens (token_hash, session_id, created_at) SELECT $2, id, $1 FROM touched
            )
            SELECT touched.* FROM claimed LEFT JOIN touched ON true
            """
        static let bindingDataTypes: [PostgresDataType] = [.int8, .text, .text, .text, .text, .int8]

        let claim: RefreshClaim

        func makeBindings() -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 6)
            bindings.append(claim.now)
            bindings.append(claim.successorHash)
            bindings.append(claim.sealedSuccessor)
            bindings.append(claim.hash)
            bindings.append(claim.appID)
            bindings.append(claim.idleCutoff)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Claimed {
            let columns = row.sql()
            guard try columns.decode(column: "id", as: String?.self) != nil else { return Claimed(session: nil) }
            return Claimed(session: try SessionStore.session(from: columns))
        }
    }
}
