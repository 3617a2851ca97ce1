import Foundation
import HTTPTypes
import Testing

/// `latchkey backup`, `latchkey restore` and `serve --backup-dir`: consistent copies taken while
/// the server serves, checked before they are trusted, restored only into a stopped installation.
@Suite(.serialized) struct BackupTests {
    private func temporaryDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-backup-\(UUID().uuidString)").path
    }

    /// The users whose sign-up and first refresh were both acknowledged, with the refresh token
    /// the refresh returned and when their sign-up was sent.
    private actor AcknowledgedWrites {
        struct Entry: Sendable {
            var username: String
            var refreshToken: String
            var sent: ContinuousClock.Instant
        }

        private(set) var entries: [Entry] = []

        func acknowledge(_ entry: Entry) { entries.append(entry) }
    }

    /// Signs users up and refreshes each one's session once, two at a time, until cancelled; each
    /// user is touched only by its own iteration, so its last refresh token stays its live one.
    private func writeContinuously(to server: ServerProcess, clientID: String, log: AcknowledgedWrites) -> [Task<Void, Never>] {
        (0..<2).map { writer in
            Task {
                var index = 0
                while !Task.isCancelled {
                    index += 1
                    let username = "w\(writer)u\(index)"
                    let sent = ContinuousClock.now
                    guard
                        let signUp = try? await server.request(
                            "POST",
                            "/v1/auth/signup",
                            json: ["username": username, "password": "correct horse battery"],
                            clientID: clientID
                        ),
                        signUp.status == .created, let first = signUp.string("session.refreshToken"),
                        let refreshed = try? await server.request("POST", "/v1/auth/refresh", json: ["refreshToken": first], clientID: clientID),
                        refreshed.status == .ok, let token = refreshed.string("session.refreshToken")
                    else { continue }
                    await log.acknowledge(.init(username: username, refreshToken: token, sent: sent))
                }
            }
        }
    }

    private func refresh(_ token: String, on server: ServerProcess, clientID: String) async throws -> HTTPResponse.Status {
        try await server.request("POST", "/v1/auth/refresh", json: ["refreshToken": token], clientID: clientID).status
    }

    @Test func aBackupTakenDuringSignUpsAndRefreshesRestoresEveryWriteAcknowledgedBeforeIt() async throws {
        let directory = temporaryDirectory()
        let backup = directory + "-copy.sqlite"
        defer {
            try? FileManager.default.removeItem(atPath: directory)
            try? FileManager.default.removeItem(atPath: backup)
        }
        let clientID = try await LatchkeyBinary.createApp("Backups", in: ["--data-dir", directory]).clientID
        _ = try await LatchkeyBinary.run(["apps", "update", clientID, "--bcrypt-cost", "10", "--data-dir", directory])
        let server = try await ServerProcess(dataDirectory: directory)
        let log = AcknowledgedWrites()
        let writers = writeContinuously(to: server, clientID: clientID, log: log)
        _ = try await eventually(true, limit: .seconds(60)) { await log.entries.count >= 6 }
        let before = await log.entries
        let taken = try await LatchkeyBinary.run(["backup", "--to", backup, "--data-dir", directory])
        let backupEnded = ContinuousClock.now
        _ = try await eventually(true, limit: .seconds(60)) { await log.entries.contains { $0.sent > backupEnded } }
        for writer in writers { writer.cancel() }
        for writer in writers { await writer.value }
        let after = await log.entries.filter { $0.sent > backupEnded }
        try await server.stop()
        #expect(before.count >= 6 && !after.isEmpty, "\(before.count) users before the backup, \(after.count) after")
        #expect(taken.status == 0, "\(taken.stderr)")
        #expect(taken.stdout.contains("checked: integrity ok"), "\(taken.stdout)")
        #expect(taken.stdout.contains("the secret key is not in the backup"), "\(taken.stdout)")
        #expect(taken.stdout.contains("users: "), "\(taken.stdout)")

        let restored = try await LatchkeyBinary.run(["restore", "--from", backup, "--data-dir", directory])
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(restored.stdout.contains("the database it replaced is kept as"), "\(restored.stdout)")
        let again = try await ServerProcess(dataDirectory: directory)
        for entry in before {
            #expect(try await refresh(entry.refreshToken, on: again, clientID: clientID) == .ok, "\(entry.username) did not refresh")
        }
        // Written after the copy was taken: gone, so the restore did replace the database.
        for entry in after {
            #expect(try await refresh(entry.refreshToken, on: again, clientID: clientID) != .ok, "\(entry.username) outlived the restore")
        }
        try await again.stop()
    }

    @Test func restoreIsRefusedWhileAServerRuns() async throws {
        let directory = temporaryDirectory()
        let backup = directory + "-copy.sqlite"
        defer {
            try? FileManager.default.removeItem(atPath: directory)
            try? FileManager.default.removeItem(atPath: backup)
        }
        let clientID = try await LatchkeyBinary.createApp("Running", in: ["--data-dir", directory]).clientID
        #expect(try await LatchkeyBinary.run(["backup", "--to", backup, "--data-dir", directory]).status == 0)
        let server = try await ServerProcess(dataDirectory: directory)
        let refused = try await LatchkeyBinary.run(["restore", "--from", backup, "--data-dir", directory])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("a server is running on \(directory)"), "\(refused.stderr)")
        #expect(try await server.request("GET", "/v1/hello", clientID: clientID).status == .ok)
        try await server.stop()
        #expect(try await LatchkeyBinary.run(["restore", "--from", backup, "--data-dir", directory]).status == 0)
    }

    @Test func restoreRefusesAFileThatIsNotAWholeLatchkeyBackupAndChangesNothing() async throws {
        let directory = temporaryDirectory()
        let files = directory + "-files"
        defer {
            try? FileManager.default.removeItem(atPath: directory)
            try? FileManager.default.removeItem(atPath: files)
        }
        try FileManager.default.createDirectory(atPath: files, withIntermediateDirectories: true)
        let clientID = try await LatchkeyBinary.createApp("Kept", in: ["--data-dir", directory]).clientID
        let good = files + "/good.sqlite"
        #expect(try await LatchkeyBinary.run(["backup", "--to", good, "--data-dir", directory]).status == 0)

        let text = files + "/notes.txt"
        try Data(String(repeating: "not a database\n", count: 400).utf8).write(to: URL(fileURLWithPath: text))
        let foreign = files + "/other.sqlite"
        try SQLiteFile.execute("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('hello')", in: foreign)
        let truncated = files + "/truncated.sqlite"
        let whole = try Data(contentsOf: URL(fileURLWithPath: good))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: truncated))

        let database = directory + "/latchkey.sqlite"
        let original = try Data(contentsOf: URL(fileURLWithPath: database))
        for (file, reason) in [
            (text, "is not a Latchkey backup: it is not an SQLite database"),
            (foreign, "is not a Latchkey backup: it has no readable feature_migrations table"),
            (truncated, "is damaged"),
            (files + "/missing.sqlite", "does not exist"),
        ] {
            let refused = try await LatchkeyBinary.run(["restore", "--from", file, "--data-dir", directory])
            #expect(refused.status != 0)
            #expect(refused.stderr.contains(file) && refused.stderr.contains(reason), "\(refused.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == original)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).allSatisfy { !$0.contains("restor") })
        let server = try await ServerProcess(dataDirectory: directory)
        #expect(try await server.request("GET", "/v1/hello", clientID: clientID).status == .ok)
        try await server.stop()
    }

    @Test func scheduledBackupsAreTakenPrunedAndReported() async throws {
        let directory = temporaryDirectory()
        let backups = directory + "-scheduled"
        let restoredInto = directory + "-restored"
        defer {
            for path in [directory, backups, restoredInto] { try? FileManager.default.removeItem(atPath: path) }
        }
        _ = try await LatchkeyBinary.createApp("Scheduled", in: ["--data-dir", directory])
        let server = try await ServerProcess(
            dataDirectory: directory,
            extraArguments: ["--backup-dir", backups, "--backup-every", "1s", "--backup-keep", "2"]
        )
        let metrics = { @Sendable () async throws -> String in
            try await server.request("GET", "/metrics", token: TestHarness.metricsToken).text
        }
        let value = { (text: String, name: String) -> Double? in
            text.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { Double($0.split(separator: " ").last ?? "") }
        }
        _ = try await eventually(true, limit: .seconds(60)) { (value(try await metrics(), "latchkey_backups_total") ?? 0) >= 4 }
        let text = try await metrics()
        try await server.stop()
        #expect((value(text, "latchkey_backups_total") ?? 0) >= 4, "\(text)")
        #expect((value(text, "latchkey_backup_last_size_bytes") ?? 0) > 0, "\(text)")
        let lastSuccess = value(text, "latchkey_backup_last_success_timestamp_seconds") ?? 0
        #expect(abs(lastSuccess - Date().timeIntervalSince1970) < 120, "\(text)")
        #expect(value(text, "latchkey_backup_failures_total") == nil, "\(text)")

        let names = try FileManager.default.contentsOfDirectory(atPath: backups).sorted()
        #expect(names.count == 2, "\(names)")
        #expect(names.allSatisfy { $0.hasPrefix("latchkey-") && $0.hasSuffix("Z.sqlite") }, "\(names)")
        let newest = try #require(names.last)
        let restored = try await LatchkeyBinary.run(["restore", "--from", backups + "/" + newest, "--data-dir", restoredInto])
        #expect(restored.status == 0, "\(restored.stderr)")
    }

    @Test func aBadBackupScheduleIsAClearError() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let badInterval = try await ServerProcess.refusal(
            dataDirectory: directory,
            extraArguments: ["--backup-dir", directory + "-b", "--backup-every", "6x"]
        )
        #expect(badInterval.status != 0)
        #expect(badInterval.output.contains(#"sets --backup-every to "6x", but backup-every takes a duration"#), "\(badInterval.output)")
        let fromEnvironment = try await ServerProcess.refusal(
            dataDirectory: directory,
            environment: ["LATCHKEY_BACKUP_DIR": directory + "-b", "LATCHKEY_BACKUP_EVERY": "0h"]
        )
        #expect(fromEnvironment.output.contains(#"the environment sets LATCHKEY_BACKUP_EVERY to "0h""#), "\(fromEnvironment.output)")
        let badKeep = try await ServerProcess.refusal(
            dataDirectory: directory,
            extraArguments: ["--backup-dir", directory + "-b", "--backup-keep", "0"]
        )
        #expect(badKeep.output.contains(#"sets --backup-keep to "0", but backup-keep takes a whole number of at least 1"#), "\(badKeep.output)")
        let noDirectory = try await ServerProcess.refusal(dataDirectory: directory, extraArguments: ["--backup-every", "6h"])
        #expect(noDirectory.output.contains("sets --backup-every, which needs --backup-dir"), "\(noDirectory.output)")
        #expect(!FileManager.default.fileExists(atPath: directory + "-b"))
    }

    @Test func backupOnPostgreSQLNamesPostgreSQLsTools() async throws {
        let refused = try await LatchkeyBinary.run(["backup", "--to", "/tmp/never", "--database", "postgres://latchkey@127.0.0.1:1/none"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("pg_dump") && refused.stderr.contains("latchkey migrate --from"), "\(refused.stderr)")
    }
}
