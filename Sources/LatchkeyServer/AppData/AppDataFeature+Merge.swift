import LatchkeyWire
import SQLKit

extension AppDataFeature {
    /// The guest's keys move to the account where it has none of that name, in key order while
    /// they fit in the app's per-user limit; keys the account has keep its value, and they and
    /// any that do not fit are reported and go with the guest.
    static func merge(_ merge: AccountMerge, in db: any SQLDatabase) async throws -> [String: GuestMergeSection] {
        let store = AppDataStore(driver: merge.driver)
        let rows = try await db.raw(
            """
            SELECT data_key, size, CASE WHEN EXISTS (SELECT 1 FROM app_data mine WHERE mine.user_id = \(bind: merge.target.id)
                AND mine.data_key = app_data.data_key) THEN 1 ELSE 0 END AS taken
            FROM app_data WHERE user_id = \(bind: merge.guest.id) ORDER BY data_key
            """
        ).all()
        guard !rows.isEmpty else { return [:] }
        var usage = try await store.usage(userID: merge.target.id, in: db)
        var moving: [String] = []
        var conflicts: [String] = []
        for row in rows {
            let key = try row.decode(column: "data_key", as: String.self)
            let size = try row.decode(column: "size", as: Int.self)
            if try row.decode(column: "taken", as: Int.self) == 1 || usage + size > merge.app.settings.appData.appDataMaxBytesPerUser {
                conflicts.append(key)
            } else {
                moving.append(key)
                usage += size
            }
        }
        if !moving.isEmpty {
            try await db.raw(
                """
                UPDATE app_data SET user_id = \(bind: merge.target.id)
                WHERE user_id = \(bind: merge.guest.id) AND data_key IN (\(binds: moving))
                """
            ).run()
        }
        return ["appData": GuestMergeSection(moved: moving.count, conflicts: conflicts)]
    }
}
