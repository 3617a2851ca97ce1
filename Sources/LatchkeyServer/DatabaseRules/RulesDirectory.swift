/// The rules each app set (``DatabaseRules/defaults`` until it sets some), compiled once and
/// kept until they change on any node (a `database_rules` change on the bus).
final class RulesDirectory: Sendable {
    let store: RulesStore
    private let compiled: InvalidatingCache<DatabaseRules>

    init(backend: LatchkeyBackend) {
        store = RulesStore(driver: backend.driver, time: backend.time)
        compiled = InvalidatingCache(capacity: 10_000, following: backend.changeBus, kinds: [.databaseRules])
    }

    /// The app's current rules.
    func rules(forApp appID: String) async throws -> DatabaseRules {
        try await compiled.value(for: appID) { [store] in
            guard let source = try await store.source(appID: appID) else { return .defaults }
            return try DatabaseRules(source: source)
        } ?? .defaults
    }
}
