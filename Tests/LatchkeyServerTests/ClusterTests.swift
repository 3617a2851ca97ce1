import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import NIOConcurrencyHelpers
import Testing

/// Several `latchkey serve` processes on one PostgreSQL database: nothing may live in one node's
/// memory alone. Runs whenever the suite runs on PostgreSQL.
@Suite(.serialized, .enabled(if: TestStore.enabled.contains(.postgres)))
struct ClusterTests {
    /// A fresh database, an app configured through the CLI, and `count` nodes serving it.
    private struct Cluster {
        let databaseURL: String
        let clientID: String
        let nodes: [ServerProcess]
        let directory: String

        static func start(count: Int = 3, settings: [String] = []) async throws -> Cluster {
            let databaseURL = try await TestStore.createDatabase()
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-cluster-\(UUID().uuidString)").path
            let created = try #require(
                try LatchkeyBinary.json(["apps", "create", "--name", "Cluster", "--database", databaseURL]) as? [String: Any])
            let clientID = try #require((created["app"] as? [String: Any])?["clientId"] as? String)
            let update = try LatchkeyBinary.run(
                ["apps", "update", clientID, "--bcrypt-cost", "10", "--database", databaseURL] + settings)
            guard update.status == 0 else { throw HarnessError.unexpected(update.stderr) }
            var nodes: [ServerProcess] = []
            for _ in 0..<count {
                nodes.append(try await ServerProcess(dataDirectory: directory, extraArguments: ["--database", databaseURL] + sharedIssuer))
            }
            return Cluster(databaseURL: databaseURL, clientID: clientID, nodes: nodes, directory: directory)
        }

        func stop() async {
            for node in nodes { _ = try? await node.stop() }
            await TestStore.dropDatabase(databaseURL)
            try? FileManager.default.removeItem(atPath: directory)
        }

        func signUp(on node: Int, _ username: String) async throws -> TestResponse {
            try await nodes[node].request(
                "POST", "/v1/auth/signup", json: ["username": username, "password": "correct horse battery"], clientID: clientID)
        }
    }

    @Test func aTokenFromOneNodeWorksOnAllAndSignOutReachesThemWithinASecond() async throws {
        let cluster = try await Cluster.start()
        let signUp = try await cluster.signUp(on: 0, "roamer")
        let token = try #require(signUp.string("session.accessToken"))
        for node in cluster.nodes { #expect(try await node.request("GET", "/v1/me", token: token).status == .ok) }
        let signOut = try await cluster.nodes[0].request("POST", "/v1/auth/signout", token: token)
        #expect(signOut.status == .noContent)
        let started = ContinuousClock.now
        for node in cluster.nodes.dropFirst() {
            var refused = false
            while !refused && ContinuousClock.now - started < .seconds(3) {
                refused = try await node.request("GET", "/v1/me", token: token).status == .unauthorized
                if !refused { try await Task.sleep(for: .milliseconds(20)) }
            }
            #expect(refused)
        }
        #expect(ContinuousClock.now - started < .seconds(1), "revocation took \(ContinuousClock.now - started)")
        await cluster.stop()
    }

    @Test func aProfileChangeOnOneNodeIsSeenByTheOthers() async throws {
        let cluster = try await Cluster.start()
        let token = try #require(try await cluster.signUp(on: 0, "changer").string("session.accessToken"))
        for node in cluster.nodes { #expect(try await node.request("GET", "/v1/me", token: token).value("country") == nil) }
        var patch = URLRequest(url: URL(string: cluster.nodes[0].baseURL + "/v1/me")!)
        patch.httpMethod = "PATCH"
        patch.httpBody = Data(#"{"country":"JP"}"#.utf8)
        patch.setValue("application/json", forHTTPHeaderField: "Content-Type")
        patch.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        _ = try await URLSession.shared.data(for: patch)
        let started = ContinuousClock.now
        for node in cluster.nodes {
            var seen = false
            while !seen && ContinuousClock.now - started < .seconds(3) {
                seen = try await node.request("GET", "/v1/me", token: token).string("country") == "JP"
                if !seen { try await Task.sleep(for: .milliseconds(20)) }
            }
            #expect(seen)
        }
        #expect(ContinuousClock.now - started < .seconds(2))
        await cluster.stop()
    }

    @Test func refreshReuseAndGraceHoldAcrossNodes() async throws {
        let cluster = try await Cluster.start(settings: ["--refresh-grace", "2"])
        let signUp = try await cluster.signUp(on: 0, "rotator")
        let first = try #require(signUp.string("session.refreshToken"))
        let rotated = try await cluster.nodes[0].request("POST", "/v1/auth/refresh", json: ["refreshToken": first], clientID: cluster.clientID)
        let successor = try #require(rotated.string("session.refreshToken"))
        let retried = try await cluster.nodes[1].request("POST", "/v1/auth/refresh", json: ["refreshToken": first], clientID: cluster.clientID)
        #expect(retried.string("session.refreshToken") == successor)
        try await Task.sleep(for: .milliseconds(3100))
        let reused = try await cluster.nodes[2].request("POST", "/v1/auth/refresh", json: ["refreshToken": first], clientID: cluster.clientID)
        #expect(reused.status == .unauthorized)
        let afterReuse = try await cluster.nodes[0].request("POST", "/v1/auth/refresh", json: ["refreshToken": successor], clientID: cluster.clientID)
        #expect(afterReuse.status == .unauthorized)
        await cluster.stop()
    }

    @Test func parallelRefreshesOnDifferentNodesLeaveOneLiveToken() async throws {
        let cluster = try await Cluster.start()
        let signUp = try await cluster.signUp(on: 0, "racer")
        let token = try #require(signUp.string("session.refreshToken"))
        let responses = try await withThrowingTaskGroup(of: TestResponse.self) { group in
            for index in 0..<12 {
                group.addTask {
                    try await cluster.nodes[index % 3].request(
                        "POST", "/v1/auth/refresh", json: ["refreshToken": token], clientID: cluster.clientID)
                }
            }
            return try await group.reduce(into: [TestResponse]()) { $0.append($1) }
        }
        #expect(responses.allSatisfy { $0.status == .ok })
        #expect(Set(responses.compactMap { $0.string("session.refreshToken") }).count == 1)
        await cluster.stop()
    }

    @Test func failedSignInsCountAcrossNodes() async throws {
        let cluster = try await Cluster.start(settings: ["--account-failure-limit", "3"])
        _ = try await cluster.signUp(on: 0, "target")
        for index in 0..<3 {
            let failure = try await cluster.nodes[index].request(
                "POST", "/v1/auth/signin", json: ["username": "target", "password": "wrong password"], clientID: cluster.clientID)
            #expect(failure.status == .unauthorized)
        }
        for node in cluster.nodes {
            let locked = try await node.request(
                "POST", "/v1/auth/signin", json: ["username": "target", "password": "correct horse battery"], clientID: cluster.clientID)
            #expect(locked.status == .unauthorized)
        }
        await cluster.stop()
    }

    @Test func fiftyParallelSignUpsOverThreeNodesCreateOne() async throws {
        let cluster = try await Cluster.start()
        let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
            for index in 0..<50 { group.addTask { try await cluster.signUp(on: index % 3, "contested").status } }
            return try await group.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
        }
        #expect(statuses.filter { $0 == .created }.count == 1)
        #expect(statuses.filter { $0 == .conflict }.count == 49)
        await cluster.stop()
    }

    @Test func nodesStartingTogetherMigrateOnceAndShareKeys() async throws {
        let databaseURL = try await TestStore.createDatabase()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-cluster-\(UUID().uuidString)").path
        let nodes = try await withThrowingTaskGroup(of: ServerProcess.self) { group in
            for _ in 0..<3 {
                group.addTask { try await ServerProcess(dataDirectory: directory, extraArguments: ["--database", databaseURL] + sharedIssuer) }
            }
            return try await group.reduce(into: [ServerProcess]()) { $0.append($1) }
        }
        #expect(nodes.filter { $0.stdout.contains("client secret") }.count == 1)
        let apps = try #require(try LatchkeyBinary.json(["apps", "list", "--database", databaseURL]) as? [[String: Any]])
        #expect(apps.count == 1)
        var keySets: [Set<String>] = []
        for node in nodes {
            let jwks = try await node.request("GET", "/.well-known/jwks.json")
            keySets.append(Set(((jwks.value("keys") as? [[String: String]]) ?? []).compactMap { $0["kid"] }))
        }
        #expect(keySets.allSatisfy { $0 == keySets[0] && $0.count == 1 })
        let rotated = try #require(try LatchkeyBinary.json(["keys", "rotate", "--database", databaseURL]) as? [String: String])
        let newKid = try #require(rotated["kid"])
        for node in nodes {
            var seen = false
            let started = ContinuousClock.now
            while !seen && ContinuousClock.now - started < .seconds(8) {
                let jwks = try await node.request("GET", "/.well-known/jwks.json")
                seen = ((jwks.value("keys") as? [[String: String]]) ?? []).contains { $0["kid"] == newKid }
                if !seen { try await Task.sleep(for: .milliseconds(200)) }
            }
            #expect(seen)
        }
        for node in nodes { _ = try? await node.stop() }
        await TestStore.dropDatabase(databaseURL)
    }

    @Test func databaseOutageAnswers503AndRecovers() async throws {
        let cluster = try await Cluster.start(count: 1)
        let node = cluster.nodes[0]
        _ = try await cluster.signUp(on: 0, "survivor")
        let name = String(URLComponents(string: cluster.databaseURL)?.path.dropFirst() ?? "")
        try await TestStore.admin { connection, logger in
            try await connection.query("ALTER DATABASE \(unescaped: name) ALLOW_CONNECTIONS false", logger: logger)
            try await connection.query(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = \(name)", logger: logger)
        }
        let signIn = ["username": "survivor", "password": "correct horse battery"]
        let down = try await node.request("POST", "/v1/auth/signin", json: signIn, clientID: cluster.clientID)
        #expect(down.status == .serviceUnavailable)
        #expect(down.string("code") == "service_unavailable")
        #expect(try await node.request("GET", "/healthz").status == .ok)
        #expect(try await node.request("GET", "/readyz").status == .serviceUnavailable)
        try await TestStore.admin { connection, logger in
            try await connection.query("ALTER DATABASE \(unescaped: name) ALLOW_CONNECTIONS true", logger: logger)
        }
        var recovered = false
        let started = ContinuousClock.now
        while !recovered && ContinuousClock.now - started < .seconds(15) {
            recovered = try await node.request("POST", "/v1/auth/signin", json: signIn, clientID: cluster.clientID).status == .ok
            if !recovered { try await Task.sleep(for: .milliseconds(250)) }
        }
        #expect(recovered)
        await cluster.stop()
    }
}

/// Moving an installation from the embedded SQLite file to PostgreSQL loses nothing.
@Suite(.enabled(if: TestStore.enabled.contains(.postgres)))
struct InstallationCopyTests {
    @Test func sqliteInstallationMovesToPostgresIntact() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-copy-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let created = try #require(try LatchkeyBinary.json(["apps", "create", "--name", "Moving", "--data-dir", directory]) as? [String: Any])
        let clientID = try #require((created["app"] as? [String: Any])?["clientId"] as? String)
        _ = try LatchkeyBinary.run(["apps", "update", clientID, "--bcrypt-cost", "10", "--session-ttl", "7200", "--data-dir", directory])
        let embedded = try await ServerProcess(dataDirectory: directory, extraArguments: sharedIssuer)
        let signUp = try await embedded.request(
            "POST", "/v1/auth/signup", json: ["username": "mover", "password": "correct horse battery"], clientID: clientID)
        let access = try #require(signUp.string("session.accessToken"))
        let refresh = try #require(signUp.string("session.refreshToken"))
        try await embedded.stop()

        let databaseURL = try await TestStore.createDatabase()
        let copy = try LatchkeyBinary.run(["migrate", "--from", "sqlite://" + directory, "--to", databaseURL])
        #expect(copy.status == 0, "\(copy.stderr)")
        #expect(copy.stdout.contains("users: 1 rows"))
        let again = try LatchkeyBinary.run(["migrate", "--from", "sqlite://" + directory, "--to", databaseURL])
        #expect(again.status != 0)
        #expect(again.stderr.contains("already holds apps"))

        let clustered = try await ServerProcess(dataDirectory: directory, extraArguments: ["--database", databaseURL] + sharedIssuer)
        #expect(!clustered.stdout.contains("client secret"))
        #expect(try await clustered.request("GET", "/v1/me", token: access).status == .ok)
        let refreshed = try await clustered.request("POST", "/v1/auth/refresh", json: ["refreshToken": refresh], clientID: clientID)
        #expect(refreshed.status == .ok)
        let signIn = try await clustered.request(
            "POST", "/v1/auth/signin", json: ["username": "mover", "password": "correct horse battery"], clientID: clientID)
        #expect(signIn.status == .ok)
        let app = try #require(try LatchkeyBinary.json(["apps", "show", clientID, "--database", databaseURL]) as? [String: Any])
        #expect((app["settings"] as? [String: Any])?["sessionTTL"] as? Int == 7200)
        #expect(app["secretCount"] as? Int == 1)
        try await clustered.stop()
        await TestStore.dropDatabase(databaseURL)
    }
}

/// Nodes of one installation announce one public URL (as behind a load balancer), so each
/// accepts the others' tokens; without it each would be the issuer `http://127.0.0.1:<its port>`.
let sharedIssuer = ["--public-url", "http://cluster.test"]
