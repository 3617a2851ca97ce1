import LatchkeyWire
import SQLKit

/// Single-use codes (phone PINs, email links and email sign-in codes), stored as digests (see ``OneTimeCodeStore``).
struct CodesFeature: Feature {
    static let id = "codes"

    /// PINs, codes and links answer these wherever they are used.
    static let errorCodes: [ErrorCode] = [.invalidCode, .codeExpired]

    init(backend: LatchkeyBackend) {}

    static let migrations = [
        Migration(
            1,
            baseline: 2,
            [
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
            ]
        )
    ]

    /// Codes are credentials that expire within a day: deleted with the user, never exported.
    static let tables = [
        OwnedTable(
            name: "one_time_codes",
            userData: .addressed(column: "recipient", section: nil),
            merge: .dropped(why: "codes prove the guest's own addresses and expire within a day")
        )
    ]

    /// Codes a day after they expired.
    static let sweeps = [
        JanitorSweep(name: "oneTimeCodes") { now in "DELETE FROM one_time_codes WHERE expires_at < \(bind: now - 86_400) RETURNING id" }
    ]

    static func delete(_ user: UserAccount, in db: any SQLDatabase) async throws {
        guard !user.addresses.isEmpty else { return }
        try await db.raw(
            "DELETE FROM one_time_codes WHERE app_id = \(bind: user.appID) AND recipient IN (\(binds: user.addresses))"
        ).run()
    }
}
