import Foundation
import LatchkeyWire
import NIOCore
import Testing

@testable import LatchkeyServer

/// The events a write makes for a watched location, and the hub's ordering of writes that
/// arrive out of order, twice, or not at all; the streams over HTTP are in DatabaseStreamTests.
@Suite struct TreeHubTests {
    private func text(_ event: StreamEvent?) -> String? {
        event.map { String(buffer: $0.bytes) }
    }

    private func change(_ revision: Int64, _ operation: TreeChange.Operation = .put, at path: String, _ data: JSONValue?) -> TreeChange {
        TreeChange(revision: revision, operation: operation, path: path, data: data)
    }

    private func path(_ text: String) throws -> DataPath {
        try DataPath(text)
    }

    @Test func aWriteAtOrBelowTheLocationKeepsItsPathRelative() throws {
        let location = try path("/users/alice")
        #expect(
            text(change(1, at: "/users/alice", .object(["age": .integer(3)])).event(for: location))
                == "event: put\nid: 1\ndata: {\"path\":\"/\",\"data\":{\"age\":3}}\n\n"
        )
        #expect(
            text(change(1, at: "/users/alice/age", .integer(4)).event(for: location))
                == "event: put\nid: 1\ndata: {\"path\":\"/age\",\"data\":4}\n\n"
        )
        #expect(
            text(change(1, at: "/users/alice/age", nil).event(for: location))
                == "event: put\nid: 1\ndata: {\"path\":\"/age\",\"data\":null}\n\n"
        )
        #expect(
            text(change(1, .patch, at: "/users/alice", .object(["age": .integer(5)])).event(for: location))
                == "event: patch\nid: 1\ndata: {\"path\":\"/\",\"data\":{\"age\":5}}\n\n"
        )
        #expect(change(1, at: "/users/bob", .integer(1)).event(for: location) == nil)
        #expect(change(1, at: "/users/alice2", .integer(1)).event(for: location) == nil)
    }

    @Test func aWriteAboveTheLocationIsAPutOfItsNewValue() throws {
        let location = try path("/users/alice")
        #expect(
            text(change(1, at: "/users", .object(["alice": .object(["age": .integer(6)]), "bob": .integer(1)])).event(for: location))
                == "event: put\nid: 1\ndata: {\"path\":\"/\",\"data\":{\"age\":6}}\n\n"
        )
        #expect(text(change(1, at: "/", nil).event(for: location)) == "event: put\nid: 1\ndata: {\"path\":\"/\",\"data\":null}\n\n")
        #expect(
            text(change(1, at: "/users", .object(["bob": .integer(1)])).event(for: location))
                == "event: put\nid: 1\ndata: {\"path\":\"/\",\"data\":null}\n\n"
        )
    }

    @Test func aMultiPathPatchAboveTheLocationKeepsWhatReachesIt() throws {
        let location = try path("/users/alice")
        let patch = change(1, .patch, at: "/users", .object(["alice/age": .integer(7), "alice/name/first": .string("A"), "bob": .integer(1)]))
        let event = try #require(text(patch.event(for: location)))
        #expect(event.hasPrefix("event: patch\nid: 1\ndata: {\"path\":\"/\",\"data\":{"))
        #expect(event.contains("\"age\":7") && event.contains("\"name/first\":\"A\"") && !event.contains("bob"))
        let replaced = change(2, .patch, at: "/", .object(["users/alice": .object(["age": .integer(8)]), "other": .integer(1)]))
        #expect(text(replaced.event(for: location)) == "event: put\nid: 2\ndata: {\"path\":\"/\",\"data\":{\"age\":8}}\n\n")
        #expect(change(3, .patch, at: "/users", .object(["bob": .integer(2)])).event(for: location) == nil)
        #expect(!change(3, .patch, at: "/users", .object(["bob": .integer(2)])).reaches(location))
        #expect(patch.reaches(location))
    }

    private func watcher(_ location: String, query: DataQuery? = nil) throws -> TreeWatcher {
        let app = App(id: "app", clientID: "client", name: "App", settings: AppSettings(), createdAt: Date(), secretCount: 0)
        return TreeWatcher(
            app: "app",
            location: try path(location),
            query: query,
            caller: .admin(app),
            credential: StreamCredential(holder: .client(app: "app")),
            capacity: 4
        )
    }

    private func revisions(_ mail: [TreeWatcher.Mail]) -> [Int64] {
        mail.compactMap { if case .event(let revision, _) = $0 { revision } else { nil } }
    }

    @Test func theHubSendsWritesInRevisionOrderOnceAndWaitsAtAGap() throws {
        var hub = TreeHub()
        let alice = try watcher("/users/alice")
        hub.add(alice)
        let now = ContinuousClock.now
        // Writes heard before the first read are held, and the read's revision decides which count.
        #expect(hub.receive([change(3, at: "/users/alice/a", .integer(3))], now: now).isEmpty)
        #expect(revisions(hub.start(alice, at: 2, now: now)) == [3])
        // 5 before 4: held until 4 arrives; 3 again: not sent twice.
        #expect(hub.receive([change(5, at: "/users/alice/a", .integer(5))], now: now).isEmpty)
        #expect(hub.stalled(before: now).isEmpty)
        let late = hub.receive([change(4, at: "/users/alice", .integer(4)), change(3, at: "/users/alice/a", .integer(3))], now: now)
        #expect(late.count == 1 && revisions(late[0].1) == [4, 5])
        // A write elsewhere moves the position without mail; a gap that stays is reported once.
        #expect(hub.receive([change(6, at: "/users/bob", .integer(6)), change(8, at: "/users/alice", .integer(8))], now: now).isEmpty)
        #expect(hub.stalled(before: now + .seconds(1)) == [alice])
        #expect(hub.stalled(before: now + .seconds(2)).isEmpty)
        // The resync's read (at 8) moves it past the gap.
        #expect(revisions(hub.start(alice, at: 8, now: now)).isEmpty)
        let next = hub.receive([change(9, at: "/users/alice", .integer(9))], now: now)
        #expect(next.count == 1 && revisions(next[0].1) == [9])
    }

    @Test func watchersOfOneLocationShareOneEvent() throws {
        var hub = TreeHub()
        let watchers = try (0..<3).map { _ in try watcher("/counter") }
        for watcher in watchers {
            hub.add(watcher)
            _ = hub.start(watcher, at: 0, now: .now)
        }
        let deliveries = hub.receive([change(1, at: "/counter", .integer(1))], now: .now)
        #expect(deliveries.count == 3)
        let storages = deliveries.compactMap { _, mail -> Int? in
            guard case .event(_, let event)? = mail.first else { return nil }
            return event.bytes.withUnsafeReadableBytes { Int(bitPattern: $0.baseAddress) }
        }
        #expect(Set(storages).count == 1)
    }

    @Test func aQueryWatcherIsToldToReadAgainAndASlowOneToResync() async throws {
        var hub = TreeHub()
        let ranked = try watcher("/scores", query: try DataQuery(parameters: ["orderBy": "\"$value\"", "limitToLast": "1"]))
        hub.add(ranked)
        _ = hub.start(ranked, at: 0, now: .now)
        let touched = hub.receive([change(1, at: "/scores/alice", .integer(1)), change(2, at: "/other", .integer(1))], now: .now)
        #expect(touched.count == 1)
        if case .touched(let revision)? = touched.first?.1.first { #expect(revision == 1) } else { Issue.record("no touched mail") }

        let slow = try watcher("/scores")
        for revision in 1...6 { slow.post(.event(revision: Int64(revision), StreamEvent.keepAlive)) }
        slow.post(.keepAlive)
        let mail = await slow.take()
        guard case .resync? = mail.first else {
            Issue.record("an overflowing mailbox did not resync: \(mail)")
            return
        }
        #expect(mail.count == 3)
    }
}
