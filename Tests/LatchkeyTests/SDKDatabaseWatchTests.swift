import Foundation
import LatchkeyTestSupport
import LatchkeyWire
import Testing

@testable import Latchkey

/// Watching a location against scripted protocol streams (``ScriptedTreeServer``): child events
/// derived on the device from `put` and `patch` in query order, nothing lost or repeated across
/// a reconnect, `cancel` ending observation with the error, and `auth_revoked` refreshing the
/// token before re-subscribing.
@Suite struct SDKDatabaseWatchTests {
    private static func line(_ event: DataEvent) -> String {
        "\(event.snapshot.key ?? "/")=\(event.snapshot.value.map(QueryParameters.json) ?? "-") after \(event.previousSiblingKey ?? "-")"
    }

    @Test func childEventsComeFromPutAndPatchInQueryOrderAcrossAReconnect() async throws {
        let scripts = [
            ScriptedTreeServer.Script(
                events: [
                    ("put", #"{"path":"/","data":{"a":{"t":1},"b":{"t":2}}}"#), ("keep-alive", "null"),
                    ("patch", #"{"path":"/","data":{"c":{"t":0},"a/t":5}}"#), ("put", #"{"path":"/b","data":null}"#),
                ],
                close: true,
                gated: true
            ),
            // The server dropped the stream; the reconnect's first put is the whole location again.
            ScriptedTreeServer.Script(
                events: [("put", #"{"path":"/","data":{"a":{"t":5},"c":{"t":0},"d":{"t":9}}}"#), ("cancel", "null")],
                close: true
            ),
        ]
        try await serving(try await ScriptedTreeServer.start(scripts)) { server in
            let sdk = server.client()
            let query = sdk.database.reference(withPath: "rooms/r1").queryOrdered(byChild: "t")
            let types: [DataEventType] = [.childAdded, .childRemoved, .childMoved, .childChanged]
            let collectors = types.map { collect(query.events($0)) }
            let values = collect(query.values)
            #expect(await eventually(timeout: .seconds(30)) { sdk.databaseListeners.isWatching(query) && !server.seen.isEmpty })
            server.release()

            var lines: [[String]] = []
            for collector in collectors {
                let (events, error) = try await collector.value
                #expect((error as? LatchkeyError) == .permissionDenied)
                lines.append(events.map(Self.line))
            }
            #expect(
                lines == [
                    [#"a={"t":1} after -"#, #"b={"t":2} after a"#, #"c={"t":0} after -"#, #"d={"t":9} after a"#],
                    [#"b={"t":2} after -"#],
                    [#"a={"t":5} after b"#],
                    [#"a={"t":5} after b"#],
                ]
            )
            let (snapshots, error) = try await values.value
            #expect((error as? LatchkeyError) == .permissionDenied)
            #expect(snapshots.map { $0.children.compactMap(\.key) } == [["a", "b"], ["c", "b", "a"], ["c", "a"], ["c", "a", "d"]])

            // Signed out, the app is named by `ns`; the query goes as the protocol's JSON parameters.
            #expect(server.seen.count == 2)
            #expect(server.seen.allSatisfy { $0 == .init(path: "/rooms/r1.json", authorization: nil, query: ["ns": "lk_tree", "orderBy": "\"t\""]) })
            #expect(!sdk.databaseListeners.isWatching(query))
        }
    }

    @Test func authRevokedRefreshesTheTokenAndResubscribes() async throws {
        try await serving(try await LiveServer.start()) { live in
            let (store, stale, fresh, refreshed) = try await live.twoSessions(of: "watcher")
            let scripts = [
                ScriptedTreeServer.Script(events: [("put", #"{"path":"/","data":1}"#), ("auth_revoked", #""token expired""#)], close: true),
                ScriptedTreeServer.Script(events: [("put", #"{"path":"/","data":2}"#)], close: false),
            ]
            try await serving(try await ScriptedTreeServer.start(scripts, refreshed: refreshed)) { server in
                let sdk = server.client(store: store)
                let counter = sdk.database.reference(withPath: "users/\(stale.id)/counter")
                counter.keepSynced(true)
                let (snapshots, _) = try await collect(counter.values, count: 2).value
                #expect(snapshots.map(\.value) == [1, 2])
                #expect(server.seen.map(\.authorization) == ["Bearer \(stale.session.accessToken)", "Bearer \(fresh.session.accessToken)"])
                #expect(server.seen.allSatisfy { $0.query.isEmpty && $0.path == "/users/\(stale.id)/counter.json" })
                #expect(sdk.currentUser?.session.refreshToken == "lkr_next")

                // The callback form shares the watch and runs on the main queue; a single event removes itself.
                let (value, onMain) = await completion { done in counter.observeSingleEvent(of: .value) { done($0.value) } }
                #expect(value == 2 && onMain)
                #expect(sdk.databaseListeners.isWatching(counter))
                counter.keepSynced(false)
                #expect(!sdk.databaseListeners.isWatching(counter))
            }
        }
    }
}
