import Foundation
import LatchkeyWire
import SQLKit
import ServiceLifecycle

/// One part of the server that lands as one folder and one line in ``FeatureSet/standard(backend:)``.
///
/// A feature declares, in one place, everything the server derives from it: its routes (with the
/// OpenAPI operations and the access they need), its migrations and the tables it owns (so copying
/// an installation, exporting and deleting a user follow the declarations instead of hand-kept
/// lists), its janitor sweeps, its background services, its `hello` entry, and its sections of a
/// user's export and deletion. The derivations are tested: a served route without an operation in
/// the OpenAPI document, a table without an owner, or a user-data table no export names fails.
///
/// The schema is declared statically, because migrations and installation copies run before a
/// backend exists; the rest is built by ``init(backend:)``, where a feature takes the few parts
/// of the composition root it uses.
protocol Feature: Sendable {
    /// A stable id: `hello`'s module id and the key of this feature's migrations.
    static var id: String { get }
    /// The schema changes, in order; a released migration never changes.
    static var migrations: [Migration] { get }
    /// The tables the feature's migrations create, in foreign-key order.
    static var tables: [OwnedTable] { get }
    /// Deletes of rows nobody can use any more, run by every node's ``Janitor``.
    static var sweeps: [JanitorSweep] { get }
    /// The error codes only this feature answers with (each has a text in every string catalog).
    static var errorCodes: [ErrorCode] { get }
    /// The app settings the feature reads.
    static var settings: [AppSetting] { get }
    /// Builds the feature over the backend's parts.
    init(backend: LatchkeyBackend)
    /// How `GET /v1/hello` lists the feature; nil for features that serve no routes.
    var module: ModuleDeclaration? { get }
    /// Work that runs beside the HTTP server for the process's lifetime.
    var services: [any Service] { get }
    /// Declares the feature's routes.
    func routes(into table: inout RouteTable)
    /// The feature's sections of `GET /v1/me/export`, keyed by their member name.
    func export(of user: UserPrincipal) async throws -> [String: any Encodable & Sendable]
    /// Deletes what the feature keeps about `user` that no foreign key removes with the user row;
    /// runs in the deletion's transaction, before the user row goes.
    func delete(_ user: UserAccount, in db: any SQLDatabase) async throws
}

extension Feature {
    static var migrations: [Migration] { [] }
    static var tables: [OwnedTable] { [] }
    static var sweeps: [JanitorSweep] { [] }
    static var settings: [AppSetting] { [] }
    static var errorCodes: [ErrorCode] { [] }
    var module: ModuleDeclaration? { nil }
    var services: [any Service] { [] }
    func routes(into table: inout RouteTable) {}
    func export(of user: UserPrincipal) async throws -> [String: any Encodable & Sendable] { [:] }
    func delete(_ user: UserAccount, in db: any SQLDatabase) async throws {}
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
