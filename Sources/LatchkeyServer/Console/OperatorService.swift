import Foundation
import HTTPTypes
import LatchkeyWire
import SQLKit

/// Operators: creating them, their password and TOTP sign-in, and their sessions.
///
/// Sign-in takes two proofs: the password (bcrypt, the users' NIST policy with a longer minimum),
/// then a six-digit TOTP code (RFC 6238). An operator without a confirmed authenticator is shown
/// the secret after their password and confirms it with a first code. Failures of either step are
/// counted per operator name from each address and per address in the users' ``FailureThrottle``,
/// so failures from one address never lock an operator out of another (`owner` is a name every
/// installation has); an unknown name, a disabled operator and a wrong password answer alike, at
/// the cost of one bcrypt check each. Each failure leaves an audit row (`operator.sign_in_failed`:
/// the name given, the step, the address; never the password or code).
/// Sessions are random tokens stored as digests, ending after ``idleTimeout`` without use or
/// ``lifetime`` after sign-in, whichever comes first.
public struct OperatorService: Sendable {
    let store: OperatorStore
    let driver: any StoreDriver
    let hasher: PasswordHasher
    let policy: PasswordPolicy
    let throttle: FailureThrottle
    let audit: AuditLog
    let box: SecretBox
    let time: any TimeSource
    /// The installation's name in authenticator apps: the issuer URL's host.
    let issuerName: String

    /// A session ends after this many seconds without use.
    public static let idleTimeout = 1_800
    /// A session ends this many seconds after sign-in, however it is used.
    public static let lifetime = 43_200
    /// Seconds between the password and the TOTP code.
    static let pendingLifetime = 300
    /// Operators' passwords are longer than users' by default.
    static let minimumPasswordLength = 12
    static let bcryptCost = 11
    static let failureLimit = 5
    static let addressFailureLimit = 50
    static let failureWindow = 900

    /// What a session is good for: the TOTP step only, or everything its operator's role allows.
    enum Stage: String, Sendable {
        case totp
        case live
    }

    /// Creates an operator. Without `password`, one is generated (and returned, shown once);
    /// `totpSecret` imports an authenticator the operator already has, enrolled (otherwise a new
    /// one waits for enrollment at their first sign-in).
    public func create(
        username: String,
        role: OperatorRole,
        password: String? = nil,
        totpSecret: [UInt8]? = nil
    ) async throws -> OperatorCredentials {
        guard Validation.isValidUsername(username) else {
            throw APIError.validation([FieldError(field: "username", code: .invalidUsername)])
        }
        let password = password ?? SecureRandom.token(prefix: "")
        if let rejection = policy.rejection(of: password, minimumLength: Self.minimumPasswordLength, context: [username]) {
            throw APIError.validation([FieldError(field: "password", code: .invalidPassword, reason: rejection.rawValue)])
        }
        let now = time.now()
        let id = SecureRandom.identifier()
        let secret = totpSecret ?? TOTP.generate().secret
        let row = OperatorStore.Row(
            operator: Operator(
                id: id,
                username: username,
                role: role,
                disabled: false,
                totpEnrolled: totpSecret != nil,
                createdAt: now,
                lastSignInAt: nil
            ),
            passwordHash: try await hasher.hash(password, cost: Self.bcryptCost),
            sealedSecret: try box.seal(Data(secret), context: Self.secretContext(id)),
            lastStep: nil
        )
        do {
            try await store.insert(row, canonical: Canonical.username(username), at: now)
        } catch  where driver.isUniqueViolation(error, of: .operatorUsername) {
            throw APIError.validation([FieldError(field: "username", code: .duplicateUsername)])
        }
        return OperatorCredentials(operator: row.operator, password: password)
    }

    /// Creates the first operator, an owner named `username`, when there is none; nil when
    /// operators exist. Atomic across nodes starting together.
    public func createFirstIfNeeded(username: String = "owner") async throws -> OperatorCredentials? {
        try await driver.withMigrationLock {
            guard try await store.count() == 0 else { return nil }
            return try await create(username: username, role: .owner)
        }
    }

    /// Every operator, oldest first.
    public func list() async throws -> [Operator] {
        try await store.list()
    }

    /// The operator with this id or username.
    public func find(_ idOrUsername: String) async throws -> Operator? {
        try await row(idOrUsername)?.operator
    }

    func row(_ idOrUsername: String) async throws -> OperatorStore.Row? {
        if let row = try await store.find(idOrCanonical: idOrUsername) { return row }
        return try await store.find(idOrCanonical: Canonical.username(idOrUsername))
    }

    /// Disables (ending every session) or re-enables an operator.
    func setDisabled(_ disabled: Bool, id: String) async throws {
        let now = time.now()
        try await driver.write { [store] db in
            try await store.update(id: id, "disabled = \(bind: disabled ? 1 : 0)", at: now, in: db)
            if disabled { try await store.revokeAll(operatorID: id, at: now, in: db) }
        }
    }

    /// Gives the operator a new TOTP secret to enroll at their next sign-in, ending their sessions
    /// (a lost or compromised authenticator).
    func resetTOTP(id: String) async throws {
        let now = time.now()
        let sealed = try box.seal(Data(TOTP.generate().secret), context: Self.secretContext(id))
        try await driver.write { [store] db in
            try await store.update(
                id: id,
                "totp_secret = \(bind: sealed), totp_enrolled = 0, totp_last_step = NULL",
                at: now,
                in: db
            )
            try await store.revokeAll(operatorID: id, at: now, in: db)
        }
    }

    // MARK: Sign-in

    /// The operator whose password this is, or `401 invalid_credentials` (unknown, disabled,
    /// locked and wrong alike) / `429` while the address is locked. A name locked from this
    /// address answers like a wrong password without a check; unknown names lock as known ones
    /// do, so neither the answer nor its time tells who exists.
    func checkPassword(username: String, password: String, client: ClientInfo) async throws -> OperatorStore.Row {
        let keys = failureKeys(username: username, client: client)
        try await throttle.refuseWhileLocked(keys.addressKeys)
        let row = Validation.isValidUsername(username) ? try await store.find(idOrCanonical: Canonical.username(username)) : nil
        let locked = try await throttle.lockRemaining(keys.name.key) != nil
        let matches: Bool
        if locked {
            matches = false
        } else if let row {
            matches = try await hasher.verify(password, against: row.passwordHash, cost: Self.bcryptCost)
        } else {
            try await hasher.verifyDummy(cost: Self.bcryptCost)
            matches = false
        }
        guard let row, matches, !locked, !row.operator.disabled else {
            try await throttle.recordFailure(keys.all, window: Self.failureWindow)
            try await recordFailedSignIn(username: username, operatorID: row?.operator.id, step: "password", client: client)
            throw APIError(.unauthorized, .invalidCredentials)
        }
        return row
    }

    /// The audit row of a failed sign-in step: the name as given (at most 64 characters: it may
    /// be anything), the operator when one has it, the step that failed.
    private func recordFailedSignIn(username: String, operatorID: String?, step: String, client: ClientInfo) async throws {
        let actor = AdminActor(name: String(username.prefix(64)), operatorID: operatorID, role: .viewer, source: client.ipAddress ?? "unknown")
        try await audit.record("operator.sign_in_failed", target: step, by: actor)
    }

    /// The authenticator the operator has to enroll, or nil once enrolled.
    func enrollment(of row: OperatorStore.Row) throws -> TOTP? {
        guard !row.operator.totpEnrolled else { return nil }
        return try totp(of: row)
    }

    /// The `otpauth://` URI of an enrollment.
    func uri(of totp: TOTP, for row: OperatorStore.Row) -> String {
        totp.uri(account: row.operator.username, issuer: issuerName)
    }

    /// Accepts the operator's code once (enrolling their authenticator with its first code), or
    /// `401 invalid_code`, counted like a wrong password; a name locked from this address
    /// answers like a wrong code, a locked address `429`.
    func checkCode(_ code: String, of row: OperatorStore.Row, client: ClientInfo) async throws {
        let keys = failureKeys(username: row.operator.username, client: client)
        try await throttle.refuseWhileLocked(keys.addressKeys)
        let locked = try await throttle.lockRemaining(keys.name.key) != nil
        let now = time.now()
        guard !locked, let step = try totp(of: row).matchingStep(code, at: now),
            try await store.consume(step: step, operatorID: row.operator.id, enroll: !row.operator.totpEnrolled, at: now)
        else {
            try await throttle.recordFailure(keys.all, window: Self.failureWindow)
            try await recordFailedSignIn(username: row.operator.username, operatorID: row.operator.id, step: "code", client: client)
            throw APIError(.unauthorized, .invalidCode)
        }
        try await throttle.reset(keys.name.key)
    }

    /// Starts a session at `stage` and returns it with its token, in clear only here.
    func startSession(operatorID: String, stage: Stage, client: ClientInfo) async throws -> (OperatorSession, token: String) {
        let now = time.now()
        let lifetime = stage == .live ? Self.lifetime : Self.pendingLifetime
        let session = OperatorSession(
            id: SecureRandom.identifier(),
            operatorID: operatorID,
            createdAt: now,
            lastUsedAt: now,
            expiresAt: now.addingTimeInterval(TimeInterval(lifetime)),
            revokedAt: nil,
            ipAddress: client.ipAddress,
            userAgent: client.userAgent.map { String($0.prefix(512)) }
        )
        let token = SecureRandom.token(prefix: "lko_")
        try await driver.write { [store] db in
            try await store.insertSession(session, tokenHash: Digest.sha256Hex(token), stage: stage.rawValue, in: db)
        }
        return (session, token)
    }

    /// The operator and session of a token at `stage` that is live now (used, it counts as
    /// activity for the idle timeout); nil otherwise, or when the operator is disabled.
    func authenticate(token: String, stage: Stage) async throws -> (OperatorStore.Row, OperatorSession)? {
        let now = time.now()
        guard token.hasPrefix("lko_"), let found = try await store.session(tokenHash: Digest.sha256Hex(token)),
            found.stage == stage.rawValue, found.session.revokedAt == nil, now < found.session.expiresAt,
            now.timeIntervalSince(found.session.lastUsedAt) < TimeInterval(Self.idleTimeout),
            let row = try await store.find(idOrCanonical: found.session.operatorID), !row.operator.disabled
        else { return nil }
        // One write a minute at most: enough for a timeout counted in half hours.
        if now.timeIntervalSince(found.session.lastUsedAt) >= 60 { try await store.touch(sessionID: found.session.id, at: now) }
        return (row, found.session)
    }

    /// Live sessions, of one operator or of all.
    func sessions(operatorID: String?) async throws -> [OperatorSession] {
        try await store.sessions(operatorID: operatorID, liveAt: time.now())
    }

    /// Ends a session (only one of `operatorID`'s, when given); whether one ended.
    func revoke(sessionID: String, operatorID: String?) async throws -> Bool {
        try await store.revoke(sessionID: sessionID, operatorID: operatorID, at: time.now())
    }

    private func totp(of row: OperatorStore.Row) throws -> TOTP {
        TOTP(secret: Array(try box.open(row.sealedSecret, context: Self.secretContext(row.operator.id))))
    }

    /// The failure counters of a sign-in step: the operator name's from the client's address,
    /// and the address's.
    private struct FailureKeys {
        var name: (key: String, limit: Int)
        var address: (key: String, limit: Int)?
        var all: [(key: String, limit: Int)] { [name] + (address.map { [$0] } ?? []) }
        /// The address's counter, when the client has an address: the one a locked step refuses by.
        var addressKeys: [String] { address.map { [$0.key] } ?? [] }
    }

    private func failureKeys(username: String, client: ClientInfo) -> FailureKeys {
        FailureKeys(
            name: (AccountService.nameKey("operator:" + Canonical.username(username), client: client), Self.failureLimit),
            address: client.ipAddress.map { ("operator-ip:" + ClientInfo.throttleBucket(of: $0), Self.addressFailureLimit) }
        )
    }

    private static func secretContext(_ operatorID: String) -> String { "operators:\(operatorID):totp_secret" }
}
