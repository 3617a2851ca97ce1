import Foundation
import Hummingbird
import LatchkeyWire

/// The app's JSON data tree (Wilddog, Kii), spoken as the Realtime Database REST protocol:
/// `GET/PUT/PATCH/POST/DELETE <path>.json`, queries, conditional writes, server values, and
/// `text/event-stream` watches fanned out through the change bus; guarded by the app's security
/// rules (`/.settings/rules.json`).
struct DatabaseFeature: Feature {
    static let id = "database"
    let rules: RulesDirectory
    let streams: DatabaseStreams
    let service: DatabaseService
    let callers: DatabaseCallers
    let requests: RequestReader
    /// The operators' path to the tree: the console's browser, editor and rules simulator.
    let admin: AdminService
    /// The console, whose sign-in, form checks and layout the data-tree page shares.
    let console: ConsoleFeature
    /// The simulator gives a user the claims a new access token would carry.
    let tokens: TokenMinter

    init(backend: LatchkeyBackend) {
        rules = RulesDirectory(backend: backend)
        let service = DatabaseService(driver: backend.driver, rules: rules, time: backend.time, work: TreeWork(pool: backend.computing))
        self.service = service
        streams = DatabaseStreams(
            backend: backend,
            read: { path, query, caller in try await service.read(path, query: query, as: caller) },
            standing: { path, caller in try await service.readStanding(path, as: caller) }
        )
        requests = backend.requests
        callers = DatabaseCallers(authenticator: Authenticator(backend: backend), apps: backend.appDirectory)
        admin = backend.admin
        console = ConsoleFeature(backend: backend)
        tokens = backend.tokens
    }

    static let module: ModuleDeclaration? = ModuleDeclaration(title: "Data tree (Realtime Database REST protocol)", access: .anyone)

    static let clientScopes: [ClientScope] = [
        ClientScope(.databaseAdmin, allows: "Read and write the app's data tree with the rules skipped (the protocol's admin access).")
    ]

    static let migrations: [Migration] = (treeMigrations + rulesMigrations).sorted { $0.version < $1.version }
    static let tables: [OwnedTable] = treeTables + rulesTables

    func routes(into table: inout RouteTable) {
        rulesRoutes(into: &table)
        consoleRoutes(into: &table)
        treeRoutes(into: &table)
    }
}
