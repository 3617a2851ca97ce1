import Foundation
import HTTPTypes
import Testing

@testable import LatchkeyServer

/// The console's data-tree page over HTTP: a viewer browses an app's tree a page of children
/// at a time, an admin sets, adds and deletes values with the API's limits, and the rules
/// simulator says whether a user may read or write a location and which rule decided. Every
/// read, change and simulation leaves its audit row.
@Suite struct ConsoleDataTreeTests {
    typealias Browser = ConsolePagesTests.Browser

    /// The keys of a page's children, in the order shown.
    static func keys(_ page: TestResponse) -> [String] {
        page.text.matches(of: /<tr><th scope="row"><a href="[^"]+"><code>([^<]+)<\/code><\/a><\/th>/).map { String($0.1) }
    }

    /// Writes `json` at `path` with admin access through the protocol.
    static func put(_ client: Client, _ harness: TestHarness, _ path: String, _ json: String) async throws {
        let admin = try await harness.clientToken(client, scope: "database:admin")
        let answer = try await client.send(.put, "\(path).json", raw: Data(json.utf8), token: admin)
        #expect(answer.status == .ok, "\(answer.text)")
    }

    /// What the protocol reads at `path` with admin access, as JSON text.
    static func read(_ client: Client, _ harness: TestHarness, _ path: String) async throws -> String {
        let admin = try await harness.clientToken(client, scope: "database:admin")
        return try await client.send(.get, "\(path).json", token: admin).text
    }

    @Test(arguments: TestStore.enabled) func aViewerBrowsesTheTreeAPageOfChildrenAtATime(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let viewer = try await harness.makeOperator("vera", role: .viewer)
        try await harness.run { client in
            let scores = (0..<55).map { String(format: #""k%02d": %d"#, $0, $0) }.joined(separator: ",")
            try await Self.put(client, harness, "/scores", "{\(scores)}")
            try await Self.put(client, harness, "/profile", #"{"name": "Ann", "tags": {"a": true}}"#)
            var vera = Browser()
            try await vera.signIn(client, harness, viewer)
            let base = "/console/apps/\(harness.app.id)/data"
            #expect(try await vera.get(client, "/console/apps/\(harness.app.id)").text.contains(#"href="\#(base)" id="data-link""#))

            let root = try await vera.get(client, base)
            #expect(root.status == .ok && Self.keys(root) == ["profile", "scores"], "\(root.text)")
            #expect(root.text.contains("2 children") && root.text.contains("55 children"))
            // A viewer browses and simulates; nothing on the page changes the tree.
            #expect(!root.text.contains(#"id="edit-form""#) && !root.text.contains(#"id="delete-form""#))
            #expect(root.text.contains(#"id="simulate-form""#))

            let first = try await vera.get(client, "\(base)?path=/scores")
            #expect(Self.keys(first) == (0..<50).map { String(format: "k%02d", $0) }, "\(first.text)")
            #expect(first.text.contains("Children 1–50 of 55"))
            #expect(first.text.contains(#"href="\#(base)?path=%2Fscores&amp;after=k49" id="next-children""#), "\(first.text)")
            let second = try await vera.get(client, "\(base)?path=%2Fscores&after=k49")
            #expect(Self.keys(second) == (50..<55).map { String(format: "k%02d", $0) })
            #expect(!second.text.contains("next-children") && second.text.contains(#"id="first-children""#))

            let leaf = try await vera.get(client, "\(base)?path=/scores/k07")
            #expect(leaf.text.contains(#"<pre class="code" id="scalar">7</pre>"#), "\(leaf.text)")
            #expect(leaf.text.contains(#"<a href="\#(base)?path=%2Fscores">scores</a>"#))
            #expect(leaf.text.contains(#"<span aria-current="location">k07</span>"#))
            let nested = try await vera.get(client, "\(base)?path=/profile")
            #expect(nested.text.contains(#"<code>&quot;Ann&quot;</code>"#) && nested.text.contains("1 child<"))
            #expect(try await vera.get(client, "\(base)?path=/nothing/here").text.contains(#"id="no-value""#))

            for bad in ["path=/a.b", "path=%2Fscores&after=a%23b", "path=" + String(repeating: "/k", count: 40)] {
                let refused = try await vera.get(client, "\(base)?\(bad)")
                #expect(refused.status == .unprocessableContent && refused.text.contains("error-summary"), "\(bad)")
            }
            #expect(try await vera.get(client, "/console/apps/none/data").status == .notFound)
            // A viewer's write is refused and changes nothing.
            let write = try await vera.post(client, base, ["path": "/profile/name", "value": #""Eve""#, "action": "set"])
            #expect(write.status == .forbidden)
            #expect(try await Self.read(client, harness, "/profile/name") == #""Ann""#)

            let reads = try await harness.backend.admin.auditLog(by: .commandLine()).filter { $0.action == "data.read" }
            // Six locations shown, and the root each refused location showed instead.
            #expect(reads.count == 9 && reads.allSatisfy { $0.actor == "vera" && $0.appID == harness.app.id }, "\(reads)")
            #expect(reads.contains { $0.target == "\(harness.app.id) /scores/k07" })

            for path in [base, "\(base)?path=/scores"] {
                let away = try await client.send(.get, path)
                #expect(away.status == .seeOther && away.headers[.location] == "/console/sign-in", "\(path)")
            }
        }
    }

    @Test(arguments: TestStore.enabled) func anAdminSetsAddsAndDeletesValuesWithinTheAPIsLimits(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let admin = try await harness.makeOperator("adam", role: .admin)
        try await harness.run { client in
            try await Self.put(client, harness, "/profile", #"{"name": "Ann", "tags": {"a": true, "b": false}}"#)
            var adam = Browser()
            try await adam.signIn(client, harness, admin)
            let base = "/console/apps/\(harness.app.id)/data"
            let page = try await adam.get(client, "\(base)?path=/profile/name")
            #expect(page.text.contains(#"id="edit-form""#) && page.text.contains(#"&quot;Ann&quot;</textarea>"#), "\(page.text)")

            // A child added by key, then a value replaced where it is; each save says so.
            let added = try await adam.post(client, base, ["path": "/profile", "key": "age", "value": "41", "action": "set"])
            #expect(added.status == .seeOther && added.headers[.location] == "\(base)?path=%2Fprofile%2Fage&saved=set")
            #expect(try await adam.get(client, "\(base)?path=%2Fprofile%2Fage&saved=set").text.contains(#"id="data-saved""#))
            let set = try await adam.post(client, base, ["path": "/profile/name", "key": "", "value": #""Anna""#, "action": "set"])
            #expect(set.status == .seeOther)
            #expect(try await Self.read(client, harness, "/profile") == #"{"age":41,"name":"Anna","tags":{"a":true,"b":false}}"#)
            // Server values resolve as the API resolves them.
            _ = try await adam.post(client, base, ["path": "/profile", "key": "seen", "value": #"{".sv": "timestamp"}"#, "action": "set"])
            #expect(try await Self.read(client, harness, "/profile/seen") == String(harness.clock.now().epochMilliseconds))

            // What does not parse comes back beside its field, as typed, and writes nothing.
            for (form, field) in [
                (["key": "", "value": "{nope"], "value"), (["key": "a.b", "value": "1"], "key"),
                (["key": "x", "value": "  "], "value"), (["key": "", "value": "1", "path": "/a#b"], "path"),
            ] {
                let refused = try await adam.post(client, base, ["path": "/profile", "action": "set"].merging(form) { $1 })
                // The summary links to the field, which says what is wrong beside it.
                #expect(refused.status == .unprocessableContent && refused.text.contains(##"<a href="#\##(field)">"##), "\(form): \(refused.text)")
                #expect(refused.text.contains(#"id="\#(field)-error""#), "\(form)")
            }
            let typed = try await adam.post(client, base, ["path": "/profile", "key": "", "value": "{nope", "action": "set"])
            #expect(typed.text.contains(">{nope</textarea>") && typed.text.contains("Invalid data"), "\(typed.text)")
            // The app's quota holds for operators too.
            _ = try await harness.backend.admin.updateApp(
                harness.app.id,
                name: nil,
                changes: [SettingChange(flag: "database-max-leaves", values: ["1000"])],
                by: .commandLine()
            )
            let many = "[" + Array(repeating: "1", count: 1_001).joined(separator: ",") + "]"
            let over = try await adam.post(client, base, ["path": "/profile", "key": "many", "value": many, "action": "set"])
            #expect(over.status == .unprocessableContent && over.text.contains(#"id="value-error""#), "\(over.text)")
            #expect(try await Self.read(client, harness, "/profile/many") == "null")

            let deleted = try await adam.post(client, base, ["path": "/profile/tags", "action": "delete"])
            #expect(deleted.status == .seeOther && deleted.headers[.location] == "\(base)?path=%2Fprofile&saved=deleted")
            #expect(try await Self.read(client, harness, "/profile/tags") == "null")
            #expect(try await adam.get(client, "\(base)?path=%2Fprofile&saved=deleted").text.contains("Location deleted."))

            let entries = try await harness.backend.admin.auditLog(by: .commandLine())
            let renamed = try #require(entries.first { $0.action == "data.set" && $0.target == "\(harness.app.id) /profile/name" })
            #expect(renamed.actor == "adam" && renamed.changes == [AuditChange(field: "/profile/name", before: #""Ann""#, after: #""Anna""#)])
            let removal = try #require(entries.first { $0.action == "data.delete" })
            #expect(removal.changes == [AuditChange(field: "/profile/tags", before: #"{"a":true,"b":false}"#, after: nil)], "\(removal)")
            #expect(entries.filter { $0.action == "data.set" }.count == 3)
        }
    }

    @Test(arguments: TestStore.enabled) func theSimulatorSaysWhichRuleDecidedAndWritesNothing(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let viewer = try await harness.makeOperator("vera", role: .viewer)
        try await harness.run { client in
            let admin = try await harness.clientToken(client, scope: "database:admin")
            let rules = #"""
                {"rules": {
                  "public": {".read": true},
                  "users": {"$uid": {
                    ".read": "auth != null && auth.uid == $uid",
                    ".write": "auth != null && auth.uid == $uid",
                    "age": {".validate": "newData.isNumber() && newData.val() >= 0"}
                  }}
                }}
                """#
            #expect(try await client.send(.put, "/.settings/rules.json", raw: Data(rules.utf8), token: admin).status == .ok)
            let ann = try await DatabaseTests.user("ann", client)
            let ben = try await DatabaseTests.user("ben", client)
            var vera = Browser()
            try await vera.signIn(client, harness, viewer)
            let base = "/console/apps/\(harness.app.id)/data"
            // A user's page links to their node of the tree.
            let userPage = try await vera.get(client, "/console/apps/\(harness.app.id)/users/\(ann.id)")
            #expect(userPage.text.contains(#"href="\#(base)?path=%2Fusers%2F\#(ann.id)" id="user-tree-link""#), "\(userPage.text)")
            _ = try await vera.get(client, base)
            let simulate = { (browser: inout Browser, form: [String: String]) in
                try await browser.post(client, "\(base)/simulate", ["at": "/"].merging(form) { $1 })
            }

            let own = try await simulate(&vera, ["path": "/users/\(ann.id)", "user": ann.id, "operation": "read"])
            #expect(own.status == .ok && own.text.contains(#"<span id="verdict">Allowed</span>"#), "\(own.text)")
            #expect(own.text.contains("Allowed by .read at /users/$uid."))
            #expect(
                own.text.contains(
                    #"<tr class="deciding" id="deciding-step"><td><code>.read</code></td><td><code>/users/$uid</code></td><td><code>auth != null &amp;&amp; auth.uid == $uid</code></td><td>true</td></tr>"#
                )
            )

            let other = try await simulate(&vera, ["path": "/users/\(ann.id)", "user": ben.id, "operation": "read"])
            #expect(other.text.contains(#"<span id="verdict">Denied</span>"#) && other.text.contains("no .read rule at or above"))
            #expect(other.text.contains("<td>false</td>") && !other.text.contains("deciding-step"))
            let anonymous = try await simulate(&vera, ["path": "/public/news", "user": "", "operation": "read"])
            #expect(anonymous.text.contains("Allowed by .read at /public.") && anonymous.text.contains("<td><code>true</code></td>"))

            let negative = try await simulate(&vera, ["path": "/users/\(ann.id)/age", "user": ann.id, "operation": "write", "data": "-1"])
            #expect(negative.text.contains("Refused by .validate at /users/$uid/age"), "\(negative.text)")
            let valid = try await simulate(&vera, ["path": "/users/\(ann.id)/age", "user": ann.id, "operation": "write", "data": "7"])
            #expect(valid.text.contains("Allowed by .write at /users/$uid."))
            #expect(try await Self.read(client, harness, "/users/\(ann.id)") == "null", "a simulation writes nothing")

            for (form, field) in [
                (["user": "nobody"], "sim-user"), (["operation": "write", "data": "{"], "sim-data"),
                (["operation": "write", "data": ""], "sim-data"), (["operation": "delete"], "sim-operation"),
                (["path": "/a.b"], "sim-path"),
            ] {
                let refused = try await simulate(&vera, ["path": "/users/x", "operation": "read"].merging(form) { $1 })
                #expect(refused.status == .unprocessableContent && refused.text.contains(##"<a href="#\##(field)">"##), "\(form): \(refused.text)")
                #expect(!refused.text.contains(#"id="simulation" class="simulation"#), "no verdict: \(form)")
            }

            // In Japanese, the verdict and the reason are Japanese.
            vera.language = "ja"
            let japanese = try await simulate(&vera, ["path": "/users/\(ann.id)", "user": ann.id, "operation": "read"])
            #expect(japanese.text.contains(#"<span id="verdict">許可</span>"#) && japanese.text.contains("/users/$uid の .read により許可されました。"))

            let simulations = try await harness.backend.admin.auditLog(by: .commandLine()).filter { $0.action == "data.simulate" }
            #expect(simulations.count == 6 && simulations.allSatisfy { $0.actor == "vera" }, "\(simulations)")
        }
    }
}
