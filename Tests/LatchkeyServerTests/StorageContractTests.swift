import Foundation
import Logging
import NIOConcurrencyHelpers
import Testing

@testable import LatchkeyServer
import SQLKit
import HTTPTypes

/// What the stores promise their callers, seen through the API.
@Suite struct StorageContractTests {
    /// Sign-ups that race for one email lose to a unique index, not to the read that checks it
    /// first; the loser hears which key refused it from the constraint, not from the error text,
    /// which holds the refused email — and this email names another column.
    @Test(arguments: TestStore.enabled) func racingSignUpsAreToldWhichKeyRefusedThem(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.revealTakenEmails = true }
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

    /// `StoreDriver.write` runs a body once, even when another write of the same group commit
    /// fails: the failing one rolls back alone and nobody's body is replayed.
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

    @Test func groupCommittedBodiesRunOnceWhenANeighbourFails() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-commit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let driver = try await SQLiteStoreDriver.open(
            path: directory.appendingPathComponent("db.sqlite").path, maximumQueuedWrites: 1_024, logger: Logger(label: "test"))
        do {
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
        } catch {
            await driver.shutdown()
            throw error
        }
        await driver.shutdown()
    }
}
