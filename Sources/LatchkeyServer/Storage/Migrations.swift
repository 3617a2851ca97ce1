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
        let catalog = SchemaCatalog(family: driver.family)
        let baselines = try await driver.write { db -> Set<Int> in
            try await db.raw(
                """
                CREATE TABLE IF NOT EXISTS feature_migrations (
                    feature TEXT NOT NULL, version BIGINT NOT NULL, applied_at BIGINT NOT NULL, PRIMARY KEY (feature, version))
                """
            ).run()
            guard try await catalog.tables(in: db).contains("schema_migrations") else { return [] }
            return Set(try await db.raw("SELECT version FROM schema_migrations").all().map { try $0.decode(column: "version", as: Int.self) })
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
}
