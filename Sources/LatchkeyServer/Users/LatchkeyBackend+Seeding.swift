import Foundation
import SQLKit

extension LatchkeyBackend {
    /// Rows written per transaction while seeding.
    static let seedBatch = 10_000

    /// Adds users to an app until it has `total`, named `prefix` and a seven-digit number, each
    /// with `passwordHash` and its password identity — through the same store code sign-up uses,
    /// so the rows are what sign-up makes. For load tests and demos: the hash is made once by the
    /// caller, because hashing a million passwords would take hours. Returns the users added;
    /// admins only, audited as `users.seed`.
    public func seedUsers(app: App, total: Int, prefix: String, passwordHash: String, by actor: AdminActor) async throws -> Int {
        try actor.require(.admin)
        let existing = try await users.count(appID: app.id)
        var added = 0
        while existing + added < total {
            let first = existing + added
            let count = min(Self.seedBatch, total - first)
            let now = time.now()
            try await driver.write { [users] db in
                for index in first..<(first + count) {
                    let user = UserStore.NewUser(
                        id: SecureRandom.identifier(),
                        appID: app.id,
                        username: prefix + String(format: "%07d", index),
                        email: nil,
                        passwordHash: passwordHash,
                        dateOfBirth: nil,
                        country: nil,
                        parentEmail: nil,
                        createdAt: now
                    )
                    try await users.insert(user, in: db)
                }
            }
            added += count
        }
        let changes = [AuditChange(field: "users", before: String(existing), after: String(existing + added))]
        try await admin.audit.record("users.seed", target: app.id, appID: app.id, changes: changes, by: actor)
        return added
    }

    /// Starts one session for each of `count` users of the app (a spread of them: users are
    /// taken in id order, and ids are random) and returns their refresh tokens; admins only,
    /// audited as `sessions.seed`.
    public func seedSessions(app: App, count: Int, by actor: AdminActor) async throws -> [String] {
        try actor.require(.admin)
        let userIDs = try await driver.read { db in
            try await db.raw("SELECT id FROM users WHERE app_id = \(bind: app.id) ORDER BY id LIMIT \(bind: count)")
                .all().map { try $0.decode(column: "id", as: String.self) }
        }
        var tokens: [String] = []
        tokens.reserveCapacity(userIDs.count)
        for start in stride(from: 0, to: userIDs.count, by: Self.seedBatch) {
            let batch = Array(userIDs[start..<min(start + Self.seedBatch, userIDs.count)])
            let now = time.now()
            tokens += try await driver.write { [sessions] db in
                var tokens: [String] = []
                for userID in batch {
                    let (_, token) = try await sessions.create(
                        appID: app.id,
                        userID: userID,
                        lifetime: app.settings.auth.sessionTTL,
                        userAgent: "latchkey-seed",
                        ipAddress: "127.0.0.1",
                        at: now,
                        in: db
                    )
                    tokens.append(token)
                }
                return tokens
            }
        }
        let changes = [AuditChange(field: "sessions", before: nil, after: String(tokens.count))]
        try await admin.audit.record("sessions.seed", target: app.id, appID: app.id, changes: changes, by: actor)
        return tokens
    }
}
