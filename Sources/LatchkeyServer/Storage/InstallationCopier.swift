import Foundation
import Logging
import SQLKit

/// Copies a whole installation — apps and their secrets, users with their password hashes,
/// identities, sessions with their refresh tokens, signing keys — from one store to another
/// (typically the embedded SQLite file to PostgreSQL). The target must be empty; everything is
/// written in one transaction, so a failed copy leaves it empty. Throttle counters and session
/// events are transient and not copied.
public enum InstallationCopier {
    /// A column's kind; every value is read as optional.
    enum Kind { case text, integer }

    /// The tables in foreign-key order, with their columns.
    static let tables: [(name: String, columns: [(String, Kind)])] = [
        ("apps", [("id", .text), ("client_id", .text), ("name", .text), ("settings", .text), ("created_at", .integer), ("updated_at", .integer)]),
        ("client_secrets", [("id", .text), ("app_id", .text), ("secret_hash", .text), ("created_at", .integer)]),
        ("users", [
            ("id", .text), ("app_id", .text), ("username", .text), ("username_canonical", .text), ("email", .text),
            ("email_canonical", .text), ("email_verified", .integer), ("password_hash", .text), ("date_of_birth", .text),
            ("country", .text), ("parent_email", .text), ("disabled", .integer), ("created_at", .integer),
            ("updated_at", .integer), ("last_sign_in_at", .integer), ("phone", .text), ("display_name", .text),
            ("profile_created", .integer),
        ]),
        ("identities", [
            ("app_id", .text), ("provider", .text), ("subject", .text), ("user_id", .text), ("created_at", .integer),
            ("name", .text), ("email", .text), ("email_verified", .integer),
        ]),
        ("sessions", [
            ("id", .text), ("app_id", .text), ("user_id", .text), ("created_at", .integer), ("last_used_at", .integer),
            ("expires_at", .integer), ("revoked_at", .integer), ("revoke_reason", .text), ("user_agent", .text),
            ("ip_address", .text),
        ]),
        ("refresh_tokens", [
            ("token_hash", .text), ("session_id", .text), ("created_at", .integer), ("used_at", .integer),
            ("successor_hash", .text), ("successor_sealed", .text),
        ]),
        ("signing_keys", [("kid", .text), ("algorithm", .text), ("private_key", .text), ("created_at", .integer), ("retired_at", .integer)]),
        ("one_time_codes", [
            ("id", .text), ("app_id", .text), ("purpose", .text), ("recipient", .text), ("user_id", .text),
            ("code_hash", .text), ("attempts", .integer), ("created_at", .integer), ("expires_at", .integer),
            ("used_at", .integer),
        ]),
        ("outbox", [
            ("id", .text), ("app_id", .text), ("channel", .text), ("purpose", .text), ("recipient", .text),
            ("subject", .text), ("body", .text), ("sender", .text), ("status", .text), ("attempts", .integer),
            ("next_attempt_at", .integer), ("lease_until", .integer), ("last_error", .text),
            ("provider_message_id", .text), ("created_at", .integer), ("sent_at", .integer),
        ]),
    ]

    /// The target already holds an installation.
    public struct TargetNotEmpty: Error, CustomStringConvertible {
        public var description: String { "the target store already holds apps; copy only into an empty store" }
    }

    /// Copies everything from `source` to `target`; returns the rows copied per table.
    public static func copy(from source: LatchkeyConfiguration, to target: LatchkeyConfiguration, logger: Logger) async throws
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

    private static func copy(from: any StoreDriver, to: any StoreDriver, logger: Logger) async throws -> [(table: String, rows: Int)] {
        try await Migrations.apply(to: from, logger: logger)
        try await Migrations.apply(to: to, logger: logger)
        var data: [(table: String, columns: [(String, Kind)], rows: [[any Encodable & Sendable]])] = []
        for table in tables {
            let rows = try await from.read { db in
                try await db.raw("SELECT \(unsafeRaw: table.columns.map(\.0).joined(separator: ", ")) FROM \(unsafeRaw: table.name)")
                    .all().map { row in try table.columns.map { try value(of: $0.0, kind: $0.1, in: row) } }
            }
            data.append((table.name, table.columns, rows))
        }
        let snapshot = data
        try await to.write { db in
            guard try await db.raw("SELECT id FROM apps").first() == nil else { throw TargetNotEmpty() }
            for table in snapshot {
                let columns = table.columns.map(\.0).joined(separator: ", ")
                for row in table.rows {
                    let values = row.map { "\(bind: $0)" as SQLQueryString }.joined(separator: ", ")
                    try await db.raw("INSERT INTO \(unsafeRaw: table.table) (\(unsafeRaw: columns)) VALUES (\(values))").run()
                }
            }
        }
        return snapshot.map { ($0.table, $0.rows.count) }
    }

    private static func value(of column: String, kind: Kind, in row: any SQLRow) throws -> any Encodable & Sendable {
        switch kind {
        case .text: return try row.decode(column: column, as: String?.self)
        case .integer: return try row.decode(column: column, as: Int64?.self)
        }
    }
}
