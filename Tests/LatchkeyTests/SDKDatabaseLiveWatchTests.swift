import Foundation
import LatchkeyServer
import LatchkeyTestSupport
import LatchkeyWire
import Testing

@testable import Latchkey

/// Watching the tree of a live server: a second client sees the first one's writes as child
/// events in query order, and a watch the network dropped comes back by itself.
@Suite struct SDKDatabaseLiveWatchTests {

    @Test func aSecondClientSeesChildEventsWhileTheFirstWrites() async throws {
        try await serving(try await LiveServer.start()) { server in
            try await SDKDatabaseTests.setRules(SDKDatabaseTests.rules, on: server)
            let writer = server.client()
            let user = try await writer.auth.signUp(username: "writer", password: "correct horse battery")
            let reader = server.client()
            try await reader.auth.signIn(username: "writer", password: "correct horse battery")
            let ledger = "users/\(user.id)/ledger"
            try await writer.database.reference(withPath: "\(ledger)/a").setValue(SDKDatabaseTests.Entry(kind: "income", amount: 1, time: 10))

            let watched = reader.database.reference(withPath: ledger).queryOrdered(byChild: "time")
            let log = AsyncStream<String>.makeStream()
            for type in [DataEventType.childAdded, .childChanged, .childRemoved, .childMoved] {
                watched.observe(
                    type,
                    andPreviousSiblingKeyWith: { snapshot, previous in
                        log.continuation.yield("\(type) \(snapshot.key ?? "/") after \(previous ?? "-")")
                    }
                )
            }
            let lines = collect(log.stream) { $0.hasPrefix("childRemoved") }
            let first = try await collect(watched.values, count: 1).value.elements
            #expect(first.first?.children.map(\.key) == ["a"])

            let entries = writer.database.reference(withPath: ledger)
            try await entries.child("b").setValue(SDKDatabaseTests.Entry(kind: "expense", amount: 2, time: 20))
            try await entries.child("a/time").setValue(30)  // a moves after b
            try await entries.child("b").removeValue()
            #expect(
                try await lines.value == [
                    "childAdded a after -", "childAdded b after a", "childMoved a after b", "childChanged a after b", "childRemoved b after -",
                ]
            )
            watched.removeAllObservers()
        }
    }

    @Test func aDroppedWatchReconnectsAndMissesNothing() async throws {
        try await serving(try await LiveServer.start()) { server in
            try await serving(try FaultyProxy(upstreamPort: server.port)) { proxy in
                let writer = server.client()
                let user = try await writer.auth.signUp(username: "dropper", password: "correct horse battery")
                let reader = server.client(through: proxy.url)
                try await reader.auth.signIn(username: "dropper", password: "correct horse battery")
                let path = "users/\(user.id)/items"
                let added = collect(reader.database.reference(withPath: path).events(.childAdded), count: 3)
                let values = collect(reader.database.reference(withPath: path).values, count: 1)
                _ = try await values.value
                try await writer.database.reference(withPath: "\(path)/one").setValue(1)
                #expect(await eventually { proxy.count("GET /\(path)") >= 1 })
                // The network drops the stream; a write lands while it is down.
                #expect(await eventually { proxy.cutStreams() > 0 })
                try await writer.database.reference(withPath: "\(path)/two").setValue(2)
                #expect(await eventually { proxy.count("GET /\(path)") >= 2 })
                try await writer.database.reference(withPath: "\(path)/three").setValue(3)
                let (events, error) = try await added.value
                // Each child once, none lost; their order is not fixed: when the reconnect's read
                // already sees `three`, its `put` adds `three` and `two` together, in key order.
                #expect(error == nil && events.compactMap(\.snapshot.key).sorted() == ["one", "three", "two"] && events.count == 3)
            }
        }
    }

    @Test func rulesThatStopAllowingTheReadCancelTheWatch() async throws {
        try await serving(try await LiveServer.start()) { server in
            try await SDKDatabaseTests.setRules(SDKDatabaseTests.rules, on: server)
            let sdk = server.client()
            try await sdk.auth.signUp(username: "cancelled", password: "correct horse battery")
            let hits = sdk.database.reference(withPath: "counters/hits")
            let values = AsyncStream<Bool>.makeStream()
            let cancels = AsyncStream<LatchkeyError?>.makeStream()
            hits.observe(.value, with: { values.continuation.yield($0.exists) }, withCancel: { cancels.continuation.yield($0 as? LatchkeyError) })
            #expect(try await collect(values.stream) { _ in true }.value == [false])
            // The app's rules change under the watch: nothing is readable any more.
            try await SDKDatabaseTests.setRules(#"{"rules": {}}"#, on: server)
            #expect(try await collect(cancels.stream) { _ in true }.value == [.permissionDenied])
            #expect(!sdk.databaseListeners.isWatching(hits))
        }
    }
}
