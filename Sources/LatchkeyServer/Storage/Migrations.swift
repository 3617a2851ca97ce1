import Foundation
import Logging
import SQLKit

/// Applies the features' migrations. Each migration runs in its own transaction and is recorded
/// as `(feature, version)` in `feature_migrations`, under a lock that nodes starting together
/// share. Installations made before features had their own migrations recorded installation-wide
/// versions in `schema_migrations`; a migration whose ``Migration/baseline`` is recorded there is
/// recorded as applied without running again.
enum Migrations {
    /// The tables the runner itself keeps: no feature owns them and copies leave them out (the
    /// target records its own).
    static let bookkeeping: Set<String> = ["feature_migrations", "schema_migrations"]

    /// Applies every migration of `features` not yet recorded; returns them as `feature.version`.
    @discardableResult
    static func apply(
        _ features: [any Feature.Type] = FeatureSet.all,
        to driver: any StoreDriver,
        logger: Logger
    ) async throws
        -> [String]
    {
        try await driver.withMigrationLock { try await applyUnlocked(features, to: driver, logger: logger) }
    }

    private static func applyUnlocked(
        _ features: [any Feature.Type],
        to driver: any StoreDriver,
        logger: Logger
    ) async throws
        -> [String]
    {
        let baselines = try await driver.write { db -> Set<Int> in
            try await db.raw(
                """
                CREATE TABLE IF NOT EXISTS feature_migrations (
                    feature TEXT NOT NULL, version BIGINT NOT NULL, applied_at BIGINT NOT NULL, PRIMARY KEY (feature, version))
                """
            ).run()
            try refuseUnknown(try await recorded(in: db, family: driver.family), of: features)
            return try await Self.baselines(in: db, family: driver.family)
        }
        var applied: [String] = []
        for feature in features {
            for migration in feature.migrations {
                let ran = try await driver.write { db -> Bool in
                    let recorded = try await db.raw(
                        "SELECT version FROM feature_migrations WHERE feature = \(bind: feature.id) AND version = \(bind: migration.version)"
                    ).first()
                    guard recorded == nil else { return false }
                    let hasBaseline = migration.baseline.map(baselines.contains) ?? false
                    if !hasBaseline {
                        for statement in migration.statements(for: driver.family) {
                            try await db.raw("\(unsafeRaw: statement)").run()
                        }
                    }
                    try await db.raw(
                        """
                        INSERT INTO feature_migrations (feature, version, applied_at)
                        VALUES (\(bind: feature.id), \(bind: migration.version), \(bind: Date().epochSeconds))
                        """
                    ).run()
                    return !hasBaseline
                }
                if ran {
                    let name = "\(feature.id).\(migration.version)"
                    logger.debug("applied migration", metadata: ["migration": "\(name)"])
                    applied.append(name)
                }
            }
        }
        if !applied.isEmpty { logger.info("applied \(applied.count) schema migrations", metadata: ["last": "\(applied[applied.count - 1])"]) }
        return applied
    }

    /// The migrations of `features` that ``apply(_:to:logger:)`` would run or record on `driver`,
    /// as `feature.version`, read without changing anything. Throws ``NewerDatabaseError`` when
    /// the database records migrations `features` do not have.
    static func pending(_ features: [any Feature.Type] = FeatureSet.all, on driver: any StoreDriver) async throws -> [String] {
        let recorded = try await driver.read { db in try await Self.recorded(in: db, family: driver.family) }
        try refuseUnknown(recorded, of: features)
        return declared(by: features).filter { !recorded.contains($0) }.map(\.description)
    }

    /// Throws ``NewerDatabaseError`` when `recorded` holds a migration no feature of `features`
    /// declares: a newer version ran it, and this one must not start on its schema.
    static func refuseUnknown(_ recorded: some Sequence<MigrationName>, of features: [any Feature.Type] = FeatureSet.all) throws {
        let known = Set(declared(by: features))
        let unknown = recorded.filter { !known.contains($0) }
        guard unknown.isEmpty else { throw NewerDatabaseError(migrations: unknown.map(\.description)) }
    }

    /// Every migration `features` declare, in the order they run.
    static func declared(by features: [any Feature.Type] = FeatureSet.all) -> [MigrationName] {
        features.flatMap { feature in feature.migrations.map { MigrationName(feature: feature.id, version: $0.version) } }
    }

    /// The migrations the database records; none before the first start made the table.
    private static func recorded(in db: any SQLDatabase, family: SQLFamily) async throws -> Set<MigrationName> {
        guard try await SchemaCatalog(family: family).tables(in: db).contains("feature_migrations") else { return [] }
        return Set(
            try await db.raw("SELECT feature, version FROM feature_migrations").all().map { row in
                MigrationName(feature: try row.decode(column: "feature", as: String.self), version: try row.decode(column: "version", as: Int.self))
            }
        )
    }

    /// The installation-wide versions recorded before features had their own migrations.
    private static func baselines(in db: any SQLDatabase, family: SQLFamily) async throws -> Set<Int> {
        guard try await SchemaCatalog(family: family).tables(in: db).contains("schema_migrations") else { return [] }
        return Set(try await db.raw("SELECT version FROM schema_migrations").all().map { try $0.decode(column: "version", as: Int.self) })
    }
}
