import CLatchkeySQLite
import Foundation
import HTTPTypes
import Logging
import NIOConcurrencyHelpers
import SQLKit
import Testing

@testable import LatchkeyServer

/// What the stores promise their callers, seen through the API.
@Suite struct StorageContractTests {
    /// Sign-ups that race for one email lose to a unique index, not to the read that checks it
    /// first; the loser hears which key refused it from the constraint, not from the error text,
    /// which holds the refused email — and this email names another column.
    @Test(arguments: TestStore.enabled) func racingSignUpsAreToldWhichKeyRefusedThem(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.auth.revealTakenEmails = true }
        try await harness.run { client in
            let email = "username_canonical@example.com"
            let answers = try await withThrowingTaskGroup(of: TestResponse.self) { group in
                for index in 0..<8 {
                    group.addTask {
                        try await client.signUp(["username": "racer\(index)", "email": email, "password": "correct horse battery"])
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.filter { $0.status == .created }.count == 1)
            for answer in answers where answer.status != .created {
                #expect(answer.fieldCodes == ["duplicate_email"], "\(answer.text)")
            }
        }
    }

    /// A store dropped without `shutdown()` (a test that threw before its cleanup) closes its
    /// connections: the file can be opened again and the process is not aborted by SQLiteNIO's
    /// check that no connection outlives its closing.
    @Test func aDroppedEmbeddedStoreClosesItsConnections() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-dropped-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("db.sqlite").path
        for round in 1...2 {
            let driver = try await SQLiteStoreDriver.open(path: path, maximumQueuedWrites: 8, logger: Logger(label: "test"))
            try await driver.write { db in try await db.raw("CREATE TABLE IF NOT EXISTS marks (id BIGINT PRIMARY KEY)").run() }
            try await driver.write { db in try await db.raw("INSERT INTO marks (id) VALUES (\(bind: round))").run() }
            let rows = try await driver.read { db in try await db.raw("SELECT COUNT(*) AS n FROM marks").first()?.decode(column: "n", as: Int.self) }
            #expect(rows == round)
        }
        try await Task.sleep(for: .milliseconds(200))
    }

    /// The embedded store's cached statements keep their plans from one execution to the next, even
    /// where SQLite weighed a bound value in planning (`column = ?` beside an `ORDER BY`), and a
    /// statement given fewer values than it has parameters is refused rather than run with one
    /// left from its last execution. `sqlite_stmt` counts each statement's re-preparations.
    @Test func cachedStatementsArePlannedOnce() async throws {
        try await Self.withEmbeddedStore(maximumQueuedWrites: 8) { driver in
            try await driver.write { db in
                try await db.raw("CREATE TABLE marks (owner TEXT NOT NULL, at BIGINT NOT NULL, value TEXT NOT NULL)").run()
                try await db.raw("CREATE INDEX marks_owner ON marks(owner)").run()
                for index in 0..<40 {
                    try await db.raw("INSERT INTO marks VALUES (\(bind: "owner\(index % 4)"), \(bind: 40 - index), \(bind: "v\(index)"))").run()
                }
            }
            let reprepared = try await driver.write { db in
                for round in 0..<20 {
                    let owner = round % 4
                    let values = try await db.raw("SELECT value FROM marks WHERE owner = \(bind: "owner\(owner)") ORDER BY at")
                        .all().map { try $0.decode(column: "value", as: String.self) }
                    #expect(values == stride(from: 36 + owner, through: owner, by: -4).map { "v\($0)" })
                }
                return try await db.raw("SELECT reprep FROM sqlite_stmt WHERE sql LIKE 'SELECT value FROM marks%'")
                    .first()?.decode(column: "reprep", as: Int.self)
            }
            #expect(reprepared == 0)
            await #expect(throws: SQLiteFailure.self) {
                try await driver.write { db in try await db.raw("SELECT \(unsafeRaw: "?2"), \(bind: 1)").run() }
            }
        }
    }

    /// The embedded store runs on the SQLite this package builds (`CLatchkeySQLite`: its version,
    /// its source and the options it is compiled with), not on another copy linked into the process.
    @Test func theEmbeddedStoreRunsOnTheOwnedSQLite() async throws {
        try await Self.withEmbeddedStore(maximumQueuedWrites: 8) { driver in
            let (version, source, options) = try await driver.read { db in
                let row = try await db.raw("SELECT sqlite_version() AS version, sqlite_source_id() AS source").first()
                let options = try await db.raw("PRAGMA compile_options").all().map { try $0.decode(column: "compile_options", as: String.self) }
                return (try row?.decode(column: "version", as: String.self), try row?.decode(column: "source", as: String.self), options)
            }
            #expect(version == SQLITE_VERSION)
            #expect(source == SQLITE_SOURCE_ID)
            let owned = ["THREADSAFE=2", "DQS=0", "OMIT_LOAD_EXTENSION", "OMIT_DEPRECATED", "SECURE_DELETE", "ENABLE_STMTVTAB"]
            #expect(Set(owned).isSubset(of: options), "\(options)")
        }
    }

    /// `StoreDriver.write` runs a body once, even when another write of the same group commit
    /// fails: the failing one rolls back alone and nobody's body is replayed.
    @Test func groupCommittedBodiesRunOnceWhenANeighbourFails() async throws {
        try await Self.withEmbeddedStore(maximumQueuedWrites: 1_024) { driver in
            try await driver.write { db in try await db.raw("CREATE TABLE marks (id BIGINT PRIMARY KEY)").run() }
            let runs = NIOLockedValueBox(0)
            struct Refused: Error {}
            let outcomes = await withTaskGroup(of: Bool.self) { group in
                for index in 0..<200 {
                    group.addTask {
                        do {
                            try await driver.write { db in
                                runs.withLockedValue { $0 += 1 }
                                try await db.raw("INSERT INTO marks (id) VALUES (\(bind: index))").run()
                                if index % 10 == 0 { throw Refused() }
                            }
                            return true
                        } catch {
                            return false
                        }
                    }
                }
                return await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(runs.withLockedValue { $0 } == 200)
            #expect(outcomes.filter { $0 }.count == 180)
            let rows = try await driver.read { db in try await db.raw("SELECT COUNT(*) AS n FROM marks").first()?.decode(column: "n", as: Int.self) }
            #expect(rows == 180)
        }
    }

    /// The WAL is checkpointed beside the writer, and still starts over: writes worth five times
    /// the checkpoint threshold leave a WAL file under twice the threshold, passes ran on the
    /// checkpointer, and every row reads back once the store is opened again.
    @Test func theWALIsCheckpointedBesideTheWriter() async throws {
        let rounds = 250
        let rowsPerRound = 20
        try await Self.withEmbeddedStore(maximumQueuedWrites: 8) { driver, path in
            try await driver.write { db in try await db.raw("CREATE TABLE pages (id INTEGER PRIMARY KEY, body BLOB NOT NULL)").run() }
            for _ in 0..<rounds {
                // 3,000 bytes: one row fills one page of its own.
                try await driver.write { db in
                    for _ in 0..<rowsPerRound { try await db.raw("INSERT INTO pages (body) VALUES (randomblob(3000))").run() }
                }
            }
            #expect(driver.checkpointPasses >= 1)
            // Twice the threshold's frames (a 4 KiB page and its 24-byte header each); the WAL
            // would hold about three times that if the writer never started it over.
            let bound = 2 * WALCheckpointer.threshold * (4_096 + 24)
            let walSize = try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int ?? .max
            #expect(walSize < bound, "WAL file of \(walSize) bytes after \(rounds * rowsPerRound) pages written")
        } reopened: { driver in
            let (count, bytes) = try await driver.read { db in
                let row = try await db.raw("SELECT COUNT(*) AS n, SUM(length(body)) AS bytes FROM pages").first()
                return (try row?.decode(column: "n", as: Int.self), try row?.decode(column: "bytes", as: Int.self))
            }
            #expect(count == rounds * rowsPerRound)
            #expect(bytes == rounds * rowsPerRound * 3_000)
        }
    }

    /// Runs `body` on an embedded store in a new directory, then shuts the store down and removes
    /// the directory, whether `body` threw or not.
    private static func withEmbeddedStore(
        maximumQueuedWrites: Int,
        _ body: (SQLiteStoreDriver) async throws -> Void
    ) async throws {
        try await withEmbeddedStore(maximumQueuedWrites: maximumQueuedWrites) { driver, _ in try await body(driver) }
    }

    /// Runs `body` on an embedded store in a new directory (with the database file's path), then
    /// `reopened` on the same file opened again; shuts each store down and removes the directory,
    /// whether they threw or not.
    private static func withEmbeddedStore(
        maximumQueuedWrites: Int,
        _ body: (SQLiteStoreDriver, String) async throws -> Void,
        reopened: ((SQLiteStoreDriver) async throws -> Void)? = nil
    ) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("db.sqlite").path
        func opened(_ run: (SQLiteStoreDriver) async throws -> Void) async throws {
            let driver = try await SQLiteStoreDriver.open(path: path, maximumQueuedWrites: maximumQueuedWrites, logger: Logger(label: "test"))
            do {
                try await run(driver)
            } catch {
                await driver.shutdown()
                throw error
            }
            await driver.shutdown()
        }
        try await opened { try await body($0, path) }
        if let reopened { try await opened(reopened) }
    }
}
