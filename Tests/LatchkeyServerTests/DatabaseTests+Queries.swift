import Foundation
import HTTPTypes
import Testing

@testable import LatchkeyServer

/// Queries through the tree's REST reads: `orderBy` with its filters, the index the rules must
/// declare for a child ordering (the protocol's 400 text otherwise, for admins too), and the
/// protocol's errors for malformed query parameters.
@Suite struct DatabaseQueryTests {
    @Test(arguments: TestStore.enabled) func queriesNeedTheirIndexAndSelectChildren(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let admin = try await harness.clientToken(client, scope: "database:admin")
            let dinos = #"{"a": {"height": 4}, "b": {"height": 2}, "c": {"height": 7}}"#
            _ = try await client.send(.put, "/dinos.json", raw: Data(dinos.utf8), token: admin)
            let unindexed = try await client.send(.get, "/dinos.json?orderBy=%22height%22", token: admin)
            #expect(unindexed.status == .badRequest)
            #expect(unindexed.string("error") == #"Index not defined, add ".indexOn": "height", for path "/dinos", to the rules"#)
            let rules = #"{"rules": {"dinos": {".indexOn": ["height"]}}}"#
            #expect(try await client.send(.put, "/.settings/rules.json", raw: Data(rules.utf8), token: admin).status == .ok)
            let tall = try await client.send(.get, "/dinos.json?orderBy=%22height%22&startAt=3", token: admin)
            #expect(tall.status == .ok && tall.text == #"{"a":{"height":4},"c":{"height":7}}"#)
            #expect(try await client.send(.get, "/dinos.json?orderBy=%22height%22&limitToFirst=1", token: admin).text == #"{"b":{"height":2}}"#)
            #expect(try await client.send(.get, "/dinos.json?orderBy=%22$key%22&equalTo=%22b%22", token: admin).text == #"{"b":{"height":2}}"#)
            for query in [
                "orderBy=height", "orderBy=%22height%22&limitToFirst=-1", "orderBy=%22height%22&shallow=true",
                "orderBy=%22$key%22&startAt=1",
            ] {
                let refused = try await client.send(.get, "/dinos.json?\(query)", token: admin)
                #expect(refused.status == .badRequest && refused.string("error") != nil, "\(query)")
            }
        }
    }
}
