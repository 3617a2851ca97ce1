import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import LatchkeyServer

/// The protocol's finer points over HTTP: ETags and conditional writes, server values,
/// priorities and `format=export`, arrays, limits, and a 4xx with `{"error"}` — never a 500 — for
/// every malformed path, body, parameter or server value; and writes racing on one node.
@Suite struct DatabaseProtocolTests {
    @Test(arguments: TestStore.enabled) func etagsMakeWritesConditional(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let admin = try await harness.clientToken(client, scope: "database:admin")
            let eTagHeader = HTTPField.Name("X-Firebase-ETag")!
            let absent = try await client.send(.get, "/n.json", token: admin, headers: [eTagHeader: "true"])
            let nullTag = try #require(absent.headers[.eTag])
            #expect(try await client.send(.get, "/n.json", token: admin).headers[.eTag] == nil)
            let created = try await client.send(.put, "/n.json", raw: Data(#"{"v": 1}"#.utf8), token: admin, headers: [.ifMatch: nullTag])
            #expect(created.status == .ok)
            let read = try await client.send(.get, "/n.json", token: admin, headers: [eTagHeader: "true"])
            let tag = try #require(read.headers[.eTag])
            #expect(tag != nullTag && created.headers[.eTag] == tag)
            // Equal values have equal tags, whatever order their members came in.
            _ = try await client.send(.put, "/m.json", raw: Data(#"{"v": 1}"#.utf8), token: admin)
            #expect(try await client.send(.get, "/m.json", token: admin, headers: [eTagHeader: "true"]).headers[.eTag] == tag)

            let stale = try await client.send(.put, "/n.json", raw: Data("2".utf8), token: admin, headers: [.ifMatch: nullTag])
            #expect(stale.status == .preconditionFailed && stale.text == #"{"v":1}"# && stale.headers[.eTag] == tag)
            let staleDelete = try await client.send(.delete, "/n.json", token: admin, headers: [.ifMatch: "nope"])
            #expect(staleDelete.status == .preconditionFailed && staleDelete.headers[.eTag] == tag)
            let notModified = try await client.send(.get, "/n.json", token: admin, headers: [.ifNoneMatch: tag])
            #expect(notModified.status == .notModified && notModified.body.isEmpty)
            #expect(try await client.send(.get, "/n.json", token: admin, headers: [.ifNoneMatch: nullTag]).text == #"{"v":1}"#)
            #expect(try await client.send(.delete, "/n.json", token: admin, headers: [.ifMatch: tag]).status == .ok)
            #expect(try await client.send(.get, "/n.json", token: admin).text == "null")
        }
    }

    /// Every key is reachable over REST, those named like the first segment of the server's own
    /// routes too (the router gives up on `/v1/x.json` after trying `v1`); the server's routes
    /// keep their paths.
    @Test(arguments: TestStore.enabled) func keysNamedLikeServerRoutesAreReachable(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let admin = try await harness.clientToken(client, scope: "database:admin")
            for path in ["/v1/x", "/v1/hello", "/oauth/token/a", "/metrics/m", "/v1/users/u/k"] {
                let written = try await client.send(.put, "\(path).json", raw: Data("7".utf8), token: admin)
                #expect(written.status == .ok && written.text == "7", "\(path)")
                #expect(try await client.send(.get, "\(path).json", token: admin).text == "7", "\(path)")
            }
            #expect(try await client.send(.get, "/v1.json?shallow=true", token: admin).text == #"{"hello":true,"users":true,"x":true}"#)
            let pushed = try await client.send(.post, "/v1/x/list.json", raw: Data("1".utf8), token: admin)
            #expect(pushed.status == .ok && pushed.string("name")?.count == 20)
            #expect(try await client.send(.patch, "/oauth.json", raw: Data(#"{"token/b": 2}"#.utf8), token: admin).status == .ok)
            #expect(try await client.send(.get, "/oauth/token.json", token: admin).text == #"{"a":7,"b":2}"#)
            #expect(try await client.send(.delete, "/metrics/m.json", token: admin).text == "null")
            #expect(try await client.send(.get, "/metrics.json", token: admin).text == "null")
            // A tree path still needs the tree's credentials, and the server's routes keep theirs.
            #expect(try await client.send(.get, "/v1/x.json?ns=\(client.clientID)").string("error") == "Permission denied")
            #expect(try await client.send(.get, "/v1/hello").string("name") == "Latchkey")
            #expect(try await client.send(.get, "/v1/nowhere").status == .notFound)
            let served = try await client.send(.put, "/openapi.json", token: admin)
            #expect(served.status == .methodNotAllowed && served.headers[.allow] == "GET")
        }
    }

    /// A `POST` naming `PUT`, `PATCH` or `DELETE` in `X-HTTP-Method-Override` (or the
    /// `x-http-method-override` query parameter) is that write, with its conditions and rules.
    @Test(arguments: TestStore.enabled) func aPostCanNameAnotherWrite(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let admin = try await harness.clientToken(client, scope: "database:admin")
            let override = DatabaseFeature.methodOverride
            _ = try await client.send(.put, "/o.json", raw: Data(#"{"a": 1, "b": 2}"#.utf8), token: admin)
            let patched = try await client.send(.post, "/o.json", raw: Data(#"{"b": 3}"#.utf8), token: admin, headers: [override: "PATCH"])
            #expect(patched.status == .ok && patched.text == #"{"b":3}"#)
            #expect(try await client.send(.get, "/o.json", token: admin).text == #"{"a":1,"b":3}"#)
            let deleted = try await client.send(.post, "/o/a.json?x-http-method-override=delete", token: admin)
            #expect(deleted.status == .ok && deleted.text == "null")
            #expect(try await client.send(.get, "/o.json", token: admin).text == #"{"b":3}"#)
            let put = try await client.send(.post, "/o.json", raw: Data("5".utf8), token: admin, headers: [override: "PUT"])
            #expect(put.status == .ok && put.text == "5" && put.headers[.eTag] != nil)
            // The write's conditions hold; a header and a parameter must name the same write.
            let stale = try await client.send(
                .post,
                "/o.json?x-http-method-override=put",
                raw: Data("6".utf8),
                token: admin,
                headers: [override: "PUT", .ifMatch: "nope"]
            )
            #expect(stale.status == .preconditionFailed && stale.text == "5")
            for query in ["x-http-method-override=PATCH", "x-http-method-override=AAA"] {
                let disagreeing = try await client.send(.post, "/o.json?\(query)", raw: Data("6".utf8), token: admin, headers: [override: "PUT"])
                #expect(disagreeing.status == .badRequest && disagreeing.string("error") != nil, "\(query)")
            }
            let pushed = try await client.send(.post, "/o2.json", raw: Data("1".utf8), token: admin, headers: [override: "POST"])
            #expect(pushed.string("name")?.count == 20)
            for method in ["GET", "HEAD", "OPTIONS", "FETCH", ""] {
                let refused = try await client.send(.post, "/o.json", raw: Data("1".utf8), token: admin, headers: [override: method])
                #expect(refused.status == .badRequest && refused.string("error") != nil, "\(method)")
            }
            #expect(try await client.send(.get, "/o.json", token: admin).text == "5")
            // The rules judge the write it is: another user's location stays refused.
            let (ann, _) = try await DatabaseTests.user("ann", client)
            let (_, bobToken) = try await DatabaseTests.user("bob", client)
            let refused = try await client.send(
                .post,
                "/users/\(ann).json?ns=\(client.clientID)",
                raw: Data("1".utf8),
                token: bobToken,
                headers: [override: "PUT"]
            )
            #expect(refused.status == .unauthorized && refused.string("error") == "Permission denied")
        }
    }

    @Test(arguments: TestStore.enabled) func serverValuesResolveInTheWrite(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let admin = try await harness.clientToken(client, scope: "database:admin")
            let increment = Data(#"{".sv": {"increment": 5}}"#.utf8)
            #expect(try await client.send(.put, "/c.json", raw: increment, token: admin).text == "5")
            #expect(try await client.send(.put, "/c.json", raw: increment, token: admin).text == "10")
            #expect(try await client.send(.put, "/c.json", raw: Data(#"{".sv": {"increment": 0.5}}"#.utf8), token: admin).text == "10.5")
            _ = try await client.send(.put, "/s.json", raw: Data(#""text""#.utf8), token: admin)
            #expect(try await client.send(.put, "/s.json", raw: increment, token: admin).text == "5")
            let patch = try await client.send(
                .patch,
                "/.json",
                raw: Data(#"{"c": {".sv": {"increment": -1}}, "t/at": {".sv": "timestamp"}}"#.utf8),
                token: admin
            )
            #expect(patch.text == #"{"c":9.5,"t/at":1800000000000}"#)
            for bad in [
                #"{".sv": "tomorrow"}"#, #"{".sv": {"increment": "1"}}"#, #"{".sv": {"decrement": 1}}"#, #"{".sv": 1}"#,
                #"{".sv": "timestamp", "x": 1}"#,
            ] {
                let refused = try await client.send(.put, "/c.json", raw: Data(bad.utf8), token: admin)
                #expect(refused.status == .badRequest && refused.string("error") != nil, "\(bad)")
            }
            #expect(try await client.send(.get, "/c.json", token: admin).text == "9.5")
            // Past Int64 the sum goes on as a double; past the largest double it has no JSON form, and
            // the write is refused rather than storing null (which would delete the location).
            _ = try await client.send(.put, "/big.json", raw: Data("9223372036854775807".utf8), token: admin)
            #expect(try await client.send(.put, "/big.json", raw: increment, token: admin).text == "9.223372036854776e+18")
            _ = try await client.send(.put, "/big.json", raw: Data("1e308".utf8), token: admin)
            let overflow = try await client.send(.put, "/big.json", raw: Data(#"{".sv": {"increment": 1e308}}"#.utf8), token: admin)
            #expect(overflow.status == .badRequest && overflow.string("error") == "Invalid data; the increment overflows a number.")
            #expect(try await client.send(.get, "/big.json", token: admin).text == "1e+308")
        }
    }

    @Test(arguments: TestStore.enabled) func prioritiesShowOnlyInExports(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let admin = try await harness.clientToken(client, scope: "database:admin")
            let value = #"{"a": {".value": 1, ".priority": 2}, "b": {"c": true, ".priority": "p"}}"#
            #expect(try await client.send(.put, "/p.json", raw: Data(value.utf8), token: admin).text == #"{"a":1,"b":{"c":true}}"#)
            #expect(try await client.send(.get, "/p.json", token: admin).text == #"{"a":1,"b":{"c":true}}"#)
            #expect(
                try await client.send(.get, "/p.json?format=export", token: admin).text
                    == #"{"a":{".priority":2,".value":1},"b":{".priority":"p","c":true}}"#
            )
            #expect(try await client.send(.put, "/q.json", raw: Data(#"{".priority": {}}"#.utf8), token: admin).status == .badRequest)
        }
    }

    @Test(arguments: TestStore.enabled) func arraysAreObjectsKeyedByIndex(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let admin = try await harness.clientToken(client, scope: "database:admin")
            #expect(try await client.send(.put, "/l.json", raw: Data(#"["a", null, "c"]"#.utf8), token: admin).text == #"["a",null,"c"]"#)
            #expect(try await client.send(.get, "/l/2.json", token: admin).text == #""c""#)
            _ = try await client.send(.delete, "/l/0.json", token: admin)
            // One index of three left: more than half missing, it reads as an object.
            #expect(try await client.send(.get, "/l.json", token: admin).text == #"{"2":"c"}"#)
        }
    }

    @Test(arguments: TestStore.enabled) func malformedRequestsAreRefusedWithTheProtocolsErrors(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let admin = try await harness.clientToken(client, scope: "database:admin")
            let deepPath = (0...DataPath.maximumDepth).map { "k\($0)" }.joined(separator: "/")
            for path in [
                "/a.b.json", "/a$.json", "/a%23.json", "/a%5B.json", "/a%2Fb.json", "/a%00.json", "/\(deepPath).json", "/%E0%A4.json",
                "/" + String(repeating: "k", count: 769) + ".json",
            ] {
                for method in [HTTPRequest.Method.get, .put, .patch, .post, .delete] {
                    let refused = try await client.send(method, path, raw: Data("{}".utf8), token: admin)
                    #expect(refused.status == .badRequest && refused.string("error") == "Invalid path: Invalid token in path", "\(method) \(path)")
                }
            }
            let deepValue = String(repeating: #"{"k":"#, count: DataPath.maximumDepth) + "1" + String(repeating: "}", count: DataPath.maximumDepth)
            let bodies = [
                "", "{", "nope", "[1,]", #"{"a":1,}"#, "{\"a\":\"\u{0}\"}", #"{"a.b": 1}"#, #"{"a": {"$b": 1}}"#, #"{"": 1}"#,
                #"{".value": 1, "x": 2}"#, deepValue, String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000),
                #""\ud800""#, #""\udc00\ud800""#, "\"a\tb\"", "01", "1.", "-", ".5", "1e", "1e400", "tru", "nul", #"{"a" 1}"#,
                #"{"a":1 "b":2}"#, "[1] 2", #""\x41""#, #"{'a': 1}"#, "[1,,2]", "\u{FEFF}1",
            ]
            for body in bodies {
                for method in [HTTPRequest.Method.put, .post, .patch] {
                    let refused = try await client.send(method, "/b.json", raw: Data(body.utf8), token: admin)
                    #expect(refused.status == .badRequest && refused.string("error") != nil, "\(method) \(body.prefix(40))")
                }
            }
            // Escapes, surrogate pairs and numbers as the RFC writes them come back in canonical form.
            let escaped = #"{"s": "\u00e9\ud83d\ude00\n\"\/", "n": [-0, 1.0, 1e2, 2.5E-1, 12345678901234567890]}"#
            #expect(try await client.send(.put, "/e.json", raw: Data(escaped.utf8), token: admin).status == .ok)
            #expect(try await client.send(.get, "/e.json", token: admin).text == #"{"n":[0,1,100,0.25,1.2345678901234567e+19],"s":"é😀\n\"/"}"#)
            // A value as deep as allowed is fine.
            let deepest =
                String(repeating: #"{"k":"#, count: DataPath.maximumDepth - 1) + "1" + String(repeating: "}", count: DataPath.maximumDepth - 1)
            #expect(try await client.send(.put, "/b.json", raw: Data(deepest.utf8), token: admin).status == .ok)
            #expect(try await client.send(.put, "/b/c.json", raw: Data(deepest.utf8), token: admin).status == .badRequest)
            // Long keys, but a location's path at most 2 KB (it is a primary key).
            let long = String(repeating: "k", count: 700)
            #expect(try await client.send(.put, "/\(long)/\(long).json", raw: Data("1".utf8), token: admin).status == .ok)
            let tooLong = try await client.send(.put, "/\(long)/\(long)/\(long).json", raw: Data("1".utf8), token: admin)
            #expect(tooLong.status == .badRequest && tooLong.string("error") != nil)
            #expect(
                try await client.send(.put, "/\(long).json", raw: Data(#"{"\#(long)": {"\#(long)": 1}}"#.utf8), token: admin).status == .badRequest
            )
            #expect(try await client.send(.get, "/\(long)/\(long)/\(long).json", token: admin).text == "null")
            for patch in [#"[1]"#, #"5"#, #"{"a": 1, "a/b": 2}"#, #"{"a/b": 1, "a": 2}"#, #"{"a": 1, "a/": 2}"#, #"{"a..b": 1}"#, #"{"/": 1}"#] {
                let refused = try await client.send(.patch, "/b.json", raw: Data(patch.utf8), token: admin)
                #expect(refused.status == .badRequest && refused.string("error") != nil, "\(patch)")
            }
            for query in ["print=loud", "shallow=yes", "format=csv"] {
                let refused = try await client.send(.get, "/b.json?\(query)", token: admin)
                #expect(refused.status == .badRequest && refused.string("error") != nil, "\(query)")
            }
            let huge = Data(("\"" + String(repeating: "a", count: DatabaseFeature.maximumWriteBytes) + "\"").utf8)
            let tooLarge = try await client.send(.put, "/b.json", raw: huge, token: admin)
            #expect(tooLarge.status == .contentTooLarge && tooLarge.string("error") != nil)
            // Paths that are no tree location stay the server's 404s and 405s.
            #expect(try await client.send(.get, "/nowhere").status == .notFound)
            #expect(try await client.send(.put, "/openapi.json").status == .methodNotAllowed)
            let unsupported = try await client.send(.options, "/b.json", token: admin)
            #expect(unsupported.status == .methodNotAllowed && unsupported.headers[.allow] == "DELETE, GET, PATCH, POST, PUT")
            #expect(try await client.send(.get, "/b/k.json", token: admin).status == .ok)
        }
    }

    @Test(arguments: TestStore.enabled) func parallelIncrementsAndConditionalWritesAreExact(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run(.live) { client in
            let admin = try await harness.clientToken(client, scope: "database:admin")
            let increment = Data(#"{".sv": {"increment": 1}}"#.utf8)
            try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<50 { group.addTask { try await client.send(.put, "/counter.json", raw: increment, token: admin).status } }
                for try await status in group { #expect(status == .ok) }
            }
            #expect(try await client.send(.get, "/counter.json", token: admin).text == "50")

            let tag = try #require(
                try await client.send(.get, "/counter.json", token: admin, headers: [HTTPField.Name("X-Firebase-ETag")!: "true"]).headers[.eTag]
            )
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for index in 0..<50 {
                    group.addTask {
                        try await client.send(.put, "/counter.json", raw: Data("\(100 + index)".utf8), token: admin, headers: [.ifMatch: tag]).status
                    }
                }
                return try await group.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .ok }.count == 1)
            #expect(statuses.filter { $0 == .preconditionFailed }.count == 49)
        }
    }

    @Test(arguments: TestStore.enabled) func deepAndWideValuesReadBackEqual(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let admin = try await harness.clientToken(client, scope: "database:admin")
            var wide: [String: Any] = [:]
            for index in 0..<3000 {
                wide["item\(index)"] = [
                    "n": index, "s": "value \(index) \u{e9}\u{1F600} \"quoted\" \\ \n", "f": Double(index) + 0.25, "b": index % 2 == 0,
                ]
            }
            var deep: Any = ["leaf": "bottom"]
            for level in 0..<(DataPath.maximumDepth - 3) { deep = ["level\(level)": deep] }
            let value: [String: Any] = ["wide": wide, "deep": deep, "unicode key \u{e9}": 1]
            #expect(try await client.send(.put, "/big.json", json: value, token: admin).status == .ok)
            let read = try await client.send(.get, "/big.json", token: admin)
            let readBack = try JSONSerialization.jsonObject(with: read.body) as? NSDictionary
            #expect(readBack == value as NSDictionary)
            let encoded = "unicode key \u{e9}".addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            #expect(try await client.send(.get, "/big/\(encoded).json", token: admin).text == "1")
            let string = try await client.send(.get, "/big/wide/item2999/s.json", token: admin).body
            #expect(
                try JSONSerialization.jsonObject(with: string, options: .fragmentsAllowed) as? String == "value 2999 \u{e9}\u{1F600} \"quoted\" \\ \n"
            )
        }
    }
}
