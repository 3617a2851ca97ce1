import Foundation
import PostgresNIO
import Testing

/// Upgrades and rollbacks: a binary never starts on a database a newer version migrated, and
/// `migrate --dry-run` says what an upgrade would run without running it.
@Suite(.serialized) struct UpgradeTests {
    /// A store for one test: a data directory, or a fresh PostgreSQL database.
    private struct Store {
        var location: [String]
        var run: @Sendable (String) async throws -> Void
        var serveArguments: [String]
        var dataDirectory: String
        var cleanUp: @Sendable () async -> Void

        static func make(_ store: TestStore) async throws -> Store {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-upgrade-\(UUID().uuidString)").path
            switch store {
            case .sqlite:
                return Store(
                    location: ["--data-dir", directory],
                    run: { try SQLiteFile.execute($0, in: directory + "/latchkey.sqlite") },
                    serveArguments: [],
                    dataDirectory: directory,
                    cleanUp: { try? FileManager.default.removeItem(atPath: directory) }
                )
            case .postgres:
                let url = try await TestStore.createDatabase()
                return Store(
                    location: ["--database", url],
                    run: { sql in try await TestStore.admin(url) { _ = try await $0.query(PostgresQuery(unsafeSQL: sql), logger: $1) } },
                    serveArguments: ["--database", url],
                    dataDirectory: directory,
                    cleanUp: { await TestStore.dropDatabase(url) }
                )
            }
        }
    }

    @Test(arguments: TestStore.enabled) func aBinaryRefusesADatabaseMigratedByANewerVersion(store kind: TestStore) async throws {
        let store = try await Store.make(kind)
        _ = try await LatchkeyBinary.createApp("Upgraded", in: store.location)
        try await store.run("INSERT INTO feature_migrations (feature, version, applied_at) VALUES ('wormholes', 3, 0)")
        let expected = "this database was migrated by a newer version of Latchkey: it records migrations this binary does not know (wormholes.3)"
        let serve = try await ServerProcess.refusal(dataDirectory: store.dataDirectory, extraArguments: store.serveArguments)
        #expect(serve.status != 0)
        #expect(serve.output.contains(expected) && serve.output.contains("Run the newer binary"), "\(serve.output)")
        for command in [["apps", "list"], ["migrate"], ["migrate", "--dry-run"]] {
            let refused = try await LatchkeyBinary.run(command + store.location)
            #expect(refused.status != 0, "\(command)")
            #expect(refused.stderr.contains(expected), "\(command): \(refused.stderr)")
        }
        await store.cleanUp()
    }

    @Test(arguments: TestStore.enabled) func dryRunListsPendingMigrationsAndChangesNothing(store kind: TestStore) async throws {
        let store = try await Store.make(kind)
        let fresh = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-upgrade-\(UUID().uuidString)").path
        let everything = try await LatchkeyBinary.run(["migrate", "--dry-run", "--data-dir", fresh])
        #expect(everything.status == 0, "\(everything.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fresh), "a dry run made \(fresh)")
        let line = try #require(everything.stdout.split(separator: "\n").first { $0.hasPrefix("would apply migrations ") })
        let all = line.dropFirst("would apply migrations ".count).split(separator: ", ").map(String.init)
        let last = try #require(all.last)
        let parts = last.split(separator: ".")
        #expect(all.count > 10 && parts.count == 2, "\(all)")

        #expect(try await LatchkeyBinary.run(["migrate"] + store.location).status == 0)
        let current = try await LatchkeyBinary.run(["migrate", "--dry-run"] + store.location)
        #expect(current.stdout.contains("schema is up to date; nothing would run"), "\(current.stdout)\(current.stderr)")
        // As if this binary were the newer one and the store had not run its newest migration yet.
        try await store.run("DELETE FROM feature_migrations WHERE feature = '\(parts[0])' AND version = \(parts[1])")
        for _ in 0..<2 {
            let pending = try await LatchkeyBinary.run(["migrate", "--dry-run"] + store.location)
            #expect(pending.status == 0, "\(pending.stderr)")
            #expect(pending.stdout == "would apply migrations \(last)\n", "\(pending.stdout)")
        }
        await store.cleanUp()
    }
}
