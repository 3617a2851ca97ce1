import Foundation
public import Logging
import SQLKit

/// Copies a whole installation — every table a feature owns, in the features' order, so foreign
/// keys hold — from one store to another (typically the embedded SQLite file to PostgreSQL). The
/// columns are read from the source's own schema, and rows are streamed a page at a time. The
/// target must be empty; everything is written in one transaction, so a failed copy leaves it
/// empty. A source table no feature owns stops the copy before anything is written: copying
/// without it would lose data silently.
public enum InstallationCopier {
    /// Rows read and written per statement.
    static let pageSize = 500

    /// The target already holds an installation.
    public struct TargetNotEmpty: Error, CustomStringConvertible {
        public var description: String { "the target store already holds apps; copy only into an empty store" }
    }

    /// Copies everything from `source` to `target`; returns the rows copied per table.
    public static func copy(
        from source: LatchkeyConfiguration,
        to target: LatchkeyConfiguration,
        logger: Logger
    ) async throws
        -> [(table: String, rows: Int)]
    {
        let from = try await LatchkeyBackend.openDriver(source, logger: logger)
        let to: any StoreDriver
        do {
            to = try await LatchkeyBackend.openDriver(target, logger: logger)
        } catch {
            await from.shutdown()
            throw error
        }
        do {
            let copied = try await copy(from: from, to: to, logger: logger)
            await from.shutdown()
            await to.shutdown()
            return copied
        } catch {
            await from.shutdown()
            await to.shutdown()
            throw error
        }
    }

    /// A source table that no feature owns.
    public struct UnownedTable: Error, CustomStringConvertible {
        /// The table's name.
        public var table: String
        public var description: String { "the source has a table no feature of this version owns: \(table)" }
    }

    private static func copy(from: any StoreDriver, to: any StoreDriver, logger: Logger) async throws -> [(table: String, rows: Int)] {
        try await Migrations.apply(to: from, logger: logger)
        try await Migrations.apply(to: to, logger: logger)
        let owned = FeatureSet.tables.map(\.table.name)
        let catalog = SchemaCatalog(family: from.family)
        let (sourceTables, layouts) = try await from.read { db in
            var layouts: [[SchemaCatalog.Column]] = []
            for table in owned { layouts.append(try await catalog.columns(of: table, in: db)) }
            return (try await catalog.tables(in: db), layouts)
        }
        if let unowned = sourceTables.first(where: { !owned.contains($0) && !Migrations.bookkeeping.contains($0) }) {
            throw UnownedTable(table: unowned)
        }
        return try await to.write { db in
            guard try await db.raw("SELECT id FROM apps").first() == nil else { throw TargetNotEmpty() }
            var copied: [(table: String, rows: Int)] = []
            for (table, columns) in zip(owned, layouts) {
                copied.append((table, try await copyTable(table, columns: columns, from: from, into: db)))
            }
            return copied
        }
    }

    /// Streams `table` from `source` into `target`, a page at a time in primary-key order.
    private static func copyTable(
        _ table: String,
        columns: [SchemaCatalog.Column],
        from source: any StoreDriver,
        into target: any SQLDatabase
    ) async throws -> Int {
        let names = columns.map(\.name).joined(separator: ", ")
        let order = columns.filter { $0.primaryKeyPosition != nil }.sorted { $0.primaryKeyPosition ?? 0 < $1.primaryKeyPosition ?? 0 }
            .map(\.name).joined(separator: ", ")
        var count = 0
        while true {
            let offset = count
            let page = try await source.read { db in
                try await db.raw(
                    """
                    SELECT \(unsafeRaw: names) FROM \(unsafeRaw: table) ORDER BY \(unsafeRaw: order.isEmpty ? names : order)
                    LIMIT \(bind: pageSize) OFFSET \(bind: offset)
                    """
                ).all().map { row in try columns.map { try value(of: $0, in: row) } }
            }
            for row in page {
                let values = row.map { "\(bind: $0)" as SQLQueryString }.joined(separator: ", ")
                try await target.raw("INSERT INTO \(unsafeRaw: table) (\(unsafeRaw: names)) VALUES (\(values))").run()
            }
            count += page.count
            if page.count < pageSize { return count }
        }
    }

    private static func value(of column: SchemaCatalog.Column, in row: any SQLRow) throws -> any Encodable & Sendable {
        column.isInteger ? try row.decode(column: column.name, as: Int64?.self) : try row.decode(column: column.name, as: String?.self)
    }
}
