import Foundation
import SQLKit

/// The `guests` table: one row per guest, with when the janitor may purge it. Whether a user is a
/// guest is their identities' business (``UserAccount/isAnonymous``); the row only schedules the
/// purge and counts towards the app's `guestLimit`, and ``stillGuest`` keeps a guest who linked a
/// credential by any route out of both.
struct GuestStore: Sendable {
    /// A condition on a `guests` row: its user has no identity but guest ones.
    static let stillGuest = """
        NOT EXISTS (SELECT 1 FROM identities WHERE identities.user_id = guests.user_id \
        AND identities.provider NOT IN ('anonymous', 'device'))
        """

    /// Makes the app's guest creations take turns until the transaction ends, so a count then an
    /// insert keeps to the app's `guestLimit` under parallel sign-ins (SQLite's single writer
    /// serializes them already). Sign-ups of the app still insert users meanwhile: the lock is
    /// no foreign-key check's.
    func serializeCreations(appID: String, driver: any StoreDriver, in db: any SQLDatabase) async throws {
        try await db.raw("SELECT id FROM apps WHERE id = \(bind: appID)\(unsafeRaw: driver.lockAgainstLockers)").run()
    }

    /// How many guests the app holds.
    func count(appID: String, in db: any SQLDatabase) async throws -> Int {
        try await db.raw(
            "SELECT COUNT(*) AS n FROM guests WHERE app_id = \(bind: appID) AND \(unsafeRaw: Self.stillGuest)"
        ).first()?.decode(column: "n", as: Int.self) ?? 0
    }

    /// Records a new guest signed in at `now`, purged once idle for `idleSeconds`.
    func insert(userID: String, appID: String, idleSeconds: Int, at now: Date, in db: any SQLDatabase) async throws {
        try await db.raw(
            """
            INSERT INTO guests (user_id, app_id, purge_at, idle_seconds)
            VALUES (\(bind: userID), \(bind: appID), \(bind: now.epochSeconds + Int64(idleSeconds)), \(bind: idleSeconds))
            """
        ).run()
    }

    /// Moves a guest's purge `idleSeconds` past a sign-in at `now`; nothing for a user who is no guest.
    func touch(userID: String, idleSeconds: Int, at now: Date, in db: any SQLDatabase) async throws {
        try await db.raw(
            """
            UPDATE guests SET purge_at = \(bind: now.epochSeconds + Int64(idleSeconds)), idle_seconds = \(bind: idleSeconds)
            WHERE user_id = \(bind: userID)
            """
        ).run()
    }

    /// When the guest is purged if idle; nil for a user who is no guest.
    func purgeAt(userID: String, in db: any SQLDatabase) async throws -> Date? {
        try await db.raw("SELECT purge_at FROM guests WHERE user_id = \(bind: userID)").first()?
            .decode(column: "purge_at", as: Int64?.self).map(Date.init(epochSeconds:))
    }

    /// Forgets an upgraded guest: the user stays, without a purge date.
    func remove(userID: String, in db: any SQLDatabase) async throws {
        try await db.raw("DELETE FROM guests WHERE user_id = \(bind: userID)").run()
    }
}
