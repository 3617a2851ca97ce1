import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import LatchkeyServer

/// The tree's query parameters as the protocol's clients send them: form-encoded (`+` is a
/// space, `%2B` a plus), every parameter the protocol defines honored or refused (`callback`
/// as JSONP, `download` as an attachment, `timeout` refused), and the app named by the host
/// the operator mapped, or by the server's default app, for clients that know only a URL.
@Suite struct DatabaseParameterTests {
    @Test(arguments: TestStore.enabled) func aPlusInTheQueryIsASpaceAndPercent2BAPlus(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let admin = try await harness.clientToken(client, scope: "database:admin")
            let greetings = #"{"a": "hello world", "b": "hello+world"}"#
            _ = try await client.send(.put, "/greetings.json", raw: Data(greetings.utf8), token: admin)
            // Python's urlencode: orderBy=%22%24value%22&equalTo=%22hello+world%22.
            let spaced = try await client.send(.get, "/greetings.json?orderBy=%22%24value%22&equalTo=%22hello+world%22", token: admin)
            #expect(spaced.status == .ok && spaced.text == #"{"a":"hello world"}"#, "\(spaced.text)")
            let plus = try await client.send(.get, "/greetings.json?orderBy=%22%24value%22&equalTo=%22hello%2Bworld%22", token: admin)
            #expect(plus.status == .ok && plus.text == #"{"b":"hello+world"}"#, "\(plus.text)")
            // Names are decoded too, and a broken escape is the protocol's 400, not a guess.
            #expect(try await client.send(.get, "/greetings/a.json?%70rint=pretty", token: admin).text == "\"hello world\"")
            let broken = try await client.send(.get, "/greetings.json?orderBy=%22%24value%22&equalTo=%ZZ", token: admin)
            #expect(broken.status == .badRequest && broken.string("error") != nil)
        }
    }

    @Test(arguments: TestStore.enabled) func callbackAndDownloadAreHonoredAndTimeoutRefused(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let admin = try await harness.clientToken(client, scope: "database:admin")
            _ = try await client.send(.put, "/n.json", raw: Data(#"{"v": 1}"#.utf8), token: admin)
            let jsonp = try await client.send(.get, "/n.json?callback=app.got_1", token: admin)
            #expect(jsonp.status == .ok && jsonp.text == #"app.got_1({"v":1});"#, "\(jsonp.text)")
            #expect(jsonp.headers[.contentType] == "application/javascript; charset=utf-8")
            let download = try await client.send(.get, "/n.json?download=n+backup.json", token: admin)
            #expect(download.status == .ok && download.text == #"{"v":1}"#)
            #expect(download.headers[.contentDisposition] == #"attachment; filename="n backup.json"; filename*=UTF-8''n%20backup.json"#)
            let refused = [
                "callback=alert(1)", "callback=1x", "callback=a..b", "callback=cb&print=silent", "download=", "download=a%2Fb",
                "download=%22x", "timeout=3s", "writeSizeLimit=huge",
            ]
            for query in refused {
                let answer = try await client.send(.get, "/n.json?\(query)", token: admin)
                #expect(answer.status == .badRequest && answer.string("error") != nil, "\(query)")
            }
            // Reads only: a write naming them is refused, and writeSizeLimit is honored.
            let write = try await client.send(.put, "/n.json?callback=cb", raw: Data("2".utf8), token: admin)
            #expect(write.status == .badRequest && write.string("error") != nil)
            #expect(try await client.send(.put, "/n.json?writeSizeLimit=tiny", raw: Data("3".utf8), token: admin).text == "3")
            #expect(try await client.send(.get, "/n.json?x-http-method-override=DELETE", token: admin).status == .badRequest)
            // A stream's events have one form: the options that shape a one-off answer are refused.
            for query in ["callback=cb", "download=n.json", "shallow=true", "print=pretty", "format=export"] {
                let stream = try await client.send(.get, "/n.json?\(query)", token: admin, headers: [.accept: "text/event-stream"])
                #expect(stream.status == .badRequest && stream.string("error") != nil, "\(query)")
            }
        }
    }

    /// A client that names the database only by its URL (Pyrebase: the database is the host)
    /// reads a public path with nothing but `Host`, once the app names that host.
    @Test(arguments: TestStore.enabled) func theHostAnAppNamesReachesItsTreeWithoutATokenOrNs(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.database.databaseHost = "kii-demo.db.example.com" }
        let host = HTTPField.Name("Host")!
        try await harness.run(.ahc(.http)) { client in
            let admin = try await harness.clientToken(client, scope: "database:admin")
            let rules = #"{"rules": {"public": {".read": true}}}"#
            #expect(try await client.send(.put, "/.settings/rules.json", raw: Data(rules.utf8), token: admin).status == .ok)
            _ = try await client.send(.put, "/public/motd.json", raw: Data(#""hello""#.utf8), token: admin)
            for name in ["kii-demo.db.example.com", "KII-DEMO.db.example.com:443", "kii-demo.db.example.com."] {
                let read = try await client.send(.get, "/public/motd.json", headers: [host: name])
                #expect(read.status == .ok && read.text == #""hello""#, "\(name): \(read.text)")
            }
            // The rules still apply, and an unknown host is the protocol's clear 404.
            let private_ = try await client.send(.get, "/secret.json", headers: [host: "kii-demo.db.example.com"])
            #expect(private_.status == .unauthorized && private_.string("error") == "Permission denied")
            let unknown = try await client.send(.get, "/public/motd.json", headers: [host: "other.db.example.com"])
            #expect(unknown.status == .notFound && unknown.string("error")?.contains("database-host") == true, "\(unknown.text)")
            // A host no domain name is refused as a setting, with the setting named.
            let (_, operatorAdmin, _) = try await harness.operatorTokens(client)
            let bad = try await client.send(
                .patch,
                "/v1/operator/apps/\(harness.app.clientID)",
                json: ["settings": ["database-host": "not a host"]],
                token: operatorAdmin
            )
            #expect(bad.status == .unprocessableContent && (bad.value("errors") as? [[String: Any]])?.first?["field"] as? String == "databaseHost")
        }
    }
}
