import Foundation
import LatchkeyWire
import SQLKit

/// Users' app-data values in the database: one row per user and key, holding the JSON text as
/// sent, its size, and the revision its entity tag names.
struct AppDataStore: Sendable {
    let driver: any StoreDriver

    /// A stored value: its description and, when read, the JSON text.
    struct Stored: Sendable {
        var entry: AppDataEntry
        var value: String
        /// The revision the entity tag quotes.
        var revision: String
    }

    /// The value stored under `key`, or nil.
    func find(userID: String, key: String, in db: any SQLDatabase) async throws -> Stored? {
        try await db.raw(
            """
            SELECT data_key, value, revision, size, updated_at FROM app_data
            WHERE user_id = \(bind: userID) AND data_key = \(bind: key)
            """
        ).first().map(Self.stored(from:))
    }

    /// The bytes all of the user's values take.
    func usage(userID: String, in db: any SQLDatabase) async throws -> Int {
        try await db.raw("SELECT CAST(COALESCE(SUM(size), 0) AS BIGINT) AS n FROM app_data WHERE user_id = \(bind: userID)")
            .first()?.decode(column: "n", as: Int.self) ?? 0
    }

    /// Stores `value` under `key`, replacing what was there, with a new revision.
    func save(
        userID: String,
        key: String,
        value: String,
        revision: String,
        at now: Date,
        replacing: Bool,
        in db: any SQLDatabase
    ) async throws {
        let size = value.utf8.count
        if replacing {
            try await db.raw(
                """
                UPDATE app_data SET value = \(bind: value), revision = \(bind: revision), size = \(bind: size),
                    updated_at = \(bind: now.epochSeconds)
                WHERE user_id = \(bind: userID) AND data_key = \(bind: key)
                """
            ).run()
        } else {
            try await db.raw(
                """
                INSERT INTO app_data (user_id, data_key, value, revision, size, updated_at)
                VALUES (\(bind: userID), \(bind: key), \(bind: value), \(bind: revision), \(bind: size), \(bind: now.epochSeconds))
                """
            ).run()
        }
    }

    /// Deletes the value under `key`.
    func delete(userID: String, key: String, in db: any SQLDatabase) async throws {
        try await db.raw("DELETE FROM app_data WHERE user_id = \(bind: userID) AND data_key = \(bind: key)").run()
    }

    /// Up to `limit` of the user's entries after the key `after`, in key order (values not read).
    func entries(userID: String, after: String, limit: Int, in db: any SQLDatabase) async throws -> [AppDataEntry] {
        try await db.raw(
            """
            SELECT data_key, '' AS value, revision, size, updated_at FROM app_data
            WHERE user_id = \(bind: userID) AND data_key > \(bind: after) ORDER BY data_key LIMIT \(bind: limit)
            """
        ).all().map { try Self.stored(from: $0).entry }
    }

    /// Every value of the user, in key order (the export).
    func all(userID: String) async throws -> [Stored] {
        try await driver.read { db in
            try await db.raw(
                """
                SELECT data_key, value, revision, size, updated_at FROM app_data
                WHERE user_id = \(bind: userID) ORDER BY data_key
                """
            ).all().map(Self.stored(from:))
        }
    }

    private static func stored(from row: any SQLRow) throws -> Stored {
        let revision = try row.decode(column: "revision", as: String.self)
        let entry = AppDataEntry(
            key: try row.decode(column: "data_key", as: String.self),
            etag: EntityTagConditions.header(for: revision),
            size: try row.decode(column: "size", as: Int.self),
            updatedAt: Date(epochSeconds: try row.decode(column: "updated_at", as: Int64.self))
        )
        return Stored(entry: entry, value: try row.decode(column: "value", as: String.self), revision: revision)
    }
}
