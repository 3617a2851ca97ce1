/// Users by id, so that reads of the signed-in user (`GET /v1/me`, the session endpoint, userinfo,
/// refresh) do not query the database per request. Every write to a user records a change event;
/// the ``ChangeBus`` drops the entry on this node at commit, on other nodes when they hear of it.
/// Paths that decide on credentials (password checks) always read the database.
final class UserCache: Sendable {
    private let store: UserStore
    private let cache: InvalidatingCache<UserAccount>

    init(store: UserStore, bus: ChangeBus, capacity: Int = 100_000) {
        self.store = store
        self.cache = InvalidatingCache(capacity: capacity, following: bus, kinds: [.user])
    }

    /// The user with this id in this app, or nil.
    func account(id: String, appID: String) async throws -> UserAccount? {
        let account = try await cache.value(for: id) { try await store.find(id: id) }
        return account?.appID == appID ? account : nil
    }
}
