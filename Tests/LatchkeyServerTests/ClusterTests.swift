import Foundation
import HTTPTypes
import HummingbirdTesting
import LatchkeyTestSupport
import NIOConcurrencyHelpers
import PostgresNIO
import Testing

/// Several `latchkey serve` processes on one PostgreSQL database: nothing may live in one node's
/// memory alone. Runs whenever the suite runs on PostgreSQL.
@Suite(.serialized, .enabled(if: TestStore.enabled.contains(.postgres)))
struct ClusterTests {
    /// A fresh database, an app configured through the CLI, and `count` nodes serving it.
    private struct Cluster {
        let databaseURL: String
        let clientID: String
        let clientSecret: String
        let nodes: [ServerProcess]
        let directory: String

        /// With `provider`, the app accepts its ID tokens as `google`.
        static func start(
            count: Int = 3,
            settings: [String] = [],
            provider: FakeIdentityProvider? = nil,
            nodeArguments: [String] = []
        ) async throws -> Cluster {
            let databaseURL = try await TestStore.createDatabase()
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-cluster-\(UUID().uuidString)").path
            let created = try await LatchkeyBinary.createApp("Cluster", in: ["--database", databaseURL])
            let clientID = created.clientID
            let clientSecret = created.clientSecret
            let update = try await LatchkeyBinary.run(
                ["apps", "update", clientID, "--bcrypt-cost", "10", "--database", databaseURL] + settings
            )
            guard update.status == 0 else { throw HarnessError.unexpected(update.stderr) }
            if let provider {
                let added = try await LatchkeyBinary.run([
                    "apps", "providers", "set", clientID, "--name", "google", "--kind", "oidc", "--issuer", provider.issuer,
                    "--client-id", "client-1", "--database", databaseURL,
                ])
                guard added.status == 0 else { throw HarnessError.unexpected(added.stderr) }
            }
            var nodes: [ServerProcess] = []
            for _ in 0..<count {
                nodes.append(
                    try await ServerProcess(dataDirectory: directory, extraArguments: ["--database", databaseURL] + sharedIssuer + nodeArguments)
                )
            }
            return Cluster(databaseURL: databaseURL, clientID: clientID, clientSecret: clientSecret, nodes: nodes, directory: directory)
        }

        func stop() async {
            for node in nodes { _ = try? await node.stop() }
            await TestStore.dropDatabase(databaseURL)
            try? FileManager.default.removeItem(atPath: directory)
        }

        func signUp(on node: Int, _ username: String) async throws -> TestResponse {
            try await nodes[node].request(
                "POST",
                "/v1/auth/signup",
                json: ["username": username, "password": "correct horse battery"],
                clientID: clientID
            )
        }

        /// A new session through the provider's `idToken` (no password hashing: a thousand take
        /// seconds, not minutes); its access token.
        func session(on node: Int, subject: String, provider: FakeIdentityProvider) async throws -> String {
            // ID tokens are accepted once: a fresh one per sign-in.
            let idToken = try provider.idToken(provider.claims(subject: subject, at: Date()))
            let signIn = try await nodes[node].request(
                "POST",
                "/v1/auth/external",
                json: ["provider": "google", "token": idToken],
                clientID: clientID
            )
            return try #require(signIn.string("session.accessToken"), "\(signIn.status)")
        }

        /// How long after `since` `node` first refuses `token`, at most `limit`. Polled every 5 ms,
        /// so the polling does not take the CPU the nodes need, over one kept-alive NIO connection:
        /// URLSession's own hops would be most of what is measured.
        func refusal(
            of token: String,
            on node: Int,
            since: ContinuousClock.Instant,
            limit: Duration = .seconds(5)
        ) async throws
            -> Duration
        {
            let port = nodes[node].port
            return try await withDeadline(limit + .seconds(30), "GET /v1/me polled on node \(node)") {
                try await TestClient.withClient(host: "127.0.0.1", port: port) { client in
                    while ContinuousClock.now - since < limit {
                        let response = try await client.get("/v1/me", headers: [.authorization: "Bearer \(token)"])
                        if response.status == .unauthorized { break }
                        try await Task.sleep(for: .milliseconds(5))
                    }
                    return ContinuousClock.now - since
                }
            }
        }

        /// Takes the database away (refusing new connections and ending the open ones), or
        /// gives it back.
        func databaseReachable(_ reachable: Bool) async throws {
            let name = String(URLComponents(string: databaseURL)?.path.dropFirst() ?? "")
            try await TestStore.admin { connection, logger in
                try await connection.query(
                    "ALTER DATABASE \(unescaped: name) ALLOW_CONNECTIONS \(unescaped: reachable ? "true" : "false")",
                    logger: logger
                )
                if !reachable {
                    try await connection.query(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = \(name)",
                        logger: logger
                    )
                }
            }
        }

        /// The last change sequence the database committed.
        func committedSequence() async throws -> Int64 {
            var sequence: Int64 = -1
            try await TestStore.admin(databaseURL) { connection, logger in
                for try await value in try await connection.query("SELECT value FROM change_sequence", logger: logger).decode(Int64.self) {
                    sequence = value
                }
            }
            return sequence
        }

        /// The change sequence `node` has applied, from its metrics.
        func appliedSequence(on node: Int) async throws -> Int64? {
            try await nodes[node].request("GET", "/metrics", token: TestHarness.metricsToken).metric("latchkey_change_feed_applied_sequence").map {
                Int64($0)
            }
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
        // Every other node is watched at once. What must hold is that no request *sent* a second
        // or more after the sign-out is accepted: the time a probe spends in a loaded test run
        // (two cores, the whole suite) is not propagation time.
        let lastAccepted = try await withThrowingTaskGroup(of: Duration?.self) { group in
            for node in cluster.nodes.dropFirst() {
                group.addTask {
                    var lastAccepted = Duration.zero
                    while ContinuousClock.now - started < .seconds(3) {
                        let sent = ContinuousClock.now - started
                        if try await node.request("GET", "/v1/me", token: token).status == .unauthorized { return lastAccepted }
                        lastAccepted = sent
                        try await Task.sleep(for: .milliseconds(20))
                    }
                    return nil
                }
            }
            return try await group.reduce(into: [Duration?]()) { $0.append($1) }
        }
        for sent in lastAccepted {
            let sent = try #require(sent, "a node still accepted the signed-out token after 3 s")
            #expect(sent < .seconds(1), "a request sent \(sent) after the sign-out was accepted")
        }
        await cluster.stop()
    }

    /// A node frozen for 30 s (SIGSTOP) while the others revoke sessions refuses those sessions as
    /// soon as it resumes — its cache is not trusted until it has read the feed again — and then
    /// applies every change it missed: its applied sequence reaches the database's.
    @Test func aNodeFrozenForThirtySecondsMissesNoChange() async throws {
        try await serving(try await FakeIdentityProvider.start()) { provider in
            let cluster = try await Cluster.start(provider: provider)
            var tokens: [String] = []
            for _ in 0..<20 { tokens.append(try await cluster.session(on: 0, subject: "sleeper", provider: provider)) }
            for token in tokens { #expect(try await cluster.nodes[2].request("GET", "/v1/me", token: token).status == .ok) }
            let (revoked, kept) = (Array(tokens.prefix(10)), Array(tokens.dropFirst(10)))
            let frozenPID = cluster.nodes[2].process.pid
            kill(frozenPID, SIGSTOP)
            let frozen = ContinuousClock.now
            for (index, token) in revoked.enumerated() {
                #expect(try await cluster.nodes[index % 2].request("POST", "/v1/auth/signout", token: token).status == .noContent)
                _ = try await cluster.session(on: 1, subject: "sleeper", provider: provider)
                try await Task.sleep(for: .seconds(2.5))
            }
            try await Task.sleep(until: frozen + .seconds(30))
            let committed = try await cluster.committedSequence()
            kill(frozenPID, SIGCONT)
            let resumed = ContinuousClock.now
            for token in revoked { #expect(try await cluster.nodes[2].request("GET", "/v1/me", token: token).status == .unauthorized) }
            for token in kept { #expect(try await cluster.nodes[2].request("GET", "/v1/me", token: token).status == .ok) }
            let checked = ContinuousClock.now - resumed
            var applied = try await cluster.appliedSequence(on: 2)
            while (applied ?? -1) < committed && ContinuousClock.now - resumed < .seconds(5) {
                try await Task.sleep(for: .milliseconds(10))
                applied = try await cluster.appliedSequence(on: 2)
            }
            print(
                "frozen \(resumed - frozen); database sequence \(committed), node applied \(applied ?? -1) within \(ContinuousClock.now - resumed); 20 tokens checked in \(checked)"
            )
            #expect(applied == committed)
            for token in revoked { #expect(try await cluster.nodes[2].request("GET", "/v1/me", token: token).status == .unauthorized) }
            await cluster.stop()
        }
    }

    /// A provider ID token is accepted once across the cluster: used on one node, it is refused
    /// on the others.
    @Test func anIDTokenUsedOnOneNodeIsRefusedOnTheOthers() async throws {
        try await serving(try await FakeIdentityProvider.start()) { provider in
            let cluster = try await Cluster.start(count: 2, provider: provider)
            let idToken = try provider.idToken(provider.claims(subject: "once", at: Date()))
            let body = ["provider": "google", "token": idToken]
            #expect(try await cluster.nodes[0].request("POST", "/v1/auth/external", json: body, clientID: cluster.clientID).status == .created)
            let replayed = try await cluster.nodes[1].request("POST", "/v1/auth/external", json: body, clientID: cluster.clientID)
            #expect(replayed.status == .unauthorized)
            #expect(replayed.string("code") == "invalid_provider_token")
            await cluster.stop()
        }
    }

    /// The timestamp feed's hole: a sign-out whose transaction waits on a row lock commits seconds
    /// after a later sign-out. Sequence order is commit order, so the other node still applies it.
    @Test func aSignOutThatCommitsLateIsStillApplied() async throws {
        try await serving(try await FakeIdentityProvider.start()) { provider in
            let cluster = try await Cluster.start(count: 2, provider: provider)
            let late = try await cluster.session(on: 0, subject: "late", provider: provider)
            let early = try await cluster.session(on: 0, subject: "early", provider: provider)
            let lateUser = try #require(try await cluster.nodes[0].request("GET", "/v1/me", token: late).string("id"))
            for token in [late, early] { #expect(try await cluster.nodes[1].request("GET", "/v1/me", token: token).status == .ok) }
            var lateSignOut: Task<HTTPResponse.Status, any Error>?
            try await TestStore.admin(cluster.databaseURL) { connection, logger in
                try await connection.query("BEGIN", logger: logger)
                try await connection.query("SELECT id FROM sessions WHERE user_id = \(lateUser) FOR UPDATE", logger: logger)
                lateSignOut = Task { try await cluster.nodes[0].request("POST", "/v1/auth/signout", token: late).status }
                try await Task.sleep(for: .seconds(6.5))
                #expect(try await cluster.nodes[0].request("POST", "/v1/auth/signout", token: early).status == .noContent)
                #expect(try await cluster.refusal(of: early, on: 1, since: .now) < .seconds(1))
                try await connection.query("COMMIT", logger: logger)
            }
            #expect(try await lateSignOut?.value == .noContent)
            #expect(try await cluster.refusal(of: late, on: 1, since: .now) < .seconds(1))
            await cluster.stop()
        }
    }

    @Test func aProfileChangeOnOneNodeIsSeenByTheOthers() async throws {
        let cluster = try await Cluster.start()
        let token = try #require(try await cluster.signUp(on: 0, "changer").string("session.accessToken"))
        for node in cluster.nodes { #expect(try await node.request("GET", "/v1/me", token: token).value("country") == nil) }
        #expect(try await cluster.nodes[0].request("PATCH", "/v1/me", json: ["country": "JP"], token: token).status == .ok)
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

    @Test func refreshReuseAndRetriesHoldAcrossNodes() async throws {
        let cluster = try await Cluster.start()
        let signUp = try await cluster.signUp(on: 0, "rotator")
        let first = try #require(signUp.string("session.refreshToken"))
        let rotated = try await cluster.nodes[0].request("POST", "/v1/auth/refresh", json: ["refreshToken": first], clientID: cluster.clientID)
        let successor = try #require(rotated.string("session.refreshToken"))
        let retried = try await cluster.nodes[1].request("POST", "/v1/auth/refresh", json: ["refreshToken": first], clientID: cluster.clientID)
        #expect(retried.string("session.refreshToken") == successor)
        let used = try await cluster.nodes[1].request("POST", "/v1/auth/refresh", json: ["refreshToken": successor], clientID: cluster.clientID)
        let live = try #require(used.string("session.refreshToken"))
        let reused = try await cluster.nodes[2].request("POST", "/v1/auth/refresh", json: ["refreshToken": first], clientID: cluster.clientID)
        #expect(reused.status == .unauthorized)
        let afterReuse = try await cluster.nodes[0].request("POST", "/v1/auth/refresh", json: ["refreshToken": live], clientID: cluster.clientID)
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
                        "POST",
                        "/v1/auth/refresh",
                        json: ["refreshToken": token],
                        clientID: cluster.clientID
                    )
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
                "POST",
                "/v1/auth/signin",
                json: ["username": "target", "password": "wrong password"],
                clientID: cluster.clientID
            )
            #expect(failure.status == .unauthorized)
        }
        for node in cluster.nodes {
            let locked = try await node.request(
                "POST",
                "/v1/auth/signin",
                json: ["username": "target", "password": "correct horse battery"],
                clientID: cluster.clientID
            )
            #expect(locked.status == .unauthorized)
        }
        await cluster.stop()
    }

    @Test func wrongPINsAndClientSecretsCountAcrossNodes() async throws {
        let cluster = try await Cluster.start(settings: ["--pin-failure-limit", "3", "--ip-failure-limit", "6"])
        let phone = "+14155550177"
        let started = try await cluster.nodes[0].request("POST", "/v1/auth/phone/start", json: ["phone": phone], clientID: cluster.clientID)
        let requestID = try #require(started.string("requestId"))
        func verify(on node: Int, pin: String) async throws -> TestResponse {
            try await cluster.nodes[node].request(
                "POST",
                "/v1/auth/phone/verify",
                json: ["phone": phone, "requestId": requestID, "pin": pin],
                clientID: cluster.clientID
            )
        }
        func token(on node: Int, secret: String) async throws -> TestResponse {
            try await cluster.nodes[node].request(
                "POST",
                "/oauth/token",
                form: "grant_type=client_credentials&client_id=\(cluster.clientID)&client_secret=\(secret)"
            )
        }
        // One wrong PIN and one wrong secret on each node: three of each, six from the address.
        for node in cluster.nodes.indices {
            #expect(try await verify(on: node, pin: "12345\(node)").string("code") == "invalid_code")
            #expect(try await token(on: node, secret: "lks_wrong\(node)").status == .unauthorized)
        }
        // Locked on every node: PINs before they are compared, and the address's wrong secrets;
        // the right secret is never refused.
        for node in cluster.nodes.indices {
            let pin = try await verify(on: node, pin: "000000")
            #expect(pin.status == .tooManyRequests)
            #expect(pin.headers[.retryAfter] != nil)
            let wrong = try await token(on: node, secret: "lks_wrong")
            #expect(wrong.status == .tooManyRequests)
            #expect(wrong.headers[.retryAfter] != nil)
            #expect(try await token(on: node, secret: cluster.clientSecret).status == .ok)
        }
        await cluster.stop()
    }

    /// Every node's dispatcher leases from the one outbox, lane by lane: each PIN is sent once,
    /// by one node, whichever node queued it, and soon.
    @Test func eachMessageIsSentOnceByOneNode() async throws {
        let cluster = try await Cluster.start(settings: ["--ip-send-limit", "100"], nodeArguments: ["--log-level", "notice"])
        let phones = (0..<30).map { "+14155550\(300 + $0)" }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, phone) in phones.enumerated() {
                group.addTask {
                    let started = try await cluster.nodes[index % 3].request(
                        "POST",
                        "/v1/auth/phone/start",
                        json: ["phone": phone],
                        clientID: cluster.clientID
                    )
                    #expect(started.status == .accepted)
                }
            }
            try await group.waitForAll()
        }
        /// The recipients of the messages each node's log sender wrote.
        func sent() -> [String] {
            cluster.nodes.flatMap { node in
                node.stderr.split(separator: "\n").filter { $0.contains("outbox message (log sender)") }
                    .compactMap { $0.firstMatch(of: /to=(\+\d+)/).map { String($0.output.1) } }
            }
        }
        let recipients = try await eventually(phones.count) { sent().count }
        #expect(recipients == phones.count)
        try await Task.sleep(for: .seconds(1))
        #expect(sent().sorted() == phones.sorted(), "each PIN once")
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
        let apps = try #require(try await LatchkeyBinary.json(["apps", "list", "--database", databaseURL]) as? [[String: Any]])
        #expect(apps.count == 1)
        var keySets: [Set<String>] = []
        for node in nodes {
            let jwks = try await node.request("GET", "/.well-known/jwks.json")
            keySets.append(Set(((jwks.value("keys") as? [[String: String]]) ?? []).compactMap { $0["kid"] }))
        }
        #expect(keySets.allSatisfy { $0 == keySets[0] && $0.count == 1 })
        let rotated = try #require(try await LatchkeyBinary.json(["keys", "rotate", "--database", databaseURL]) as? [String: String])
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
        try await cluster.databaseReachable(false)
        let signIn = ["username": "survivor", "password": "correct horse battery"]
        let down = try await node.request("POST", "/v1/auth/signin", json: signIn, clientID: cluster.clientID)
        #expect(down.status == .serviceUnavailable)
        #expect(down.string("code") == "service_unavailable")
        #expect(try await node.request("GET", "/healthz").status == .ok)
        #expect(try await node.request("GET", "/readyz").status == .serviceUnavailable)
        try await cluster.databaseReachable(true)
        var recovered = false
        let started = ContinuousClock.now
        while !recovered && ContinuousClock.now - started < .seconds(15) {
            recovered = try await node.request("POST", "/v1/auth/signin", json: signIn, clientID: cluster.clientID).status == .ok
            if !recovered { try await Task.sleep(for: .milliseconds(250)) }
        }
        #expect(recovered)
        await cluster.stop()
    }

    /// Outages one after another while requests keep coming: every request is answered and the
    /// node stays up. PostgreSQL's client, keeping a minimum of connections open, fell short of it
    /// after failed reconnects and stopped the process at its next lease it had no connection for.
    @Test func aNodeUnderLoadOutlivesRepeatedOutages() async throws {
        let cluster = try await Cluster.start(count: 1)
        let node = cluster.nodes[0]
        let load = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<16 {
                    group.addTask {
                        while !Task.isCancelled {
                            let status = try await node.request("GET", "/readyz").status
                            #expect(status == .ok || status == .serviceUnavailable)
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        for _ in 0..<4 {
            try await cluster.databaseReachable(false)
            try await Task.sleep(for: .milliseconds(1_500))
            try await cluster.databaseReachable(true)
            try await Task.sleep(for: .milliseconds(1_500))
        }
        load.cancel()
        try await load.value
        #expect(node.process.isRunning, "\(node.stderr)")
        #expect(try await eventually(.ok, limit: .seconds(15)) { try await node.request("GET", "/readyz").status } == .ok)
        await cluster.stop()
    }

    /// The change bus's figure: a thousand sign-outs on node 0, each refused by nodes 1 and 2 (which
    /// had the session cached) within 100 ms at p99. Two sign-outs are in flight at a time: on two
    /// cores, more only measures the test's own load. Last in this serialized suite, so that it
    /// runs when the rest of the test run has mostly finished and measures propagation, not the
    /// other suites' load.
    @Test func signOutsAreRefusedByTheOtherNodesWithin100MillisecondsAtP99() async throws {
        try await serving(try await FakeIdentityProvider.start()) { provider in
            let cluster = try await Cluster.start(provider: provider)
            let started = ContinuousClock.now
            let latencies = try await withThrowingTaskGroup(of: [Duration].self) { group in
                for _ in 0..<2 {
                    group.addTask {
                        var latencies: [Duration] = []
                        for _ in 0..<500 {
                            let token = try await cluster.session(on: 0, subject: "roamer", provider: provider)
                            for node in 1...2 { #expect(try await cluster.nodes[node].request("GET", "/v1/me", token: token).status == .ok) }
                            #expect(try await cluster.nodes[0].request("POST", "/v1/auth/signout", token: token).status == .noContent)
                            let signedOut = ContinuousClock.now
                            async let second = cluster.refusal(of: token, on: 1, since: signedOut)
                            async let third = cluster.refusal(of: token, on: 2, since: signedOut)
                            latencies.append(max(try await second, try await third))
                        }
                        return latencies
                    }
                }
                return try await group.reduce(into: [Duration]()) { $0 += $1 }.sorted()
            }
            let p50 = latencies[latencies.count / 2]
            let p99 = latencies[latencies.count * 99 / 100]
            print(
                "sign-out refused on both other nodes, \(latencies.count) sign-outs: p50 \(p50), p99 \(p99), max \(latencies.last!), run \(ContinuousClock.now - started)"
            )
            #expect(latencies.count == 1_000)
            #expect(p99 < .milliseconds(100))
            #expect(latencies.last! < .seconds(5))
            await cluster.stop()
        }
    }

    /// The wallet's figure across nodes: 1,000 awards carrying 100 distinct idempotency keys, sent
    /// in parallel (64 at a time) to three nodes of one PostgreSQL database, write exactly 100
    /// entries and the balance of 100 awards.
    @Test func aThousandAwardsWithAHundredKeysAcrossThreeNodesWriteAHundredEntries() async throws {
        let cluster = try await Cluster.start()
        let signUp = try await cluster.signUp(on: 0, "saver")
        let access = try #require(signUp.string("session.accessToken"))
        let userID = try #require(signUp.string("user.id"))
        let secret = cluster.clientSecret.addingPercentEncoding(withAllowedCharacters: CharacterSet.alphanumerics) ?? ""
        let grant = "grant_type=client_credentials&client_id=\(cluster.clientID)&client_secret=\(secret)&scope=wallet%3Awrite"
        let token = try #require(try await cluster.nodes[0].request("POST", "/oauth/token", form: grant).string("access_token"))
        var statuses: [HTTPResponse.Status] = []
        try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
            for index in 0..<1_000 {
                if index >= 64, let status = try await group.next() { statuses.append(status) }
                group.addTask {
                    let award: [String: any Sendable] = ["currency": "kredits", "amount": 7, "idempotencyKey": "award-\(index % 100)"]
                    // A node that sheds load answers 503 with Retry-After, and a client retries
                    // under the same key: what is checked is that retries award once.
                    for _ in 0..<5 {
                        let status = try await cluster.nodes[index % 3].request(
                            "POST",
                            "/v1/wallet/users/\(userID)/transactions",
                            json: award,
                            token: token
                        ).status
                        guard status == .serviceUnavailable else { return status }
                        try await Task.sleep(for: .milliseconds(200))
                    }
                    return .serviceUnavailable
                }
            }
            for try await status in group { statuses.append(status) }
        }
        #expect(statuses.filter { $0 == .created }.count == 100)
        #expect(statuses.filter { $0 == .ok }.count == 900)
        let page = try await cluster.nodes[1].request("GET", "/v1/me/wallet/ledger?limit=100", token: access)
        let entries = (page.value("entries") as? [[String: Any]]) ?? []
        #expect(entries.count == 100 && page.string("nextCursor") == nil)
        #expect(Set(entries.compactMap { $0["idempotencyKey"] as? String }).count == 100)
        let wallet = try await cluster.nodes[2].request("GET", "/v1/me/wallet", token: access)
        #expect(((wallet.value("balances") as? [[String: Any]])?.first?["balance"] as? NSNumber)?.int64Value == 700)
        await cluster.stop()
    }
}

/// Moving an installation from the embedded SQLite file to PostgreSQL loses nothing.
@Suite(.enabled(if: TestStore.enabled.contains(.postgres)))
struct InstallationCopyTests {
    @Test func sqliteInstallationMovesToPostgresIntact() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-copy-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let clientID = try await LatchkeyBinary.createApp("Moving", in: ["--data-dir", directory]).clientID
        _ = try await LatchkeyBinary.run(["apps", "update", clientID, "--bcrypt-cost", "10", "--session-ttl", "7200", "--data-dir", directory])
        let embedded = try await ServerProcess(dataDirectory: directory, extraArguments: sharedIssuer)
        let signUp = try await embedded.request(
            "POST",
            "/v1/auth/signup",
            json: ["username": "mover", "password": "correct horse battery"],
            clientID: clientID
        )
        let access = try #require(signUp.string("session.accessToken"))
        let refresh = try #require(signUp.string("session.refreshToken"))
        try await embedded.stop()

        let databaseURL = try await TestStore.createDatabase()
        let copy = try await LatchkeyBinary.run(["migrate", "--from", "sqlite://" + directory, "--to", databaseURL])
        #expect(copy.status == 0, "\(copy.stderr)")
        #expect(copy.stdout.contains("users: 1 rows"))
        let again = try await LatchkeyBinary.run(["migrate", "--from", "sqlite://" + directory, "--to", databaseURL])
        #expect(again.status != 0)
        #expect(again.stderr.contains("already holds apps"))

        let clustered = try await ServerProcess(dataDirectory: directory, extraArguments: ["--database", databaseURL] + sharedIssuer)
        #expect(!clustered.stdout.contains("client secret"))
        #expect(try await clustered.request("GET", "/v1/me", token: access).status == .ok)
        let refreshed = try await clustered.request("POST", "/v1/auth/refresh", json: ["refreshToken": refresh], clientID: clientID)
        #expect(refreshed.status == .ok)
        let signIn = try await clustered.request(
            "POST",
            "/v1/auth/signin",
            json: ["username": "mover", "password": "correct horse battery"],
            clientID: clientID
        )
        #expect(signIn.status == .ok)
        let app = try #require(try await LatchkeyBinary.json(["apps", "show", clientID, "--database", databaseURL]) as? [String: Any])
        #expect((app["settings"] as? [String: Any])?["sessionTTL"] as? Int == 7200)
        #expect(app["secretCount"] as? Int == 1)
        try await clustered.stop()
        await TestStore.dropDatabase(databaseURL)
    }
}

/// Nodes of one installation announce one public URL (as behind a load balancer), so each
/// accepts the others' tokens; without it each would be the issuer `http://127.0.0.1:<its port>`.
let sharedIssuer = ["--public-url", "http://cluster.test"]
