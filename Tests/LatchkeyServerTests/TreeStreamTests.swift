import Foundation
import Hummingbird
import HummingbirdTesting
import LatchkeyWire
import NIOConcurrencyHelpers
import Testing

@testable import LatchkeyServer

/// ``DatabaseStreams`` over a real socket with a tree kept in memory and changes published on the
/// backend's change bus as the tree's writes publish them: out of order, with a gap that never
/// fills, and without any write (keep-alives). The same streams over the tree's own routes are
/// in DatabaseStreamTests.
@Suite struct TreeStreamTests {
    /// A tree of one location, its revision, and the bus its writes are published on.
    final class Tree: Sendable {
        private let state = NIOLockedValueBox<(value: JSONValue?, revision: Int64)>((nil, 0))
        let bus: ChangeBus
        let appID: String

        init(bus: ChangeBus, appID: String) {
            (self.bus, self.appID) = (bus, appID)
        }

        var snapshot: TreeSnapshot { state.withLockedValue { TreeSnapshot(value: $0.value, revision: $0.revision) } }

        /// Commits `value` at the location and returns its change, unpublished.
        func commit(_ value: JSONValue?) -> TreeChange {
            state.withLockedValue { state in
                state = (value, state.revision + 1)
                return TreeChange(revision: state.revision, operation: .put, path: "/doc", data: value)
            }
        }

        func publish(_ changes: [TreeChange]) throws {
            bus.publish(
                try changes.map { change in
                    ChangeEvent(
                        sequence: change.revision,
                        kind: .tree,
                        subject: appID,
                        payload: String(decoding: try JSONEncoder().encode(change), as: UTF8.self)
                    )
                }
            )
        }
    }

    /// Runs `body` with a stream of `/doc` open on a live server; the server then shuts down
    /// gracefully with the stream still open, which must end it (an open stream would otherwise
    /// hold the shutdown forever).
    private func withStream(_ body: @Sendable (Tree, EventStreamReader) async throws -> Void) async throws {
        let harness = try await TestHarness.make(store: .sqlite, configureServer: { $0.streamKeepAlive = .milliseconds(300) })
        let tree = Tree(bus: harness.backend.changeBus, appID: harness.app.id)
        let streams = DatabaseStreams(backend: harness.backend, read: { _, _, _ in tree.snapshot }, standing: { _, _ in .allowed })
        let router = Router(context: BasicRequestContext.self)
        router.get("doc") { [app = harness.app] request, context in
            // Without its connection, the stream's task writes every event itself.
            try await streams.response(
                to: request,
                at: try DataPath("/doc"),
                query: nil,
                caller: .admin(app),
                credential: StreamCredential(holder: .client(app: app.id)),
                connection: nil,
                logger: context.logger
            )
        }
        defer { try? FileManager.default.removeItem(at: harness.directory) }
        let stream = NIOLockedValueBox<EventStreamReader?>(nil)
        do {
            try await Application(router: router).test(.live) { client in
                let reader = EventStreamReader("http://127.0.0.1:\(client.port ?? 0)/doc")
                stream.withLockedValue { $0 = reader }
                try await body(tree, reader)
            }
            #expect(try await stream.withLockedValue { $0 }?.ends(within: .seconds(5)) == true)
        } catch {
            await harness.backend.shutdown()
            throw error
        }
        await harness.backend.shutdown()
    }

    @Test func writesPublishedOutOfOrderArriveInRevisionOrder() async throws {
        try await withStream { tree, stream in
            #expect(try await stream.next()?.data == #"{"path":"/","data":null}"#)
            let changes = (1...3).map { tree.commit(.integer($0)) }
            try tree.publish([changes[2]])
            try tree.publish([changes[0], changes[1]])
            try tree.publish([changes[0]])
            for expected in 1...3 {
                let event = try #require(try await stream.next())
                #expect(event.name == "put" && event.id == "\(expected)" && event.value == .integer(Int64(expected)), "\(event)")
            }
            // Every 300 ms while idle; the bound is wide because a loaded machine delays the timer.
            #expect(try await stream.next(within: .seconds(10), keepAlives: true)?.name == "keep-alive")
            #expect(stream.unread.isEmpty)
        }
    }

    @Test func aGapThatDoesNotFillIsReadAgain() async throws {
        try await withStream { tree, stream in
            #expect(try await stream.next()?.name == "put")
            _ = tree.commit(.string("lost"))
            try tree.publish([tree.commit(.string("current"))])
            let event = try #require(try await stream.next(within: .seconds(10)))
            #expect(event.name == "put" && event.path == "/" && event.value == .string("current") && event.id == "2", "\(event)")
            try tree.publish([tree.commit(.string("next"))])
            #expect(try await stream.next()?.value == .string("next"))
        }
    }
}
