import Foundation
import HTTPTypes
import LatchkeyServer
import LatchkeyTestSupport
import Testing

/// The rules as the tree's routes apply them: reads and writes over HTTP, allowed and denied, for
/// each part of the language (`auth.uid == $uid`, `data`, `newData`, `root`, `now`, `.validate`
/// with `hasChildren` and `$other`, string methods and `matches`, cascading grants, ternaries).
@Suite struct DatabaseRulesTreeTests {
    /// Talks the Realtime Database protocol to the harness's app.
    struct Tree {
        let client: Client
        let clientID: String
        let admin: String

        func send(
            _ method: HTTPRequest.Method,
            _ path: String,
            _ value: Any? = nil,
            query: String = "",
            token: String?
        ) async throws -> TestResponse {
            let body = try value.map { try JSONSerialization.data(withJSONObject: $0, options: [.fragmentsAllowed]) }
            return try await client.send(method, path + ".json?ns=\(clientID)" + query, raw: body, token: token)
        }

        func put(_ path: String, _ value: Any, token: String?) async throws -> HTTPResponse.Status {
            try await send(.put, path, value, token: token).status
        }

        func patch(_ path: String, _ value: [String: Any], token: String?) async throws -> HTTPResponse.Status {
            try await send(.patch, path, value, token: token).status
        }

        func read(_ path: String, token: String?) async throws -> HTTPResponse.Status {
            try await send(.get, path, token: token).status
        }

        /// The value at `path`, read as admin.
        func value(_ path: String) async throws -> Any? {
            try JSONSerialization.jsonObject(with: try await send(.get, path, token: admin).body, options: [.fragmentsAllowed])
        }

        func setRules(_ document: String) async throws {
            let answer = try await client.send(.put, "/.settings/rules.json", raw: Data(document.utf8), token: admin)
            guard answer.status == .ok else { throw HarnessError.unexpected(answer.text) }
        }
    }

    /// A signed-up user's id and access token.
    struct User {
        let id: String
        let token: String
    }

    static func user(_ client: Client, _ name: String) async throws -> User {
        let answer = try await client.signUp(["username": name, "password": "correct horse battery"])
        return User(id: try #require(answer.string("user.id")), token: try #require(answer.string("session.accessToken")))
    }

    static func withTree(_ store: TestStore, _ body: @Sendable @escaping (Tree, TestHarness) async throws -> Void) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let admin = try #require(try await harness.clientCredentials(client, scope: nil).string("access_token"))
            try await body(Tree(client: client, clientID: harness.app.clientID, admin: admin), harness)
        }
    }

    @Test(arguments: TestStore.enabled) func theDefaultRulesKeepEachUserToTheirOwnRecord(store: TestStore) async throws {
        try await Self.withTree(store) { tree, _ in
            let alice = try await Self.user(tree.client, "alice")
            let bob = try await Self.user(tree.client, "bob")
            #expect(try await tree.put("/users/\(alice.id)", ["name": "Alice"], token: alice.token) == .ok)
            #expect(try await tree.read("/users/\(alice.id)/name", token: alice.token) == .ok)
            #expect(try await tree.put("/users/\(alice.id)", ["name": "Mallory"], token: bob.token) == .unauthorized)
            #expect(try await tree.read("/users/\(alice.id)", token: bob.token) == .unauthorized)
            #expect(try await tree.read("/users/\(alice.id)", token: nil) == .unauthorized)
            // Rules are not filters: the parent is closed even though a child is open.
            #expect(try await tree.read("/users", token: alice.token) == .unauthorized)
            #expect(try await tree.read("/users", token: tree.admin) == .ok)
            let denied = try await tree.send(.get, "/users/\(alice.id)", token: bob.token)
            #expect(denied.json["error"] as? String == "Permission denied")
            #expect(try await tree.value("/users/\(alice.id)/name") as? String == "Alice")
        }
    }

    static let messageRules = #"""
        {
          "rules": {
            "messages": {
              ".read": "auth != null",
              "$id": {
                // Anyone signed in may post; only the author may change or delete a message.
                ".write": "auth != null && (!data.exists() || data.child('author').val() == auth.uid)",
                ".validate": "newData.hasChildren(['author', 'text', 'sent'])",
                "author": { ".validate": "newData.val() == auth.uid" },
                "text": { ".validate": "newData.isString() && newData.val().length > 0 && newData.val().length <= 20" },
                "sent": { ".validate": "newData.isNumber() && newData.val() <= now" },
                "email": { ".validate": "newData.val().matches(/^[^@ ]+@[a-z0-9-]+\\.[a-z]{2,}$/i)" },
                "$other": { ".validate": false }
              }
            }
          }
        }
        """#

    @Test(arguments: TestStore.enabled) func validateRulesCheckTheNewDatasShape(store: TestStore) async throws {
        try await Self.withTree(store) { tree, harness in
            try await tree.setRules(Self.messageRules)
            let ann = try await Self.user(tree.client, "ann")
            let ben = try await Self.user(tree.client, "ben")
            let now = Int(harness.clock.now().timeIntervalSince1970 * 1000)
            let message: [String: Any] = ["author": ann.id, "text": "hello", "sent": now]
            #expect(try await tree.put("/messages/m1", message, token: ann.token) == .ok)
            #expect(try await tree.put("/messages/m2", message.merging(["sent": [".sv": "timestamp"]]) { $1 }, token: ann.token) == .ok)
            #expect(try await tree.put("/messages/m3", message.merging(["email": "Ann@Example.ORG"]) { $1 }, token: ann.token) == .ok)
            for (refused, why) in [
                (message.filter { $0.key != "sent" }, "a required child missing"),
                (message.merging(["text": ""]) { $1 }, "an empty text"),
                (message.merging(["text": String(repeating: "x", count: 21)]) { $1 }, "a text too long"),
                (message.merging(["text": 42]) { $1 }, "a text that is no string"),
                (message.merging(["sent": now + 60_000]) { $1 }, "a time in the future"),
                (message.merging(["author": ben.id]) { $1 }, "someone else's name"),
                (message.merging(["email": "ann at example"]) { $1 }, "an email that does not match"),
                (message.merging(["likes": 3]) { $1 }, "an unknown child"),
            ] as [([String: Any], String)] {
                #expect(try await tree.put("/messages/m9", refused, token: ann.token) == .unauthorized, "\(why)")
            }
            #expect(try await tree.value("/messages/m9") is NSNull)
            // A child written alone is checked with its siblings as they will stand.
            #expect(try await tree.put("/messages/m1/text", "edited", token: ann.token) == .ok)
            #expect(try await tree.put("/messages/m1/likes", 1, token: ann.token) == .unauthorized)
            // `data`: only the author changes a message; deletes are not validated.
            #expect(try await tree.put("/messages/m1/text", "mine now", token: ben.token) == .unauthorized)
            #expect(try await tree.send(.delete, "/messages/m1/text", token: ben.token).status == .unauthorized)
            #expect(try await tree.send(.delete, "/messages/m1", token: ann.token).status == .ok)
            #expect(try await tree.read("/messages", token: ben.token) == .ok)
            #expect(try await tree.read("/messages", token: nil) == .unauthorized)
        }
    }

    static let roomRules = #"""
        {
          "rules": {
            /* admins are listed in the tree itself */
            "admins": { ".read": "auth != null && root.child('admins').child(auth.uid).val() == true" },
            "rooms": {
              "$room": {
                ".read": "root.child('members/' + $room + '/' + auth.uid).exists()",
                ".write": "root.child('admins/' + auth.uid).val() == true",
                "topic": { ".write": "data.parent().child('owner').val() == auth.uid" }
              }
            },
            "members": {
              "$room": {
                "$uid": {
                  // Join or leave yourself; an admin may do either for anyone.
                  ".write": "auth.uid == $uid ? (newData.val() == true || !newData.exists()) : root.child('admins/' + auth.uid).exists()"
                }
              }
            },
            "handles": {
              "$handle": {
                ".write": "!data.exists() && newData.val() == auth.uid",
                ".validate": "$handle.toLowerCase() == $handle && !$handle.contains('-') && $handle.beginsWith('h') && !$handle.endsWith('_') && $handle.replace('_', '').length >= 3"
              }
            }
          }
        }
        """#

    @Test(arguments: TestStore.enabled) func rootDataNewDataTernariesAndStringMethods(store: TestStore) async throws {
        try await Self.withTree(store) { tree, _ in
            try await tree.setRules(Self.roomRules)
            let ada = try await Self.user(tree.client, "ada")
            let bea = try await Self.user(tree.client, "bea")
            #expect(try await tree.put("/admins/\(ada.id)", true, token: tree.admin) == .ok)

            // root: only admins write rooms, only members read them.
            #expect(try await tree.put("/rooms/r1", ["owner": bea.id, "topic": "Chess"], token: ada.token) == .ok)
            #expect(try await tree.put("/rooms/r2", ["owner": bea.id], token: bea.token) == .unauthorized)
            #expect(try await tree.read("/rooms/r1", token: bea.token) == .unauthorized)
            #expect(try await tree.read("/admins", token: ada.token) == .ok)
            #expect(try await tree.read("/admins", token: bea.token) == .unauthorized)

            // Ternary with newData: bea joins herself, but may not add ada; ada (an admin) may add anyone.
            #expect(try await tree.put("/members/r1/\(bea.id)", true, token: bea.token) == .ok)
            #expect(try await tree.put("/members/r1/\(bea.id)", "yes", token: bea.token) == .unauthorized)
            #expect(try await tree.put("/members/r1/\(ada.id)", true, token: bea.token) == .unauthorized)
            #expect(try await tree.put("/members/r2/\(bea.id)", true, token: ada.token) == .ok)
            #expect(try await tree.read("/rooms/r1", token: bea.token) == .ok)
            #expect(try await tree.read("/rooms/r1/topic", token: bea.token) == .ok)

            // data.parent(): the room's owner sets its topic; a grant at the parent cascades to it.
            #expect(try await tree.put("/rooms/r1/topic", "Go", token: bea.token) == .ok)
            #expect(try await tree.put("/rooms/r1/owner", ada.id, token: bea.token) == .unauthorized)
            #expect(try await tree.put("/rooms/r1/owner", ada.id, token: ada.token) == .ok)
            #expect(try await tree.put("/rooms/r1/topic", "Shogi", token: bea.token) == .unauthorized)

            // Bound variables with string methods.
            #expect(try await tree.put("/handles/h_ada", ada.id, token: ada.token) == .ok)
            #expect(try await tree.put("/handles/h_ada", bea.id, token: bea.token) == .unauthorized)
            for refused in ["H_bea", "h-bea", "bea", "h_bea_", "h__"] {
                #expect(try await tree.put("/handles/\(refused)", bea.id, token: bea.token) == .unauthorized, "\(refused)")
            }
            #expect(try await tree.put("/handles/hbea", ada.id, token: bea.token) == .unauthorized)
            #expect(try await tree.put("/handles/hbea", bea.id, token: bea.token) == .ok)
        }
    }

    @Test(arguments: TestStore.enabled) func multiPathUpdatesAreJudgedPerLocationAndAllOrNothing(store: TestStore) async throws {
        try await Self.withTree(store) { tree, _ in
            let cy = try await Self.user(tree.client, "cyril")
            let di = try await Self.user(tree.client, "diana")
            let update: [String: Any] = ["users/\(cy.id)/name": "Cy", "users/\(cy.id)/age": 30]
            #expect(try await tree.patch("/", update, token: cy.token) == .ok)
            let mixed: [String: Any] = ["users/\(cy.id)/name": "Cyrus", "users/\(di.id)/name": "pwned"]
            #expect(try await tree.patch("/", mixed, token: cy.token) == .unauthorized)
            #expect(try await tree.value("/users/\(cy.id)/name") as? String == "Cy")
            #expect(try await tree.value("/users/\(di.id)") is NSNull)

            // newData is the tree after the whole write set: a validate needing two children
            // passes when one PATCH writes both at separate locations, and refuses either alone.
            try await tree.setRules(
                #"{"rules": {"cards": {"$uid": {".write": "auth.uid == $uid", ".validate": "newData.hasChildren(['name', 'age'])"}}}}"#
            )
            #expect(try await tree.patch("/cards/\(cy.id)", ["name": "Cy"], token: cy.token) == .unauthorized)
            #expect(try await tree.patch("/", ["cards/\(cy.id)/name": "Cy"], token: cy.token) == .unauthorized)
            #expect(try await tree.patch("/", ["cards/\(cy.id)/name": "Cy", "cards/\(cy.id)/age": 30], token: cy.token) == .ok)
            #expect(try await tree.patch("/cards/\(cy.id)", ["age": 31], token: cy.token) == .ok)
        }
    }

    @Test(arguments: TestStore.enabled) func queriesNeedTheIndexTheRulesDeclareAtTheirLevel(store: TestStore) async throws {
        try await Self.withTree(store) { tree, _ in
            try await tree.setRules(
                #"{"rules": {"scores": {".read": true, "$game": {".indexOn": ["score", "player/name"]}, "chess": {".read": true}}}}"#
            )
            let scores: [String: Any] = ["a": ["score": 3, "time": 9], "b": ["score": 1, "time": 8], "c": ["score": 2, "time": 7]]
            #expect(try await tree.put("/scores/go", scores, token: tree.admin) == .ok)
            #expect(try await tree.put("/scores/chess", scores, token: tree.admin) == .ok)
            // `$game` declares `score` for every game; ordering by anything else is refused.
            let ordered = try await tree.send(.get, "/scores/go", query: "&orderBy=%22score%22&limitToFirst=1", token: nil)
            #expect(ordered.status == .ok && ordered.json.keys.sorted() == ["b"], "\(ordered.text)")
            let unindexed = try await tree.send(.get, "/scores/go", query: "&orderBy=%22time%22", token: nil)
            #expect(unindexed.status == .badRequest)
            #expect((unindexed.json["error"] as? String)?.hasPrefix("Index not defined, add \".indexOn\": \"time\"") == true)
            // A named level wins over `$game`: chess declares no index.
            #expect(try await tree.send(.get, "/scores/chess", query: "&orderBy=%22score%22", token: nil).status == .badRequest)
            #expect(try await tree.send(.get, "/scores/go", query: "&orderBy=%22$key%22&limitToLast=1", token: nil).json.keys.sorted() == ["c"])
        }
    }

    @Test(arguments: TestStore.enabled) func aCatastrophicPatternOnALongInputAnswersFast(store: TestStore) async throws {
        try await Self.withTree(store) { tree, _ in
            try await tree.setRules(#"{"rules": {"codes": {"$c": {".write": true, ".validate": "newData.val().matches(/^(a+)+$/)"}}}}"#)
            let started = ContinuousClock.now
            #expect(try await tree.put("/codes/bad", String(repeating: "a", count: 20_000) + "!", token: nil) == .unauthorized)
            #expect(try await tree.put("/codes/good", String(repeating: "a", count: 20_000), token: nil) == .ok)
            // A backtracking engine would not finish at all (2^20,000 paths); the Pike VM takes a
            // fraction of a second, so the bound only has to hold on a debug build sharing two
            // cores with the rest of the suite.
            #expect(ContinuousClock.now - started < .seconds(30))
        }
    }
}
