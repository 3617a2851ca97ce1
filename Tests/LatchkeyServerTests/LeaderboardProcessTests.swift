import Foundation
import HTTPTypes
import LatchkeyTestSupport
import Testing

/// Leaderboards across processes: `latchkey leaderboards` changing boards under running servers,
/// and rank lists that stay the same on every node of a PostgreSQL cluster.
@Suite struct LeaderboardProcessTests {
    /// An installation with one app, on the store, and its CLI arguments.
    private struct Installation {
        let arguments: [String]
        let clientID: String
        let clientSecret: String
        let directory: String
        let databaseURL: String?

        static func make(_ store: TestStore) async throws -> Installation {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-boards-\(UUID().uuidString)").path
            let databaseURL = store == .postgres ? try await TestStore.createDatabase() : nil
            let arguments = databaseURL.map { ["--database", $0] } ?? ["--data-dir", directory]
            let created = try await LatchkeyBinary.createApp("Boards", in: arguments)
            let clientID = created.clientID
            let clientSecret = created.clientSecret
            _ = try await LatchkeyBinary.run(["apps", "update", clientID, "--bcrypt-cost", "10"] + arguments)
            return Installation(
                arguments: arguments,
                clientID: clientID,
                clientSecret: clientSecret,
                directory: directory,
                databaseURL: databaseURL
            )
        }

        /// A node; `logLevel` `notice` makes it log the log sender's messages (consent links).
        func node(logLevel: String = "error") async throws -> ServerProcess {
            try await ServerProcess(dataDirectory: directory, extraArguments: arguments + sharedIssuer + ["--log-level", logLevel])
        }

        func remove() async {
            if let databaseURL { await TestStore.dropDatabase(databaseURL) }
            try? FileManager.default.removeItem(atPath: directory)
        }

        func signUp(_ username: String, on node: ServerProcess) async throws -> (id: String, access: String) {
            let answer = try await node.request(
                "POST",
                "/v1/auth/signup",
                json: ["username": username, "password": "correct horse battery"],
                clientID: clientID
            )
            return (try #require(answer.string("user.id")), try #require(answer.string("session.accessToken")))
        }

        func clientToken(_ scope: String, on node: ServerProcess) async throws -> String {
            let form = "grant_type=client_credentials&client_id=\(clientID)&client_secret=\(clientSecret)&scope=\(scope)"
            return try #require(try await node.request("POST", "/oauth/token", form: form).string("access_token"))
        }
    }

    @Test(arguments: TestStore.enabled) func theCLIDefinesListsAndDeletesBoardsThatRunningServersServe(store: TestStore) async throws {
        let installation = try await Installation.make(store)
        let arguments = installation.arguments + ["--app", installation.clientID]
        let created = try #require(
            try await LatchkeyBinary.json(
                [
                    "leaderboards", "create", "weekly", "--sort", "asc", "--operator", "increment", "--reset", "weekly",
                    "--allow-user-submits", "--max-score", "50", "--submits-per-minute", "5",
                ] + arguments
            ) as? [String: Any]
        )
        #expect(created["sortOrder"] as? String == "asc" && created["resetSchedule"] as? String == "weekly")
        #expect(created["maxScore"] as? Int == 50 && created["userSubmitsPerMinute"] as? Int == 5)
        let refused = try await LatchkeyBinary.run(["leaderboards", "create", "bad", "--reset", "0 0 30 2 *"] + arguments)
        #expect(refused.status != 0 && refused.stderr.contains("resetSchedule"))
        #expect(try await LatchkeyBinary.run(["leaderboards", "create", "bad", "--operator", "max"] + arguments).status != 0)

        let node = try await installation.node()
        let user = try await installation.signUp("clio", on: node)
        let submitted = try await node.request("POST", "/v1/leaderboards/weekly/scores", json: ["score": 20], token: user.access)
        #expect(submitted.status == .ok && submitted.value("rank") as? Int == 1)

        // A definition changed while the server holds the board in memory binds the next submit
        // at once: it is checked against the board as stored when it writes.
        let lowered = try await LatchkeyBinary.run(["leaderboards", "create", "weekly", "--max-score", "25"] + arguments)
        #expect(lowered.status == 0, "\(lowered.stderr)")
        let tooHigh = try await node.request("POST", "/v1/leaderboards/weekly/scores", json: ["score": 10], token: user.access)
        #expect(tooHigh.status == .unprocessableContent && tooHigh.value("code") as? String == "leaderboard_score_too_high", "\(tooHigh.text)")
        let flipped = try await LatchkeyBinary.run(["leaderboards", "create", "weekly", "--sort", "desc"] + arguments)
        #expect(flipped.status != 0 && flipped.stderr.contains("leaderboard_sort_order_locked"), "\(flipped.stderr)")

        // A board the CLI makes or deletes while the server runs is served, then gone.
        _ = try await LatchkeyBinary.json(["leaderboards", "create", "daily"] + arguments)
        let listed = try #require(try await LatchkeyBinary.json(["leaderboards", "list"] + arguments) as? [[String: Any]])
        #expect(listed.compactMap { $0["id"] as? String } == ["daily", "weekly"])
        #expect(
            try await eventually(HTTPResponse.Status.ok) { try await node.request("GET", "/v1/leaderboards/daily", token: user.access).status } == .ok
        )
        let deleted = try await LatchkeyBinary.run(["leaderboards", "delete", "weekly"] + arguments)
        #expect(deleted.status == 0 && deleted.stdout.contains("deleted weekly"))
        let gone = try await eventually(HTTPResponse.Status.notFound) {
            try await node.request("GET", "/v1/leaderboards/weekly/entries", token: user.access).status
        }
        #expect(gone == .notFound)
        #expect(try await LatchkeyBinary.run(["leaderboards", "delete", "weekly"] + arguments).status != 0)
        try await node.stop()
        await installation.remove()
    }

    /// Two nodes on one PostgreSQL database: each node's rank list follows the submits, updates
    /// and deletions made on the other, and both answer the same ranks.
    @Test(.enabled(if: TestStore.enabled.contains(.postgres))) func ranksAgreeAcrossNodes() async throws {
        let installation = try await Installation.make(.postgres)
        let nodes = [try await installation.node(), try await installation.node()]
        let writer = try await installation.clientToken("leaderboards:write", on: nodes[0])
        let admin = try await installation.clientToken("leaderboards:admin", on: nodes[1])
        #expect(try await nodes[1].request("PUT", "/v1/leaderboards/arena", json: ["operator": "set"], token: admin).status == .created)
        var users: [(id: String, access: String)] = []
        for index in 0..<6 { users.append(try await installation.signUp("fighter\(index)", on: nodes[index % 2])) }

        func order(on node: ServerProcess) async throws -> [String] {
            let page = try await node.request("GET", "/v1/leaderboards/arena/entries?limit=100", token: users[0].access)
            return (page.value("entries") as? [[String: Any]] ?? []).compactMap { $0["displayName"] as? String }
        }
        // Both nodes load the (empty) board first, so what follows reaches them as changes.
        for node in nodes { #expect(try await order(on: node) == []) }
        for (index, user) in users.enumerated() {
            let node = nodes[(index + 1) % 2]
            let token = node === nodes[0] ? writer : try await installation.clientToken("leaderboards:write", on: node)
            #expect(
                try await node.request("PUT", "/v1/leaderboards/arena/scores/\(user.id)", json: ["score": index * 10], token: token).status == .ok
            )
        }
        let expected = (0..<6).reversed().map { "fighter\($0)" }
        for node in nodes { #expect(try await eventually(expected) { try await order(on: node) } == expected) }

        // An update on one node moves the user on the other; a deleted user leaves both.
        _ = try await nodes[0].request("PUT", "/v1/leaderboards/arena/scores/\(users[0].id)", json: ["score": 1000], token: writer)
        let usersAdmin = try await installation.clientToken("users:write", on: nodes[0])
        #expect(try await nodes[0].request("DELETE", "/v1/admin/users/\(users[5].id)", token: usersAdmin).status == .noContent)
        let after = ["fighter0", "fighter4", "fighter3", "fighter2", "fighter1"]
        for node in nodes {
            #expect(try await eventually(after) { try await order(on: node) } == after)
            #expect(try await node.request("GET", "/v1/leaderboards/arena/entries/me", token: users[2].access).value("rank") as? Int == 4)
        }
        for node in nodes { try await node.stop() }
        await installation.remove()
    }

    /// Two nodes on one PostgreSQL database: a parent's grant and revoke on one node change how
    /// the child is shown on the other, with no new submit (the consent write drops the account
    /// from every node's user cache).
    @Test(.enabled(if: TestStore.enabled.contains(.postgres))) func aParentsDecisionShowsOnEveryNode() async throws {
        let installation = try await Installation.make(.postgres)
        // Both log what their log sender sends: either node's dispatcher may send a message.
        let nodes = [try await installation.node(logLevel: "notice"), try await installation.node(logLevel: "notice")]
        let writer = try await installation.clientToken("leaderboards:write", on: nodes[0])
        let admin = try await installation.clientToken("leaderboards:admin", on: nodes[1])
        #expect(try await nodes[1].request("PUT", "/v1/leaderboards/kids", json: [:], token: admin).status == .created)
        let reader = try await installation.signUp("reader", on: nodes[1])
        let parent = "parent@example.com"
        let child = try await nodes[0].request(
            "POST",
            "/v1/auth/signup",
            json: ["username": "kiddo", "password": "correct horse battery", "dateOfBirth": "2016-05-01", "country": "US", "parentEmail": parent],
            clientID: installation.clientID
        )
        let childID = try #require(child.string("user.id"))

        func order() async throws -> [String] {
            let page = try await nodes[1].request("GET", "/v1/leaderboards/kids/entries", token: reader.access)
            return (page.value("entries") as? [[String: Any]] ?? []).compactMap { $0["displayName"] as? String }
        }
        /// A link either node's log sender wrote that is not `previous`: the node whose dispatcher
        /// leased the message sent it, whichever node queued it.
        func link(after previous: String?) async throws -> String {
            let started = ContinuousClock.now
            while ContinuousClock.now - started < .seconds(5) {
                let tokens = nodes.flatMap { node in node.stderr.matches(of: /token=([A-Za-z0-9_\-]+)/).map { String($0.output.1) } }
                if let token = tokens.first(where: { $0 != previous }) { return token }
                try await Task.sleep(for: .milliseconds(50))
            }
            throw HarnessError.unexpected("no new link in the logs: \(nodes.map { $0.stderr.suffix(2_000) })")
        }

        let awarded = try await nodes[0].request(
            "PUT",
            "/v1/leaderboards/kids/scores/\(childID)",
            json: ["score": 5, "displayName": "Kiddo"],
            token: writer
        )
        let shown = try #require(awarded.string("displayName"))
        #expect(shown.hasPrefix("Player "))
        #expect(try await eventually([shown]) { try await order() } == [shown])

        /// The parent opens the link's page on the first node and presses `action`'s button.
        func parentPresses(_ action: String, with token: String) async throws -> HTTPResponse.Status {
            let form = try PageForm(of: try await nodes[0].request("GET", "/v1/consent?token=\(token)"))
            let cookie: HTTPFields = [.cookie: form.cookie]
            return try await nodes[0].request(
                "POST",
                "/v1/consent",
                form: "token=\(token)&action=\(action)&csrf_token=\(form.token)",
                headers: cookie
            ).status
        }

        let request = try await link(after: nil)
        #expect(try await parentPresses("grant", with: request) == .ok)
        #expect(try await eventually(["Kiddo"]) { try await order() } == ["Kiddo"])

        #expect(
            try await nodes[0].request("POST", "/v1/consent/links", json: ["parentEmail": parent], clientID: installation.clientID).status
                == .accepted
        )
        let manage = try await link(after: request)
        #expect(try await parentPresses("revoke", with: manage) == .ok)
        #expect(try await eventually([shown]) { try await order() } == [shown])
        for node in nodes { try await node.stop() }
        await installation.remove()
    }
}
