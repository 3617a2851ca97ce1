import Foundation
import SQLKit

/// Each app's uploaded rules document, one row per app that set rules (others have
/// ``DatabaseRules/defaults``). Setting them records a `database_rules` change, so every node
/// drops its compiled copy and watches re-check their read access.
struct RulesStore: Sendable {
    let driver: any StoreDriver
    let time: any TimeSource

    /// The app's document as uploaded; nil when it set none.
    func source(appID: String) async throws -> String? {
        try await driver.read { db in
            try await db.raw("SELECT source FROM database_rules WHERE app_id = \(bind: appID)")
                .first()?.decode(column: "source", as: String.self)
        }
    }

    /// Checks `source` and stores it as the app's rules (throws the document's first error).
    func set(_ source: String, appID: String) async throws {
        _ = try DatabaseRules(source: source)
        let now = time.now()
        try await driver.write { db in
            try await db.raw(
                """
                INSERT INTO database_rules (app_id, source, updated_at) VALUES (\(bind: appID), \(bind: source), \(bind: now.epochSeconds))
                ON CONFLICT (app_id) DO UPDATE SET source = excluded.source, updated_at = excluded.updated_at
                """
            ).run()
            try ChangeFeed.record(.databaseRules, appID, at: now)
        }
    }
}

extension ChangeKind {
    /// An app's data-tree rules changed; the subject is the app id.
    static let databaseRules: ChangeKind = "database_rules"
}
