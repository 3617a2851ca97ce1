import AsyncHTTPClient
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NIOHTTP1
import Testing

@testable import LatchkeyServer

/// App data (KWS "set app data") through HTTP: JSON values under validated keys, strong ETags
/// with `If-Match` / `If-None-Match`, size limits, paging, pending accounts, server reads, and
/// parallel conditional writes.
@Suite struct AppDataTests {
    static let path = "/v1/me/appdata/settings"

    @Test(arguments: TestStore.enabled) func valuesCarryStrongETagsThatConditionalRequestsCheck(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let token = try await client.signUpUser("ann").access
            let value = Data(#"{"volume": 0.7, "name": "Ann", "levels": [1, 2, 3]}"#.utf8)
            let created = try await client.send(.put, Self.path, raw: value, token: token)
            #expect(created.status == .created)
            let first = try #require(created.headers[.eTag])
            #expect(first.hasPrefix("\"") && first.hasSuffix("\"") && created.string("etag") == first)
            #expect(created.string("key") == "settings" && created.value("size") as? Int == value.count)

            let read = try await client.send(.get, Self.path, token: token)
            #expect(read.status == .ok && read.body == value && read.headers[.eTag] == first)
            let notModified = try await client.send(.get, Self.path, token: token, headers: [.ifNoneMatch: "W/\(first)"])
            #expect(notModified.status == .notModified && notModified.headers[.eTag] == first)

            // Each write makes a new tag; a stale, weak or wildcard-on-absent tag fails with 412.
            let replaced = try await client.send(.put, Self.path, raw: Data("[1]".utf8), token: token, headers: [.ifMatch: first])
            #expect(replaced.status == .ok)
            let second = try #require(replaced.headers[.eTag])
            #expect(second != first)
            for (name, value) in [(HTTPField.Name.ifMatch, first), (.ifMatch, "W/\(second)"), (.ifNoneMatch, "*"), (.ifMatch, "garbage")] {
                let refused = try await client.send(.put, Self.path, raw: Data("2".utf8), token: token, headers: [name: value])
                #expect(refused.status == .preconditionFailed && refused.string("code") == "etag_mismatch", "\(name): \(value)")
            }
            #expect(try await client.send(.get, Self.path, token: token).text == "[1]")
            let listed = try await client.send(.put, Self.path, raw: Data("3".utf8), token: token, headers: [.ifMatch: "\"x\", \(second)"])
            #expect(listed.status == .ok)
            let third = try #require(listed.headers[.eTag])
            // Create-only and must-exist writes.
            let fresh = try await client.send(.put, "/v1/me/appdata/fresh", raw: Data("true".utf8), token: token, headers: [.ifNoneMatch: "*"])
            #expect(fresh.status == .created)
            let absent = try await client.send(.put, "/v1/me/appdata/absent", raw: Data("1".utf8), token: token, headers: [.ifMatch: "*"])
            #expect(absent.status == .preconditionFailed)

            let staleDelete = try await client.send(.delete, Self.path, token: token, headers: [.ifMatch: second])
            #expect(staleDelete.status == .preconditionFailed)
            #expect(try await client.send(.delete, Self.path, token: token, headers: [.ifMatch: third]).status == .noContent)
            #expect(try await client.send(.get, Self.path, token: token).status == .notFound)
            #expect(try await client.send(.delete, Self.path, token: token).status == .noContent)
            #expect(try await client.send(.delete, Self.path, token: token, headers: [.ifMatch: "*"]).status == .preconditionFailed)
            #expect(try await client.send(.get, Self.path).status == .unauthorized)
        }
    }

    /// A read is conditional like a write (RFC 9110 §13.1.1): a failing `If-Match` is 412, also
    /// when nothing is stored, and it is checked before `If-None-Match`; on the server's read too.
    @Test(arguments: TestStore.enabled) func readsAnswer412WhenIfMatchFails(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let token = try await client.signUpUser("ann").access
            let etag = try #require(try await client.send(.put, Self.path, raw: Data("1".utf8), token: token).headers[.eTag])
            let userID = try #require(try await client.send(.get, "/v1/me", token: token).string("id"))
            let server = try await harness.clientToken(client, scope: "appdata:read")
            for (path, caller) in [(Self.path, token), ("/v1/users/\(userID)/appdata/settings", server)] {
                for tag in ["\"stale\"", "W/\(etag)", "garbage"] {
                    let failed = try await client.send(.get, path, token: caller, headers: [.ifMatch: tag])
                    #expect(failed.status == .preconditionFailed && failed.string("code") == "etag_mismatch", "\(path) \(tag)")
                }
                for tag in [etag, "*", "\"x\", \(etag)"] {
                    let held = try await client.send(.get, path, token: caller, headers: [.ifMatch: tag])
                    #expect(held.status == .ok && held.text == "1", "\(path) \(tag)")
                }
                let both = try await client.send(.get, path, token: caller, headers: [.ifMatch: etag, .ifNoneMatch: etag])
                #expect(both.status == .notModified)
            }
            let absent = try await client.send(.get, "/v1/me/appdata/absent", token: token, headers: [.ifMatch: "*"])
            #expect(absent.status == .preconditionFailed)
            #expect(try await client.send(.get, "/v1/me/appdata/absent", token: token).status == .notFound)
        }
    }

    @Test(arguments: TestStore.enabled) func keysAndValuesAreValidated(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let token = try await client.signUpUser("ann").access
            // `.` and `..` are dot-segments, which clients and proxies resolve (`DELETE …/appdata/..`
            // would become `DELETE /v1/me`); `...` is none.
            #expect(try await client.send(.put, "/v1/me/appdata/...", raw: Data("1".utf8), token: token).status == .created)
            for key in ["bad*key", String(repeating: "k", count: 129), "%C3%A9t%C3%A9", ".", ".."] {
                let refused = try await client.send(.put, "/v1/me/appdata/\(key)", raw: Data("1".utf8), token: token)
                #expect(refused.status == .unprocessableContent && refused.string("code") == "invalid_app_data_key", "\(key)")
                #expect(try await client.send(.get, "/v1/me/appdata/\(key)", token: token).string("code") == "invalid_app_data_key")
            }
            #expect(
                try await client.send(.put, "/v1/me/appdata/" + String(repeating: "k", count: 128), raw: Data("1".utf8), token: token).status
                    == .created
            )
            let deep = String(repeating: "[", count: 20) + String(repeating: "]", count: 20)
            // Trailing commas too: Foundation's parser lets them through, but the value is served
            // back as sent, as JSON, to clients whose parsers refuse them.
            for body in ["{", "", "nope", deep, "{\"a\":1} x", "[1,]", "{\"a\":1,}", "[[1] , ]", "{\"a\":[\",]\",]}"] {
                let refused = try await client.send(.put, "/v1/me/appdata/k", raw: Data(body.utf8), token: token)
                #expect(refused.status == .badRequest && refused.string("code") == "invalid_request", "\(body)")
            }
            let invalidUTF8 = try await client.send(.put, "/v1/me/appdata/k", raw: Data([0x22, 0xFF, 0x22]), token: token)
            #expect(invalidUTF8.status == .badRequest)
            // Any JSON value, kept byte for byte (escapes included).
            let text = #""caf\u00e9 \u0000 ☕""#
            #expect(try await client.send(.put, "/v1/me/appdata/k", raw: Data(text.utf8), token: token).status == .created)
            #expect(try await client.send(.get, "/v1/me/appdata/k", token: token).text == text)
            // A comma before a bracket inside a string is no trailing comma.
            #expect(try await client.send(.put, "/v1/me/appdata/k", raw: Data(#"[",]", "\",}"]"#.utf8), token: token).status == .ok)
        }
    }

    @Test(arguments: TestStore.enabled) func valuesAndUsersStayWithinTheAppsLimits(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { settings in
            settings.appData.appDataMaxValueBytes = 1_024
            settings.appData.appDataMaxBytesPerUser = 2_048
        }
        try await harness.run { client in
            let token = try await client.signUpUser("ann").access
            func string(_ bytes: Int) -> Data { Data(("\"" + String(repeating: "x", count: bytes - 2) + "\"").utf8) }
            let tooLarge = try await client.send(.put, "/v1/me/appdata/a", raw: string(1_025), token: token)
            #expect(tooLarge.status == .contentTooLarge && tooLarge.string("code") == "app_data_value_too_large")
            #expect(try await client.send(.put, "/v1/me/appdata/a", raw: string(1_024), token: token).status == .created)
            #expect(try await client.send(.put, "/v1/me/appdata/b", raw: string(1_000), token: token).status == .created)
            let over = try await client.send(.put, "/v1/me/appdata/c", raw: string(100), token: token)
            #expect(over.status == .unprocessableContent && over.string("code") == "app_data_quota_exceeded")
            // A replacement counts instead of the value it replaces.
            #expect(try await client.send(.put, "/v1/me/appdata/b", raw: string(1_024), token: token).status == .ok)
            #expect(try await client.send(.delete, "/v1/me/appdata/a", token: token).status == .noContent)
            #expect(try await client.send(.put, "/v1/me/appdata/c", raw: string(100), token: token).status == .created)
            #expect(try await client.send(.get, "/v1/me/appdata", token: token).value("usedBytes") as? Int == 1_124)
            // Another user has a budget of their own.
            let bob = try await client.signUpUser("bob").access
            #expect(try await client.send(.put, "/v1/me/appdata/a", raw: string(1_024), token: bob).status == .created)
        }
    }

    @Test(arguments: TestStore.enabled) func keysAreListedInPages(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let token = try await client.signUpUser("ann").access
            for key in ["e", "a", "d", "b", "c"] {
                #expect(try await client.send(.put, "/v1/me/appdata/\(key)", raw: Data("1".utf8), token: token).status == .created)
            }
            var keys: [String] = []
            var cursor: String?
            repeat {
                let page = try await client.send(.get, "/v1/me/appdata?limit=2" + (cursor.map { "&after=\($0)" } ?? ""), token: token)
                #expect(page.status == .ok && page.value("usedBytes") as? Int == 5)
                let entries = try #require(page.value("entries") as? [[String: Any]])
                #expect(entries.count <= 2 && entries.allSatisfy { ($0["etag"] as? String)?.hasPrefix("\"") == true })
                keys += entries.compactMap { $0["key"] as? String }
                cursor = page.string("nextCursor")
            } while cursor != nil
            #expect(keys == ["a", "b", "c", "d", "e"])
            // A cursor is any key-shaped string, `.` and `..` too (only as a path's last segment
            // are they dot-segments): they sort before every key.
            for cursor in [".", ".."] {
                let page = try await client.send(.get, "/v1/me/appdata?limit=1&after=\(cursor)", token: token)
                #expect(page.status == .ok && page.string("nextCursor") == "a", "\(cursor)")
            }
            for (query, field) in [
                ("limit=0", "limit"), ("limit=101", "limit"), ("limit=x", "limit"), ("limit=99999999999999999999", "limit"), ("after=bad*", "after"),
            ] {
                let refused = try await client.send(.get, "/v1/me/appdata?\(query)", token: token)
                #expect(refused.status == .unprocessableContent && refused.fieldCodes.count == 1, "\(query)")
                #expect((refused.value("errors") as? [[String: Any]])?.first?["field"] as? String == field, "\(query)")
            }
            let other = try await client.signUpUser("bob").access
            #expect((try await client.send(.get, "/v1/me/appdata", token: other).value("entries") as? [Any])?.isEmpty == true)
        }
    }

    @Test(arguments: TestStore.enabled) func accountsAwaitingConsentNeedTheAppsLeave(store: TestStore) async throws {
        for allowed in [false, true] {
            let harness = try await TestHarness.make(store: store) { $0.appData.appDataForPendingAccounts = allowed }
            try await harness.run { client in
                let kid = try await client.signUpChild("kid").access
                let answers = [
                    try await client.send(.put, "/v1/me/appdata/k", raw: Data("1".utf8), token: kid),
                    try await client.send(.get, "/v1/me/appdata/k", token: kid),
                    try await client.send(.get, "/v1/me/appdata", token: kid),
                    try await client.send(.delete, "/v1/me/appdata/k", token: kid),
                ]
                for answer in answers {
                    if allowed {
                        #expect(answer.status.code < 300)
                    } else {
                        #expect(answer.status == .forbidden && answer.string("code") == "app_data_restricted")
                    }
                }
            }
        }
    }

    @Test(arguments: TestStore.enabled) func confidentialClientsReadAppDataWithTheirScope(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let other = try await harness.makeApp(name: "Other")
        try await harness.run { client in
            let token = try await client.signUpUser("ann").access
            let put = try await client.send(.put, Self.path, raw: Data(#"{"a":1}"#.utf8), token: token)
            let userID = try #require(try await client.send(.get, "/v1/me", token: token).string("id"))
            let server = try await harness.clientToken(client, scope: "appdata:read")
            let read = try await client.send(.get, "/v1/users/\(userID)/appdata/settings", token: server)
            #expect(read.status == .ok && read.text == #"{"a":1}"# && read.headers[.eTag] == put.headers[.eTag])
            let list = try await client.send(.get, "/v1/users/\(userID)/appdata", token: server)
            #expect((list.value("entries") as? [[String: Any]])?.first?["key"] as? String == "settings")
            #expect(try await client.send(.get, "/v1/users/\(userID)/appdata/missing", token: server).status == .notFound)
            #expect(try await client.send(.get, "/v1/users/\(userID)/appdata/settings", token: token).status == .forbidden)
            let profilesOnly = try await harness.clientToken(client, scope: "profiles:read")
            #expect(try await client.send(.get, "/v1/users/\(userID)/appdata/settings", token: profilesOnly).status == .forbidden)
            let answer = try await client.send(
                .post,
                "/oauth/token",
                form: ["grant_type": "client_credentials", "client_id": other.app.clientID, "client_secret": other.clientSecret]
            )
            let foreign = try #require(answer.string("access_token"))
            #expect(try await client.send(.get, "/v1/users/\(userID)/appdata/settings", token: foreign).status == .notFound)
        }
    }

    /// Twenty parallel writes with the same `If-Match`: exactly one wins, the others get 412, and
    /// the stored value is the winner's.
    @Test(arguments: TestStore.enabled) func parallelWritesWithTheSameETagHaveExactlyOneWinner(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run(.live) { client in
            let token = try await client.signUpUser("ann").access
            let etag = try #require(try await client.send(.put, Self.path, raw: Data("0".utf8), token: token).headers[.eTag])
            let outcomes = try await withThrowingTaskGroup(of: (Int, TestResponse).self) { group in
                for writer in 1...20 {
                    group.addTask {
                        (writer, try await client.send(.put, Self.path, raw: Data("\(writer)".utf8), token: token, headers: [.ifMatch: etag]))
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let winners = outcomes.filter { $0.1.status == .ok }
            #expect(winners.count == 1)
            #expect(outcomes.filter { $0.1.status == .preconditionFailed }.count == 19)
            let stored = try await client.send(.get, Self.path, token: token)
            #expect(stored.text == "\(try #require(winners.first).0)" && stored.headers[.eTag] == winners.first?.1.headers[.eTag])
        }
    }

    /// A value sent chunked (no `Content-Length`) past the app's per-value limit gets the same
    /// `413` as one whose length is known, not a `500`; so does any other JSON body past the
    /// server's body limit.
    @Test(arguments: TestStore.enabled) func chunkedBodiesPastTheLimitGet413(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.appData.appDataMaxValueBytes = 1_024 }
        try await harness.run(.live) { client in
            let token = try await client.signUpUser("ann").access
            let port = try #require(client.client.port)
            func sendChunked(_ method: HTTPMethod, _ path: String, bytes: Int) async throws -> (status: UInt, body: String) {
                var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
                request.method = method
                request.headers.add(name: "Authorization", value: "Bearer \(token)")
                request.headers.add(name: "Content-Type", value: "application/json")
                let text = "\"" + String(repeating: "x", count: bytes - 2) + "\""
                request.body = .bytes(Array(text.utf8), length: .unknown)
                let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
                let body = try await response.body.collect(upTo: 1 << 20)
                return (response.status.code, String(buffer: body))
            }
            let small = try await sendChunked(.PUT, Self.path, bytes: 1_000)
            #expect(small.status == 201, "\(small.body)")
            let large = try await sendChunked(.PUT, Self.path, bytes: 10_000)
            #expect(large.status == 413 && large.body.contains("app_data_value_too_large"), "\(large.body)")
            let profile = try await sendChunked(.PATCH, "/v1/me/profile", bytes: 100_000)
            #expect(profile.status == 413 && profile.body.contains("body_too_large"), "\(profile.body)")
            #expect(try await client.send(.get, Self.path, token: token).body.count == 1_000)
            #expect(try await client.send(.get, "/v1/me/appdata", token: token).value("usedBytes") as? Int == 1_000)
        }
    }
}
