import Foundation
import HTTPTypes
import LatchkeyServer
import Logging
import NIOConcurrencyHelpers
import Testing

/// The `latchkey` executable: first run, CLI administration, graceful shutdown, and durability
/// under `kill -9`.
@Suite(.serialized) struct ProcessTests {
    /// What `users seed` gives its users: bcrypt cost 10 of "bench-scale-password".
    private static let seededPasswordHash = "$2b$10$vzzvINMf9nlNcXshic/YueJKEeef50.lcUCQILFlqqy8TEkpc8caC"

    private func temporaryDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-proc-\(UUID().uuidString)").path
    }

    @Test func firstRunCreatesAnAppAndPrintsItsCredentialsOnce() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = try await ServerProcess(dataDirectory: directory)
        #expect(first.stdout.contains("client id:     lk_"))
        #expect(first.stdout.contains("client secret: lks_"))
        // The console's address carries the port bound, not the 0 serve was started with.
        #expect(first.stdout.contains("console: \(first.baseURL)/console"), "\(first.stdout)")
        #expect(first.stdout.contains("operator: owner"))
        let hello = try await first.request("GET", "/v1/hello")
        #expect(hello.status == .ok)
        // Started with --port 0: the issuer is the port actually bound.
        #expect(try await first.request("GET", "/.well-known/openid-configuration").string("issuer") == first.baseURL)
        #expect(try await first.stop() == 0)
        let second = try await ServerProcess(dataDirectory: directory)
        #expect(!second.stdout.contains("client secret") && !second.stdout.contains("password:"))
        try await second.stop()
        #expect(FileManager.default.fileExists(atPath: directory + "/latchkey.sqlite"))
    }

    @Test func appsCommands() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let created = try #require(
            try await LatchkeyBinary.json(["apps", "create", "--name", "Kids Game", "--data-dir", directory]) as? [String: Any]
        )
        let app = try #require(created["app"] as? [String: Any])
        let id = try #require(app["id"] as? String)
        let secret = try #require(created["clientSecret"] as? String)
        #expect(secret.hasPrefix("lks_"))
        let listed = try #require(try await LatchkeyBinary.json(["apps", "list", "--data-dir", directory]) as? [[String: Any]])
        #expect(listed.map { $0["name"] as? String } == ["Kids Game"])
        let updated = try #require(
            try await LatchkeyBinary.json([
                "apps", "update", id, "--session-ttl", "7200", "--access-token-ttl", "900", "--bcrypt-cost", "12",
                "--sign-in-methods", "username", "--data-dir", directory,
            ]) as? [String: Any]
        )
        let settings = try #require(updated["settings"] as? [String: Any])
        #expect(settings["sessionTTL"] as? Int == 7200)
        #expect(settings["accessTokenTTL"] as? Int == 900)
        #expect(settings["bcryptCost"] as? Int == 12)
        #expect(settings["signInMethods"] as? [String] == ["username"])
        let shown = try #require(
            try await LatchkeyBinary.json(["apps", "show", app["clientId"] as? String ?? "", "--data-dir", directory]) as? [String: Any]
        )
        #expect((shown["settings"] as? [String: Any])?["sessionTTL"] as? Int == 7200)
        let refused = try await LatchkeyBinary.run(["apps", "update", id, "--bcrypt-cost", "4", "--data-dir", directory])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("bcrypt cost"))
        // Every declared setting is a flag; `--flag=value`, repeated list flags, unknown flags.
        let listed2 = try #require(
            try await LatchkeyBinary.json([
                "apps", "update", id, "--cors-origin=https://a.example", "--cors-origin", "https://b.example",
                "--failure-window", "60", "--link-providers-by-verified-email", "true", "--data-dir", directory,
            ]) as? [String: Any]
        )
        let changed = try #require(listed2["settings"] as? [String: Any])
        #expect(changed["corsOrigins"] as? [String] == ["https://a.example", "https://b.example"])
        #expect(changed["failureWindowSeconds"] as? Int == 60)
        #expect(changed["linkProvidersByVerifiedEmail"] as? Bool == true)
        let unknown = try await LatchkeyBinary.run(["apps", "update", id, "--session-tll", "60", "--data-dir", directory])
        #expect(unknown.status != 0 && unknown.stderr.contains("unknown setting --session-tll"))
        let malformed = try await LatchkeyBinary.run(["apps", "update", id, "--password-grant", "yes", "--data-dir", directory])
        #expect(malformed.status != 0 && malformed.stderr.contains("true or false"))
        let help = try await LatchkeyBinary.run(["apps", "update", "--help"])
        for setting in AppSettings.declarations {
            guard let flag = setting.flag else { continue }
            #expect(help.stdout.contains("--\(flag)"), "--\(flag) is not in apps update --help")
        }
        let rotated = try #require(try await LatchkeyBinary.json(["apps", "rotate-secret", id, "--data-dir", directory]) as? [String: String])
        #expect(rotated["clientSecret"] != secret)
        let key = try #require(try await LatchkeyBinary.json(["keys", "rotate", "--data-dir", directory]) as? [String: String])
        #expect(key["kid"]?.isEmpty == false)
        let migrate = try await LatchkeyBinary.run(["migrate", "--data-dir", directory])
        #expect(migrate.status == 0)
        #expect(migrate.stdout.contains("up to date"))
        #expect(try await LatchkeyBinary.run(["apps", "show", "nope", "--data-dir", directory]).status != 0)
    }

    @Test func usersCommandsAndSessionLifetimeSeenByARunningServer() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let clientID = try await LatchkeyBinary.createApp("A", in: ["--data-dir", directory]).clientID
        _ = try await LatchkeyBinary.run(["apps", "update", clientID, "--session-ttl", "3600", "--bcrypt-cost", "10", "--data-dir", directory])
        let server = try await ServerProcess(dataDirectory: directory)
        let signUp = try await server.request(
            "POST",
            "/v1/auth/signup",
            json: ["username": "cli-user", "password": "correct horse battery"],
            clientID: clientID
        )
        #expect(signUp.status == .created)
        let session = try await server.request("GET", "/v1/auth/session", token: try #require(signUp.string("session.accessToken")))
        let formatter = ISO8601DateFormatter()
        let began = try #require(session.string("session.createdAt").flatMap(formatter.date(from:)))
        let expires = try #require(session.string("session.expiresAt").flatMap(formatter.date(from:)))
        #expect(expires.timeIntervalSince(began) == 3600)
        let users = try #require(try await LatchkeyBinary.json(["users", "list", "--app", clientID, "--data-dir", directory]) as? [[String: Any]])
        let userID = try #require((users.first?["user"] as? [String: Any])?["id"] as? String)
        let token = try #require(signUp.string("session.accessToken"))
        #expect(try await server.request("GET", "/v1/me", token: token).status == .ok)
        #expect(try await LatchkeyBinary.run(["users", "disable", userID, "--app", clientID, "--data-dir", directory]).status == 0)
        // The running server learns of the revocation from the database within its 1 s poll.
        var refused = false
        for _ in 0..<30 where !refused {
            refused = try await server.request("GET", "/v1/me", token: token).status == .unauthorized
            if !refused { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(refused)
        let shown = try #require(
            try await LatchkeyBinary.json(["users", "show", userID, "--app", clientID, "--data-dir", directory]) as? [String: Any]
        )
        #expect(shown["disabled"] as? Bool == true)
        let signIn = try await server.request(
            "POST",
            "/v1/auth/signin",
            json: ["username": "cli-user", "password": "correct horse battery"],
            clientID: clientID
        )
        #expect(signIn.status == .forbidden)
        #expect(try await LatchkeyBinary.run(["users", "enable", userID, "--app", clientID, "--data-dir", directory]).status == 0)
        let again = try await server.request(
            "POST",
            "/v1/auth/signin",
            json: ["username": "cli-user", "password": "correct horse battery"],
            clientID: clientID
        )
        #expect(again.status == .ok)
        #expect(try await LatchkeyBinary.run(["users", "delete", userID, "--app", clientID, "--data-dir", directory]).status == 0)
        let gone = try await server.request(
            "POST",
            "/v1/auth/signin",
            json: ["username": "cli-user", "password": "correct horse battery"],
            clientID: clientID
        )
        #expect(gone.status == .unauthorized)
        try await server.stop()
    }

    /// `users seed` writes what sign-up and sign-in write: seeded users sign in with the seeded
    /// hash's password, and the seeded sessions' refresh tokens rotate.
    @Test func seededUsersAndSessionsWorkLikeRealOnes() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let clientID = try await LatchkeyBinary.createApp("Seed", in: ["--data-dir", directory]).clientID
        let seed = ["users", "seed", "--app", clientID, "--password-hash", Self.seededPasswordHash, "--prefix", "load", "--data-dir", directory]
        let first = try #require(try await LatchkeyBinary.json(seed + ["--users", "25", "--sessions", "3"]) as? [String: Any])
        #expect(first["usersAdded"] as? Int == 25)
        let tokens = try #require(first["refreshTokens"] as? [String])
        #expect(tokens.count == 3)
        let second = try #require(try await LatchkeyBinary.json(seed + ["--users", "30"]) as? [String: Any])
        #expect(second["usersAdded"] as? Int == 5)
        #expect(try await LatchkeyBinary.run(seed.dropLast(2) + ["--password-hash", "plain", "--users", "1", "--data-dir", directory]).status != 0)
        let listed = try #require(try await LatchkeyBinary.json(["users", "list", "--app", clientID, "--data-dir", directory]) as? [[String: Any]])
        #expect(listed.count == 30)

        let server = try await ServerProcess(dataDirectory: directory)
        let signIn = try await server.request(
            "POST",
            "/v1/auth/signin",
            json: ["username": "load0000029", "password": "bench-scale-password"],
            clientID: clientID
        )
        #expect(signIn.status == .ok)
        for token in tokens {
            #expect(try await server.request("POST", "/v1/auth/refresh", json: ["refreshToken": token], clientID: clientID).status == .ok)
        }
        try await server.stop()
    }

    /// The write-ahead log is copied back into the database file while writes go on (SQLite's
    /// passive checkpoint past 1,000 pages): the `-wal` file stays near that size instead of
    /// growing with every commit, and what was written is there after a restart.
    @Test func theWriteAheadLogIsCopiedBackWhileWritesGoOn() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let clientID = try await LatchkeyBinary.createApp("Log", in: ["--data-dir", directory]).clientID
        let seeded = try #require(
            try await LatchkeyBinary.json([
                "users", "seed", "--app", clientID, "--users", "2000", "--sessions", "2000", "--prefix", "log",
                "--password-hash", Self.seededPasswordHash, "--data-dir", directory,
            ]) as? [String: Any]
        )
        let tokens = try #require(seeded["refreshTokens"] as? [String])
        let server = try await ServerProcess(dataDirectory: directory)
        // One refresh at a time, so each is a commit of its own: at least three pages each (the
        // claimed token, its successor, the session), over 6,000 pages in all.
        var successors: [String] = []
        for token in tokens {
            let refreshed = try await server.request("POST", "/v1/auth/refresh", json: ["refreshToken": token], clientID: clientID)
            successors.append(try #require(refreshed.string("session.refreshToken"), "\(refreshed.status)"))
        }
        let logBytes = try #require(
            try FileManager.default.attributesOfItem(atPath: directory + "/latchkey.sqlite-wal")[.size] as? Int
        )
        // A page in the log is its 4,096 bytes and a 24-byte frame header.
        #expect(logBytes / 4_120 < 2_000, "the log holds \(logBytes / 4_120) pages")
        try await server.stop()

        let restarted = try await ServerProcess(dataDirectory: directory)
        for successor in successors.suffix(3) {
            let refreshed = try await restarted.request("POST", "/v1/auth/refresh", json: ["refreshToken": successor], clientID: clientID)
            #expect(refreshed.status == .ok)
        }
        try await restarted.stop()
    }

    @Test func sigtermLetsInFlightRequestsFinish() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // bcrypt at cost 14 keeps the sign-up busy for about a second of CPU: SIGTERM goes once
        // the server has spent a fifth of that since the request was sent (the hash is running),
        // not after a fixed wait a loaded machine may not have reached the server within.
        let clientID = try await LatchkeyBinary.createApp("Slow", in: ["--data-dir", directory]).clientID
        _ = try await LatchkeyBinary.run(["apps", "update", clientID, "--bcrypt-cost", "14", "--data-dir", directory])
        let server = try await ServerProcess(dataDirectory: directory)
        let before = try Self.cpuSeconds(of: server.process.pid)
        let inFlight = Task {
            try await server.request(
                "POST",
                "/v1/auth/signup",
                json: ["username": "slowpoke", "password": "correct horse battery"],
                clientID: clientID
            )
        }
        let deadline = ContinuousClock.now + .seconds(30)
        while try Self.cpuSeconds(of: server.process.pid) - before < 0.2, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        let status = try await server.stop(signal: SIGTERM)
        #expect(try await inFlight.value.status == .created)
        #expect(status == 0)
    }

    /// The CPU time (user + system) process `pid` has used, from `/proc/<pid>/stat`.
    static func cpuSeconds(of pid: pid_t) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // Fields after the parenthesised command name; utime and stime are the 14th and 15th.
        let fields = try #require(stat.split(separator: ")").last).split(separator: " ")
        let ticks = try #require(Double(fields[11])) + (try #require(Double(fields[12])))
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    @Test func killNineLosesNoAcknowledgedUserAndLeavesNoHalfWrittenOne() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let clientID = try await LatchkeyBinary.createApp("Crash", in: ["--data-dir", directory]).clientID
        // Four writers from one address: lift the per-IP sign-up limit.
        _ = try await LatchkeyBinary.run(
            ["apps", "update", clientID, "--bcrypt-cost", "10", "--ip-sign-up-limit", "1000000", "--data-dir", directory])
        let server = try await ServerProcess(dataDirectory: directory)
        let acknowledged = NIOLockedValueBox<[String]>([])
        let writers = (0..<4).map { worker in
            Task {
                for index in 0..<10_000 {
                    let name = "crash-\(worker)-\(index)"
                    guard
                        let response = try? await server.request(
                            "POST",
                            "/v1/auth/signup",
                            json: ["username": name, "password": "correct horse battery"],
                            clientID: clientID
                        )
                    else { return }
                    if response.status == .created { acknowledged.withLockedValue { $0.append(name) } }
                }
            }
        }
        while acknowledged.withLockedValue({ $0.count }) < 30 { try await Task.sleep(for: .milliseconds(20)) }
        try await server.stop(signal: SIGKILL)
        for writer in writers { await writer.value }
        let names = acknowledged.withLockedValue { $0 }

        var logger = Logger(label: "kill-9-check")
        logger.logLevel = .critical
        var configuration = LatchkeyConfiguration()
        configuration.dataDirectory = directory
        configuration.secretKey = TestStore.secretKey
        let backend = try await LatchkeyBackend.open(configuration, logger: logger)
        let app = try #require(try await backend.apps.find(clientID))
        let stored = try await backend.users.list(appID: app.id, limit: 100_000)
        await backend.shutdown()
        let storedNames = Set(stored.compactMap(\.username))
        #expect(Set(names).isSubset(of: storedNames), "lost: \(Set(names).subtracting(storedNames))")
        #expect(stored.allSatisfy { $0.identities.count == 1 }, "a user without its identity")

        let restarted = try await ServerProcess(dataDirectory: directory)
        for name in names.suffix(3) {
            let signIn = try await restarted.request(
                "POST",
                "/v1/auth/signin",
                json: ["username": name, "password": "correct horse battery"],
                clientID: clientID
            )
            #expect(signIn.status == .ok, "\(name)")
        }
        try await restarted.stop()
    }
}
