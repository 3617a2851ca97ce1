import SQLKit

extension UserStore {
    /// A page of the app's users that `filter` lets through, in its order: `limit` users after
    /// the first `offset`.
    func list(appID: String, filter: UserFilter, limit: Int, offset: Int) async throws -> [UserAccount] {
        try await driver.read { db in
            let conditions: [SQLQueryString] = ["app_id = \(bind: appID)"] + filter.conditions
            let rows = try await db.raw(
                """
                \(unsafeRaw: Self.selectUser) WHERE \(conditions.joined(separator: " AND "))
                ORDER BY \(filter.order) LIMIT \(bind: limit) OFFSET \(bind: offset)
                """
            ).all()
            var accounts: [UserAccount] = []
            for row in rows { accounts.append(try await account(from: row, in: db)) }
            return accounts
        }
    }
}
