import Crypto
import Foundation
import SQLKit

/// Sessions and their refresh-token families in the database.
///
/// A session is one refresh-token family. Each refresh marks the presented token used and issues a
/// successor. Presenting a used token again gets the same successor back as long as that successor
/// was never used — the answer to the first refresh may have been lost (the app was suspended, the
/// network changed), and the retry may come at any time while the session lives. Presenting a
/// token whose successor was used is reuse and ends the session. The successor is stored sealed
/// (AES-GCM) under a key derived from its parent token, so the database never holds a usable
/// refresh token in clear.
struct SessionStore: Sendable {
    let driver: any StoreDriver

    /// What a refresh attempt came to.
    enum Rotation: Sendable {
        /// The token was good: here is the session and the new refresh token.
        case rotated(SessionRecord, refreshToken: String)
        /// Unknown token, or its session is revoked or expired.
        case expired
        /// A token whose successor was used came back: the session was ended.
        case reused(sessionID: String)
    }

    /// Starts a session and its first refresh token; it proved its user at `authenticatedAt`
    /// (now by default).
    func create(
        appID: String,
        userID: String,
        lifetime: Int,
        userAgent: String?,
        ipAddress: String?,
        at now: Date,
        authenticatedAt: Date? = nil,
        in db: any SQLDatabase
    ) async throws -> (SessionRecord, refreshToken: String) {
        let authenticatedAt = min(authenticatedAt ?? now, now)
        let session = SessionRecord(
            id: SecureRandom.identifier(),
            appID: appID,
            userID: userID,
            createdAt: now,
            lastUsedAt: now,
            expiresAt: now.addingTimeInterval(TimeInterval(lifetime)),
            revokedAt: nil,
            authenticatedAt: authenticatedAt,
            userAgent: userAgent.map { String($0.prefix(512)) },
            ipAddress: ipAddress
        )
        try await db.raw(
            """
            INSERT INTO sessions (id, app_id, user_id, created_at, last_used_at, expires_at, user_agent, ip_address,
                                  authenticated_at)
            VALUES (\(bind: session.id), \(bind: appID), \(bind: userID), \(bind: now.epochSeconds),
                    \(bind: now.epochSeconds), \(bind: session.expiresAt.epochSeconds), \(bind: session.userAgent),
                    \(bind: ipAddress), \(bind: authenticatedAt.epochSeconds))
            """
        ).run()
        let token = SecureRandom.token(prefix: "lkr_")
        try await Self.insertRefreshToken(hash: Digest.sha256Hex(token), sessionID: session.id, at: now.epochSeconds, in: db)
        return (session, token)
    }

    /// Rotates a refresh token of the app `appID`, with reuse detection.
    ///
    /// The common case is three steps: claim the token (a conditional `UPDATE` that only an unused
    /// token of a session of this app passes, storing its sealed successor), touch the session if
    /// it is still live, insert the successor. The app is checked inside the claim, so a token
    /// presented with another app's client id is left as it was. A token that is already used,
    /// unknown, of another app or of a dead session falls through to
    /// ``rotateUsed(_:hash:appID:idleTTL:at:in:)``.
    ///
    /// On PostgreSQL the three steps are one prepared statement (data-modifying `WITH` clauses,
    /// ``RefreshClaim/OneStatement``) run on its own, outside `BEGIN`/`COMMIT`: one round trip
    /// instead of five, one commit, and no parse or plan after a connection's first. A second
    /// refresh of the same token waits on the claimed row and then finds it used.
    func rotate(refreshToken: String, appID: String, idleTTL: Int, at now: Date) async throws -> Rotation {
        let hash = Digest.sha256Hex(refreshToken)
        let successor = SecureRandom.token(prefix: "lkr_")
        let claim = RefreshClaim(
            hash: hash,
            appID: appID,
            successor: successor,
            successorHash: Digest.sha256Hex(successor),
            sealedSuccessor: try Self.seal(successor, parent: refreshToken),
            now: now.epochSeconds,
            idleCutoff: idleTTL > 0 ? now.epochSeconds - Int64(idleTTL) : Int64.min
        )
        if let statements = driver.preparedStatements {
            if let claimed = try await statements.writePrepared(claim.oneStatement).first {
                return claimed.rotation(successor: successor)
            }
            return try await driver.write { db in
                try await rotateUsed(refreshToken, hash: hash, appID: appID, idleTTL: idleTTL, at: now, in: db)
            }
        }
        return try await driver.write { db in
            if let rotation = try await claim.inSteps(in: db) { return rotation }
            return try await rotateUsed(refreshToken, hash: hash, appID: appID, idleTTL: idleTTL, at: now, in: db)
        }
    }

    /// A refresh token that could not be claimed: unknown, of another app or a dead session
    /// (nothing changes), retried while its stored successor is still unused (the same successor
    /// again, however late), or reused after its successor was used (the session ends).
    private func rotateUsed(
        _ refreshToken: String,
        hash: String,
        appID: String,
        idleTTL: Int,
        at now: Date,
        in db: any SQLDatabase
    ) async throws -> Rotation {
        guard
            let row = try await db.raw(
                """
                SELECT session_id, used_at, successor_hash, successor_sealed
                FROM refresh_tokens WHERE token_hash = \(bind: hash)\(unsafeRaw: driver.lockForUpdate)
                """
            ).first(),
            try row.decode(column: "used_at", as: Int64?.self) != nil,
            let session = try await find(id: try row.decode(column: "session_id", as: String.self), in: db),
            session.appID == appID, session.isLive(at: now, idleTTL: idleTTL)
        else { return .expired }
        if let successorHash = try row.decode(column: "successor_hash", as: String?.self),
            let sealed = try row.decode(column: "successor_sealed", as: String?.self),
            try await isStoredAndUnused(hash: successorHash, in: db),
            let successor = Self.open(sealed, parent: refreshToken)
        {
            return .rotated(session, refreshToken: successor)
        }
        try await revoke(sessionID: session.id, reason: "refresh_token_reuse", at: now, in: db)
        return .reused(sessionID: session.id)
    }

    /// The session a refresh token belongs to (only while the token is unused, with `unusedOnly`).
    func sessionID(ofRefreshToken token: String, unusedOnly: Bool = false) async throws -> String? {
        let unused: SQLQueryString = unusedOnly ? " AND used_at IS NULL" : ""
        return try await driver.read { db in
            try await db.raw(
                "SELECT session_id FROM refresh_tokens WHERE token_hash = \(bind: Digest.sha256Hex(token))\(unused)"
            ).first()?.decode(column: "session_id", as: String.self)
        }
    }

    /// The session with this id.
    func find(id: String, in db: any SQLDatabase) async throws -> SessionRecord? {
        try await db.raw("\(unsafeRaw: Self.selectSession) WHERE id = \(bind: id)").first().map(Self.session(from:))
    }

    /// The session with this id, from a reader.
    func find(id: String) async throws -> SessionRecord? {
        try await driver.read { db in try await find(id: id, in: db) }
    }

    /// A user's sessions, newest first; only live ones unless `includeEnded`.
    func list(userID: String, includeEnded: Bool = false, at now: Date) async throws -> [SessionRecord] {
        try await driver.read { db in
            let filter: SQLQueryString =
                includeEnded ? "" : " AND revoked_at IS NULL AND expires_at > \(bind: now.epochSeconds)"
            return try await db.raw(
                "\(unsafeRaw: Self.selectSession) WHERE user_id = \(bind: userID)\(filter) ORDER BY created_at DESC, id"
            ).all().map(Self.session(from:))
        }
    }

    /// Ends one session, and records the event so that every server process drops it from its cache.
    func revoke(sessionID: String, reason: String, at now: Date, in db: any SQLDatabase) async throws {
        try await db.raw(
            """
            UPDATE sessions SET revoked_at = \(bind: now.epochSeconds), revoke_reason = \(bind: reason)
            WHERE id = \(bind: sessionID) AND revoked_at IS NULL
            """
        ).run()
        try ChangeFeed.record(.session, sessionID, at: now)
    }

    /// Ends every live session of a user except `keeping`.
    func revokeAll(userID: String, keeping: String? = nil, reason: String, at now: Date, in db: any SQLDatabase) async throws {
        let ids = try await db.raw(
            "SELECT id FROM sessions WHERE user_id = \(bind: userID) AND revoked_at IS NULL AND id <> \(bind: keeping ?? "")"
        ).all().map { try $0.decode(column: "id", as: String.self) }
        for id in ids { try await revoke(sessionID: id, reason: reason, at: now, in: db) }
    }

    /// Ids of every session of a user (to record their end before the user is deleted).
    func ids(userID: String, in db: any SQLDatabase) async throws -> [String] {
        try await db.raw("SELECT id FROM sessions WHERE user_id = \(bind: userID)").all().map {
            try $0.decode(column: "id", as: String.self)
        }
    }

    /// Records that the user of a live session proved who they are again at `now`.
    func recordAuthentication(sessionID: String, at now: Date, in db: any SQLDatabase) async throws {
        try await db.raw(
            "UPDATE sessions SET authenticated_at = \(bind: now.epochSeconds) WHERE id = \(bind: sessionID) AND revoked_at IS NULL"
        ).run()
    }

    /// How many sessions are live now (for `/metrics`).
    func liveCount(at now: Date) async throws -> Int {
        try await driver.read { db in
            let row = try await db.raw(
                "SELECT COUNT(*) AS n FROM sessions WHERE revoked_at IS NULL AND expires_at > \(bind: now.epochSeconds)"
            ).first()
            return Int(try row?.decode(column: "n", as: Int64.self) ?? 0)
        }
    }

    static func insertRefreshToken(hash: String, sessionID: String, at now: Int64, in db: any SQLDatabase) async throws {
        try await db.raw(
            "INSERT INTO refresh_tokens (token_hash, session_id, created_at) VALUES (\(bind: hash), \(bind: sessionID), \(bind: now))"
        ).run()
    }

    /// Whether a successor was stored and has not been used. A successor that was never stored
    /// (its parent was claimed but the session had ended) is not "unused": it cannot be handed out.
    private func isStoredAndUnused(hash: String, in db: any SQLDatabase) async throws -> Bool {
        guard let row = try await db.raw("SELECT used_at FROM refresh_tokens WHERE token_hash = \(bind: hash)").first() else {
            return false
        }
        return try row.decode(column: "used_at", as: Int64?.self) == nil
    }

    private static func key(parent: String) -> SymmetricKey {
        SymmetricKey(data: SHA256.hash(data: Array(("latchkey-successor:" + parent).utf8)))
    }

    private static func seal(_ successor: String, parent: String) throws -> String {
        let nonce = try AES.GCM.Nonce(data: SecureRandom.bytes(12))
        let box = try AES.GCM.seal(Array(successor.utf8), using: key(parent: parent), nonce: nonce)
        guard let combined = box.combined else { throw CryptoKitError.incorrectParameterSize }
        return combined.base64EncodedString()
    }

    private static func open(_ sealed: String, parent: String) -> String? {
        guard let data = Data(base64Encoded: sealed), let box = try? AES.GCM.SealedBox(combined: data),
            let plain = try? AES.GCM.open(box, using: key(parent: parent))
        else { return nil }
        return String(decoding: plain, as: UTF8.self)
    }

    /// Sessions started before `authenticated_at` was recorded authenticated when they started.
    static let sessionColumns =
        "id, app_id, user_id, created_at, last_used_at, expires_at, revoked_at, user_agent, ip_address, "
        + "COALESCE(authenticated_at, created_at) AS authenticated_at"
    private static let selectSession = "SELECT \(sessionColumns) FROM sessions"

    static func session(from row: any SQLRow) throws -> SessionRecord {
        SessionRecord(
            id: try row.decode(column: "id", as: String.self),
            appID: try row.decode(column: "app_id", as: String.self),
            userID: try row.decode(column: "user_id", as: String.self),
            createdAt: Date(epochSeconds: try row.decode(column: "created_at", as: Int64.self)),
            lastUsedAt: Date(epochSeconds: try row.decode(column: "last_used_at", as: Int64.self)),
            expiresAt: Date(epochSeconds: try row.decode(column: "expires_at", as: Int64.self)),
            revokedAt: try row.decode(column: "revoked_at", as: Int64?.self).map(Date.init(epochSeconds:)),
            authenticatedAt: Date(epochSeconds: try row.decode(column: "authenticated_at", as: Int64.self)),
            userAgent: try row.decode(column: "user_agent", as: String?.self),
            ipAddress: try row.decode(column: "ip_address", as: String?.self)
        )
    }
}
