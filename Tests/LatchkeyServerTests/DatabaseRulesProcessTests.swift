import Foundation
import HTTPTypes
import LatchkeyServer
import LatchkeyTestSupport
import Testing

/// Rules changed under running servers: each node compiles an app's rules once and keeps them
/// until a `database_rules` change reaches it through the change bus, whoever made the change
/// (`latchkey database rules set` in another process, or another node).
@Suite struct DatabaseRulesProcessTests {
    @Test(arguments: TestStore.enabled) func rulesSetWhileServersRunApplyOnEveryNode(store: TestStore) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-rules-\(UUID().uuidString)").path
        let databaseURL = store == .postgres ? try await TestStore.createDatabase() : nil
        let arguments = databaseURL.map { ["--database", $0] } ?? ["--data-dir", directory]
        let clientID = try await LatchkeyBinary.createApp("Rules", in: arguments).clientID
        let updated = try await LatchkeyBinary.run(["apps", "update", clientID, "--bcrypt-cost", "10"] + arguments)
        // The store's pool runs before anything leases from it (PostgresNIO warns otherwise).
        let leasedEarly = "hasn't been called yet"
        #expect(!updated.stderr.contains(leasedEarly), "\(updated.stderr)")
        let app = arguments + ["--app", clientID]
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-rules-\(UUID().uuidString).json").path
        defer {
            try? FileManager.default.removeItem(atPath: directory)
            try? FileManager.default.removeItem(atPath: file)
        }
        func setRules(_ document: String) async throws {
            try Data(document.utf8).write(to: URL(fileURLWithPath: file))
            let set = try await LatchkeyBinary.run(["database", "rules", "set", file] + app)
            #expect(set.status == 0, "\(set.stderr)")
        }

        var nodes: [ServerProcess] = []
        for _ in 0..<(store == .postgres ? 2 : 1) {
            nodes.append(try await ServerProcess(dataDirectory: directory, extraArguments: arguments + sharedIssuer))
        }
        let signedUp = try await nodes[0].request(
            "POST",
            "/v1/auth/signup",
            json: ["username": "nora", "password": "correct horse battery"],
            clientID: clientID
        )
        let token = try #require(signedUp.string("session.accessToken"))

        // Every node has compiled the default rules, which keep /public closed.
        for node in nodes { #expect(try await node.request("GET", "/public.json", token: token).status == .unauthorized) }

        try await setRules(
            """
            {
              "rules": {
                "public": {
                  ".read": "auth != null",
                  // the token's claims and the provider are there too
                  "$note": { ".write": "auth.token.sub == auth.uid && auth.provider == 'latchkey' && newData.hasChild('text')" }
                }
              }
            }
            """
        )
        for node in nodes {
            let status = try await eventually(HTTPResponse.Status.ok) { try await node.request("GET", "/public.json", token: token).status }
            #expect(status == .ok)
        }
        let last = try #require(nodes.last)
        #expect(try await last.request("PUT", "/public/n1.json", json: ["text": "hi"], token: token).status == .ok)
        #expect(try await last.request("PUT", "/public/n2.json", json: ["body": "hi"], token: token).status == .unauthorized)

        try await setRules(#"{"rules": {}}"#)
        for node in nodes {
            let status = try await eventually(HTTPResponse.Status.unauthorized) {
                try await node.request("GET", "/public.json", token: token).status
            }
            #expect(status == .unauthorized)
        }
        for node in nodes {
            try await node.stop()
            #expect(!node.stderr.contains(leasedEarly) && !node.stdout.contains(leasedEarly))
        }
        if let databaseURL { await TestStore.dropDatabase(databaseURL) }
    }
}
