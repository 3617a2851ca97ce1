import Foundation
import HTTPTypes
import LatchkeyWire
import SQLKit
import Testing

@testable import LatchkeyServer

/// The data tree over HTTP as the Realtime Database REST protocol has it: `<path>.json` with every
/// method, the callers (`ns`, bearer, `auth=`, `access_token=`, admins and their override), the
/// default rules, and the ``TreeChange`` every write records.
@Suite struct DatabaseTests {
    @Test(arguments: TestStore.enabled) func adminReadsAndWritesWithEveryMethod(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let admin = try await harness.clientToken(client, scope: "database:admin")
            let put = try await client.send(
                .put,
                "/books/one.json",
                raw: Data(#"{"title": "Dune", "pages": 412, "tags": ["sf", "classic"], "gone": null}"#.utf8),
                token: admin
            )
            #expect(put.status == .ok)
            #expect(put.text == #"{"pages":412,"tags":["sf","classic"],"title":"Dune"}"#)
            #expect(try await client.send(.get, "/books/one/title.json", token: admin).text == #""Dune""#)
            #expect(try await client.send(.get, "/books.json", token: admin).text == #"{"one":{"pages":412,"tags":["sf","classic"],"title":"Dune"}}"#)

            let patch = try await client.send(
                .patch,
                "/books/one.json",
                json: ["pages": 413, "author/name": "Herbert", "tags": NSNull()],
                token: admin
            )
            #expect(patch.status == .ok && patch.value("pages") as? Int == 413 && patch.value("author/name") as? String == "Herbert")
            #expect(try await client.send(.get, "/books/one.json", token: admin).text == #"{"author":{"name":"Herbert"},"pages":413,"title":"Dune"}"#)

            let pushed = try await client.send(.post, "/books.json", json: ["title": "Emma"], token: admin)
            let name = try #require(pushed.string("name"))
            #expect(pushed.status == .ok && name.count == 20)
            let second = try #require(try await client.send(.post, "/books.json", json: ["title": "Ulysses"], token: admin).string("name"))
            #expect(name < second, "push ids sort in the order they were made")
            #expect(try await client.send(.get, "/books/\(name)/title.json", token: admin).text == #""Emma""#)

            let shallow = try await client.send(.get, "/books.json?shallow=true", token: admin)
            #expect(shallow.text == "{\"\(name)\":true,\"\(second)\":true,\"one\":true}")
            #expect(try await client.send(.get, "/books/one/pages.json?shallow=true", token: admin).text == "413")
            #expect(try await client.send(.get, "/books/one/author.json?print=pretty", token: admin).text == "{\n  \"name\": \"Herbert\"\n}")
            let silent = try await client.send(.put, "/books/one/pages.json?print=silent", raw: Data("414".utf8), token: admin)
            #expect(silent.status == .noContent && silent.body.isEmpty)

            let deleted = try await client.send(.delete, "/books/one.json", token: admin)
            #expect(deleted.status == .ok && deleted.text == "null")
            #expect(try await client.send(.get, "/books/one.json", token: admin).text == "null")
            // Writing null or an empty object deletes; a write under a scalar replaces it.
            #expect(try await client.send(.put, "/books/\(name).json", raw: Data("{}".utf8), token: admin).text == "null")
            #expect(try await client.send(.put, "/books/\(second).json", raw: Data("null".utf8), token: admin).status == .ok)
            #expect(try await client.send(.get, "/books.json", token: admin).text == "null")
            _ = try await client.send(.put, "/x.json", raw: Data("5".utf8), token: admin)
            _ = try await client.send(.put, "/x/y.json", raw: Data("6".utf8), token: admin)
            #expect(try await client.send(.get, "/x.json", token: admin).text == #"{"y":6}"#)
            _ = try await client.send(.put, "/x.json", raw: Data("7".utf8), token: admin)
            #expect(try await client.send(.get, "/.json", token: admin).text == #"{"x":7}"#)
            // A key named like a server route is reached with a trailing slash.
            _ = try await client.send(.put, "/openapi/.json", raw: Data("1".utf8), token: admin)
            #expect(try await client.send(.get, "/openapi/.json", token: admin).text == "1")
            #expect(try await client.send(.get, "/openapi.json").string("openapi")?.hasPrefix("3.") == true)
        }
    }

    @Test(arguments: TestStore.enabled) func callersAreNamedByTheirTokenOrNamespace(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let (ann, annToken) = try await Self.user("ann", client)
            let (_, bobToken) = try await Self.user("bob", client)
            let record = Data(#"{"name": "Ann", "joined": {".sv": "timestamp"}}"#.utf8)
            // The default rules: /users/$uid is its user's.
            let own = try await client.send(.put, "/users/\(ann).json", raw: record, token: annToken)
            #expect(own.status == .ok && own.value("joined") as? Int == 1_800_000_000_000)
            for token in [bobToken, nil] {
                let other = try await client.send(.get, "/users/\(ann).json?ns=\(client.clientID)", token: token)
                #expect(other.status == .unauthorized && other.string("error") == "Permission denied")
                let write = try await client.send(.put, "/users/\(ann)/name.json?ns=\(client.clientID)", raw: Data(#""Bob""#.utf8), token: token)
                #expect(write.status == .unauthorized && write.string("error") == "Permission denied")
            }
            #expect(try await client.send(.get, "/users.json", token: annToken).status == .unauthorized)
            #expect(try await client.send(.put, "/elsewhere.json", raw: Data("1".utf8), token: annToken).status == .unauthorized)
            // The token may come as `auth=` or `access_token=`, and `ns` must name its app.
            #expect(try await client.send(.get, "/users/\(ann)/name.json?auth=\(annToken)").text == #""Ann""#)
            #expect(try await client.send(.get, "/users/\(ann)/name.json?access_token=\(annToken)&ns=\(client.clientID)").text == #""Ann""#)
            let other = try await harness.makeApp(name: "Other")
            #expect(try await client.send(.get, "/users/\(ann).json?ns=\(other.app.clientID)", token: annToken).status == .unauthorized)
            // Without a token: `ns` names the app, and must.
            let anonymous = try await client.send(.get, "/users/\(ann).json")
            #expect(anonymous.status == .notFound && anonymous.string("error") != nil)
            #expect(try await client.send(.get, "/x.json?ns=nobody").status == .notFound)
            let badToken = try await client.send(.get, "/x.json?auth=garbage")
            #expect(badToken.status == .unauthorized && badToken.string("error") == "Could not parse auth token.")
            // A signed-out session's token is refused.
            #expect(try await client.send(.post, "/v1/auth/signout", token: bobToken).status == .noContent)
            #expect(try await client.send(.get, "/users/x.json", token: bobToken).string("error") == "Could not parse auth token.")

            // An admin skips the rules, unless it asks to be seen as someone.
            let admin = try await harness.clientToken(client, scope: "database:admin")
            #expect(try await client.send(.get, "/users/\(ann)/name.json", token: admin).text == #""Ann""#)
            let asAnn = #"{"uid":"\#(ann)"}"#.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            #expect(try await client.send(.get, "/users/\(ann)/name.json?auth_variable_override=\(asAnn)", token: admin).text == #""Ann""#)
            let asNobody = try await client.send(.get, "/users/\(ann)/name.json?auth_variable_override=null", token: admin)
            #expect(asNobody.status == .unauthorized)
            #expect(try await client.send(.get, "/users/\(ann).json?auth_variable_override=null", token: annToken).status == .forbidden)
            #expect(try await client.send(.get, "/x.json?auth_variable_override=%7B", token: admin).status == .badRequest)
            // A confidential client's token without database:admin is no admin.
            let reader = try await harness.clientToken(client, scope: "appdata:read")
            #expect(try await client.send(.get, "/users.json", token: reader).string("error") == "Permission denied")
        }
    }

    @Test(arguments: TestStore.enabled) func aChildAwaitingConsentIsItsUserUnderTheRules(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let child = try await client.signUpChild("kid").access
            let id = try #require(try await client.send(.get, "/v1/me", token: child).string("id"))
            #expect(try await client.send(.put, "/users/\(id)/level.json", raw: Data("3".utf8), token: child).status == .ok)
            #expect(try await client.send(.get, "/users/\(id).json", token: child).text == #"{"level":3}"#)
            #expect(try await client.send(.get, "/users/other.json", token: child).status == .unauthorized)
        }
    }

    @Test(arguments: TestStore.enabled) func everyWriteRecordsATreeChangeInRevisionOrder(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let admin = try await harness.clientToken(client, scope: "database:admin")
            _ = try await client.send(.put, "/a.json", raw: Data(#"{"n": {".sv": {"increment": 2}}, "z": null}"#.utf8), token: admin)
            _ = try await client.send(.patch, "/a.json", raw: Data(#"{"b/c": 1, "n": null}"#.utf8), token: admin)
            _ = try await client.send(.delete, "/a/b.json", token: admin)
            // Refused writes take no revision.
            _ = try await client.send(.put, "/users/x.json?ns=\(client.clientID)", raw: Data("1".utf8))
            _ = try await client.send(.put, "/a.json", raw: Data("1".utf8), token: admin, headers: [.ifMatch: "stale"])
            let appID = harness.app.id
            let payloads = try await harness.backend.driver.read { db in
                try await db.raw("SELECT payload FROM change_events WHERE kind = 'tree' AND subject = \(bind: appID) ORDER BY sequence")
                    .all().map { try $0.decode(column: "payload", as: String.self) }
            }
            let changes = try payloads.map { try JSONDecoder().decode(TreeChange.self, from: Data($0.utf8)) }
            #expect(
                changes == [
                    TreeChange(revision: 1, operation: .put, path: "/a", data: .object(["n": .integer(2)])),
                    TreeChange(revision: 2, operation: .patch, path: "/a", data: .object(["b/c": .integer(1), "n": .null])),
                    TreeChange(revision: 3, operation: .put, path: "/a/b", data: nil),
                ]
            )
        }
    }

    @Test(arguments: TestStore.enabled) func uploadedRulesGovernEveryMethod(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let admin = try await harness.clientToken(client, scope: "database:admin")
            let rules = #"""
                {"rules": {
                  "public": {".read": true},
                  "scores": {"$uid": {".write": "auth != null && auth.uid == $uid", ".validate": "newData.isNumber()"}},
                  "once": {"$key": {".write": "!data.exists()", ".read": "auth != null"}}
                }}
                """#
            #expect(try await client.send(.put, "/.settings/rules.json", raw: Data(rules.utf8), token: admin).status == .ok)
            let (ann, token) = try await Self.user("ann", client)
            let ns = "ns=\(client.clientID)"
            _ = try await client.send(.put, "/public/motd.json", raw: Data(#""hi""#.utf8), token: admin)
            #expect(try await client.send(.get, "/public/motd.json?\(ns)").text == #""hi""#)
            #expect(try await client.send(.put, "/public/motd.json?\(ns)", raw: Data(#""no""#.utf8)).status == .unauthorized)
            #expect(try await client.send(.get, "/.json?\(ns)").status == .unauthorized)

            #expect(try await client.send(.put, "/scores/\(ann).json", raw: Data("5".utf8), token: token).text == "5")
            #expect(try await client.send(.put, "/scores/\(ann).json", raw: Data(#""x""#.utf8), token: token).string("error") == "Permission denied")
            #expect(try await client.send(.post, "/scores/\(ann).json", raw: Data("1".utf8), token: token).status == .unauthorized)
            let patched = try await client.send(.patch, "/scores.json", raw: Data(#"{"\#(ann)": {".sv": {"increment": 2}}}"#.utf8), token: token)
            #expect(patched.status == .ok && patched.text == #"{"\#(ann)":7}"#)
            // One refused member refuses the whole update.
            let mixed = try await client.send(.patch, "/scores.json", raw: Data(#"{"\#(ann)": 8, "bob": 1}"#.utf8), token: token)
            #expect(mixed.status == .unauthorized)
            #expect(try await client.send(.get, "/scores.json", token: admin).text == #"{"\#(ann)":7}"#)
            #expect(try await client.send(.delete, "/scores/\(ann).json?\(ns)").status == .unauthorized)
            let asAnn = "auth_variable_override=" + (#"{"uid":"\#(ann)"}"#.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
            #expect(try await client.send(.put, "/scores/\(ann).json?\(asAnn)", raw: Data("9".utf8), token: admin).status == .ok)
            #expect(try await client.send(.put, "/scores/bob.json?\(asAnn)", raw: Data("9".utf8), token: admin).status == .unauthorized)

            // `data` is the tree as the write's transaction sees it: a create-only location.
            #expect(try await client.send(.put, "/once/a.json", raw: Data("1".utf8), token: token).status == .ok)
            #expect(try await client.send(.put, "/once/a.json", raw: Data("2".utf8), token: token).status == .unauthorized)
            #expect(try await client.send(.get, "/once/a.json", token: token).text == "1")
            #expect(try await client.send(.get, "/once/a.json?\(ns)").status == .unauthorized)
        }
    }

    @Test(arguments: TestStore.enabled) func aUsersNodeIsInTheirExportAndGoesWithTheirAccount(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let (ann, token) = try await Self.user("ann", client)
            let (bob, bobToken) = try await Self.user("bob", client)
            #expect(try await client.send(.get, "/v1/me/export", token: token).text.contains(#""database":null"#))
            _ = try await client.send(.put, "/users/\(ann).json", raw: Data(#"{"name": "Ann", "ledger": {"a": 5}}"#.utf8), token: token)
            _ = try await client.send(.put, "/users/\(bob).json", raw: Data(#"{"name": "Bob"}"#.utf8), token: bobToken)
            let export = try await client.send(.get, "/v1/me/export", token: token)
            #expect(export.value("database.name") as? String == "Ann" && export.value("database.ledger.a") as? Int == 5)
            #expect(try await client.send(.delete, "/v1/me", token: token).status == .noContent)
            let admin = try await harness.clientToken(client, scope: "database:admin")
            #expect(try await client.send(.get, "/users.json", token: admin).text == "{\"\(bob)\":{\"name\":\"Bob\"}}")
            let appID = harness.app.id
            let last = try await harness.backend.driver.read { db in
                try await db.raw("SELECT payload FROM change_events WHERE kind = 'tree' AND subject = \(bind: appID) ORDER BY sequence DESC")
                    .first()?.decode(column: "payload", as: String.self)
            }
            #expect(
                try JSONDecoder().decode(TreeChange.self, from: Data((last ?? "").utf8))
                    == TreeChange(revision: 3, operation: .put, path: "/users/\(ann)", data: nil)
            )
        }
    }

    /// A user's id and access token.
    static func user(_ name: String, _ client: Client) async throws -> (id: String, token: String) {
        let token = try await client.signUpUser(name).access
        let id = try #require(try await client.send(.get, "/v1/me", token: token).string("id"))
        return (id, token)
    }
}
