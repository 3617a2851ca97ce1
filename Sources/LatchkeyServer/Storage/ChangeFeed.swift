import Foundation
import SQLKit

/// A log of changes that other processes must hear about to keep their caches honest: a session
/// revoked or deleted, a user changed. Written in the same transaction as the change; read by
/// every server's ``ChangeFeedPoller``.
struct ChangeFeed: Sendable {
    let driver: any StoreDriver

    /// What changed.
    enum Kind: String, Sendable {
        case session
        case user
    }

    /// One change.
    struct Change: Sendable, Equatable {
        var id: String
        var kind: Kind
        var subject: String
        var createdAt: Int64
    }

    /// Records a change inside the caller's transaction.
    static func record(_ kind: Kind, _ subject: String, at now: Date, in db: any SQLDatabase) async throws {
        try await db.raw(
            """
            INSERT INTO change_events (id, kind, subject, created_at)
            VALUES (\(bind: SecureRandom.identifier()), \(bind: kind.rawValue), \(bind: subject), \(bind: now.epochSeconds))
            """
        ).run()
    }

    /// Changes recorded at or after `since` (seconds).
    func changes(since: Int64) async throws -> [Change] {
        try await driver.read { db in
            try await db.raw(
                "SELECT id, kind, subject, created_at FROM change_events WHERE created_at >= \(bind: since)"
            ).all().compactMap { row -> Change? in
                guard let kind = Kind(rawValue: try row.decode(column: "kind", as: String.self)) else { return nil }
                return Change(
                    id: try row.decode(column: "id", as: String.self), kind: kind,
                    subject: try row.decode(column: "subject", as: String.self),
                    createdAt: try row.decode(column: "created_at", as: Int64.self))
            }
        }
    }

    /// The newest change time, if any.
    func newest() async throws -> Int64? {
        try await driver.read { db in
            try await db.raw("SELECT MAX(created_at) AS newest FROM change_events").first()?
                .decode(column: "newest", as: Int64?.self)
        }
    }

    /// Deletes changes older than `cutoff` (seconds).
    func prune(before cutoff: Int64) async throws {
        try await driver.write { db in
            try await db.raw("DELETE FROM change_events WHERE created_at < \(bind: cutoff)").run()
        }
    }
}
