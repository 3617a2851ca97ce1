import Foundation
import LatchkeyWire
import SQLKit
import ServiceLifecycle

/// One part of the server that lands as one folder and one line in ``FeatureSet/standard(backend:)``.
///
/// A feature declares, in one place, everything the server derives from it: its routes (with the
/// OpenAPI operations and the access they need), its migrations and the tables it owns (so copying
/// an installation, exporting and deleting a user follow the declarations instead of hand-kept
/// lists), its janitor sweeps, its background services, its `hello` entry, its part of the OpenAPI
/// document, and its sections of a user's export, deletion and merge into another account. The
/// derivations are tested: a served route without an operation in the OpenAPI document, an
/// operation in a feature's fragment that the feature does not serve, a table without an owner,
/// or a user-data table no export names fails.
///
/// What does not depend on a running backend is declared statically — the schema (migrations
/// and installation copies run before a backend exists), settings, codes, scopes, the `hello`
/// entry, export and deletion sections — so other features and tools read it without building
/// features. Routes and services are built by ``init(backend:)``, where a feature takes the few
/// parts of the composition root it uses and keeps only those.
protocol Feature: Sendable {
    /// A stable id: `hello`'s module id and the key of this feature's migrations.
    static var id: String { get }
    /// The schema changes, in order; a released migration never changes.
    static var migrations: [Migration] { get }
    /// The tables the feature's migrations create, in foreign-key order.
    static var tables: [OwnedTable] { get }
    /// Deletes of rows nobody can use any more, run by every node's ``Janitor``.
    static var sweeps: [JanitorSweep] { get }
    /// Users the janitor deletes whole, through the normal user deletion.
    static var purges: [UserPurge] { get }
    /// The error codes only this feature answers with (each has a text in every string catalog;
    /// the OpenAPI document's `ErrorCode` schema lists them).
    static var errorCodes: [ErrorCode] { get }
    /// How `GET /v1/hello` lists the feature; nil for features that serve no routes.
    static var module: ModuleDeclaration? { get }
    /// The scopes a confidential client's token may carry for this feature's `.client` routes, with
    /// what each allows (the OpenAPI document's `clientCredentials` scheme lists them).
    static var clientScopes: [ClientScope] { get }
    /// The app settings the feature reads.
    static var settings: [AppSetting] { get }
    /// Where the console shows the feature's settings that name no section of their own.
    static var settingsSection: SettingSection? { get }
    /// The OpenAPI operations of the feature's routes and the components only they use, kept in
    /// its folder (`<Feature>+OpenAPI.swift`); ``OpenAPIDocument`` merges them into the contract.
    static var openAPI: OpenAPIFragment { get }
    /// Builds the feature over the backend's parts.
    init(backend: LatchkeyBackend)
    /// Work that runs beside the HTTP server for the process's lifetime.
    var services: [any Service] { get }
    /// Declares the feature's routes.
    func routes(into table: inout RouteTable)
    /// The feature's sections of `GET /v1/me/export`, keyed by their member name.
    static func export(of user: UserPrincipal, from sources: ExportSources) async throws -> [String: any Encodable & Sendable]
    /// Deletes what the feature keeps about `user` that no foreign key removes with the user row;
    /// runs in the deletion's transaction, before the user row goes.
    static func delete(_ user: UserAccount, in db: any SQLDatabase) async throws
    /// Moves or combines what the feature keeps about a guest into the account it merges into
    /// (`POST /v1/me/merge`), in the merge's transaction, before the guest's deletion; answers
    /// what it did by section, leaving out sections where the guest had nothing. The tables the
    /// feature declares ``OwnedTable/MergeRule/merged`` are this hook's to handle.
    static func merge(_ merge: AccountMerge, in db: any SQLDatabase) async throws -> [String: GuestMergeSection]
}

extension Feature {
    static var migrations: [Migration] { [] }
    static var tables: [OwnedTable] { [] }
    static var sweeps: [JanitorSweep] { [] }
    static var purges: [UserPurge] { [] }
    static var settings: [AppSetting] { [] }
    static var settingsSection: SettingSection? { nil }
    static var errorCodes: [ErrorCode] { [] }
    static var module: ModuleDeclaration? { nil }
    static var clientScopes: [ClientScope] { [] }
    static var openAPI: OpenAPIFragment { .empty }
    var services: [any Service] { [] }
    func routes(into table: inout RouteTable) {}
    static func export(of user: UserPrincipal, from sources: ExportSources) async throws -> [String: any Encodable & Sendable] {
        [:]
    }
    static func delete(_ user: UserAccount, in db: any SQLDatabase) async throws {}
    static func merge(_ merge: AccountMerge, in db: any SQLDatabase) async throws -> [String: GuestMergeSection] { [:] }
}

/// What a feature's export section reads: the stores behind a user's data.
struct ExportSources: Sendable {
    let driver: any StoreDriver
    let userCache: UserCache
    let sessions: SessionStore
    let time: any TimeSource

    init(backend: LatchkeyBackend) {
        driver = backend.driver
        userCache = backend.userCache
        sessions = backend.sessions
        time = backend.time
    }
}

/// How `GET /v1/hello` lists a feature (Kurogo's module list): id, title, the API versions the
/// server speaks, and who may use it — the access of its routes, so the answer cannot drift.
struct ModuleDeclaration: Sendable {
    /// A human title.
    var title: String
    /// The lowest API version served.
    var vmin: Int = 1
    /// The highest API version served.
    var vmax: Int = 1
    /// What a caller needs to use the module.
    var access: Access
}
