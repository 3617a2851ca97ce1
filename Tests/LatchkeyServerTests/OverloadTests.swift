import Foundation
import HTTPTypes
import HummingbirdTesting
import LatchkeyServer
import NIOCore
import Testing

#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Slow clients and overload: connections that stall or trickle a request head are dropped, and
/// writes beyond what the database can take are refused with 503 and `Retry-After`.
@Suite struct OverloadTests {
    /// Opens 50 connections that send part of a request head and stall, and one that trickles
    /// a byte every 200 ms; checks normal requests are answered meanwhile, and returns how long
    /// after they were opened the server had closed them all (nil: not within `limit`).
    private func timeToDropSlowClients(port: Int, limit: Duration) async throws -> Duration? {
        var open = try (0..<50).map { index in
            let connection = try RawConnection(port: port)
            connection.send("POST /v1/auth/signin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-Slow-\(index): ")
            return connection
        }
        let trickling = try RawConnection(port: port)
        trickling.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Trickle: ")
        open.append(trickling)
        let opened = ContinuousClock.now
        // Served meanwhile, on a task of its own so that a slow answer cannot delay the watch below.
        let served = Task { try await Self.health(port: port) }
        while !open.isEmpty && ContinuousClock.now - opened < limit {
            trickling.send("x")
            open.removeAll { $0.isClosedByServer }
            try await Task.sleep(for: .milliseconds(200))
        }
        let elapsed = ContinuousClock.now - opened
        #expect(try await served.value == .ok)
        #expect(try await Self.health(port: port) == .ok)
        return open.isEmpty ? elapsed : nil
    }

    /// `GET /healthz` on a connection of its own; tried three times, since on a loaded machine this
    /// client can itself be slower than a short idle timeout between connecting and sending.
    private static func health(port: Int) async throws -> HTTPResponse.Status {
        for _ in 0..<2 {
            if let status = try? await TestClient.withClient(
                host: "127.0.0.1",
                port: port,
                operation: {
                    try await $0.execute(.init("/healthz", method: .get))
                }
            ).status {
                return status
            }
        }
        return try await TestClient.withClient(host: "127.0.0.1", port: port) { try await $0.execute(.init("/healthz", method: .get)) }.status
    }

    /// A `latchkey serve` process on `store` with `arguments`, for `body`; a process of its own, so
    /// that its accept loop does not share this test process's threads with every other test.
    private func withServer(_ store: TestStore, _ arguments: [String], _ body: (ServerProcess) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-slow-\(UUID().uuidString)").path
        let databaseURL = store == .postgres ? try await TestStore.createDatabase() : nil
        let server = try await ServerProcess(
            dataDirectory: directory,
            extraArguments: arguments + (databaseURL.map { ["--database", $0] } ?? [])
        )
        do {
            try await body(server)
        } catch {
            _ = try? await server.stop()
            if let databaseURL { await TestStore.dropDatabase(databaseURL) }
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
        _ = try await server.stop()
        if let databaseURL { await TestStore.dropDatabase(databaseURL) }
        try? FileManager.default.removeItem(atPath: directory)
    }

    @Test(arguments: TestStore.enabled) func stalledAndTricklingRequestHeadsAreDroppedAfterTheIdleTimeout(store: TestStore) async throws {
        try await withServer(store, ["--idle-timeout", "2"]) { server in
            let elapsed = try await timeToDropSlowClients(port: server.port, limit: .seconds(40))
            let dropped = try #require(elapsed, "slow connections still open after 40 s")
            // The server drops them 2 s after their last progress; the watch runs in this test
            // process, which shares two cores with the whole suite and can see it seconds late.
            // Without the timeout they stay open (the default's test shows 45 s is not reached).
            #expect(dropped < .seconds(30))
        }
    }

    @Test(arguments: TestStore.enabled) func byDefaultSlowClientsAreDroppedWellBefore45Seconds(store: TestStore) async throws {
        try await withServer(store, []) { server in
            let elapsed = try await timeToDropSlowClients(port: server.port, limit: .seconds(40))
            let dropped = try #require(elapsed, "slow connections still open after 40 s")
            #expect(dropped < .seconds(20))
        }
    }

    /// A tiny bound on waiting writes (SQLite: the writer's queue; PostgreSQL: writes waiting for
    /// one of two connections) and a burst of writes: those beyond it get 503 with `Retry-After` and a
    /// problem document, the others succeed, none fails otherwise.
    @Test(arguments: TestStore.enabled) func writesBeyondTheQueueGet503WithRetryAfter(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) {
            $0.delivery.recipientSendLimit = 1_000_000
            $0.delivery.ipSendLimit = 1_000_000
        } configureServer: {
            $0.maximumQueuedWrites = 1
            $0.databasePoolSize = 2  // the fewest that can start: the migration lock holds one
        }
        try await harness.run(.live) { client in
            let port = try #require(client.client.port)
            let clientID = client.clientID
            // Each on a connection of its own, so they reach the server at once.
            let responses = try await withThrowingTaskGroup(of: TestResponse.self) { group in
                for index in 0..<200 {
                    group.addTask {
                        let body = ByteBuffer(string: #"{"phone":"+1415556\#(String(format: "%04d", index))"}"#)
                        let request = TestClient.Request(
                            "/v1/auth/phone/start",
                            method: .post,
                            headers: [.contentType: "application/json", HTTPField.Name("Latchkey-Client-Id")!: clientID],
                            body: body
                        )
                        let response = try await TestClient.withClient(host: "127.0.0.1", port: port) { try await $0.execute(request) }
                        return TestResponse(
                            status: response.status,
                            headers: response.headers,
                            body: Data((response.body ?? ByteBuffer()).readableBytesView)
                        )
                    }
                }
                return try await group.reduce(into: [TestResponse]()) { $0.append($1) }
            }
            let refused = responses.filter { $0.status == .serviceUnavailable }
            #expect(responses.allSatisfy { $0.status == .accepted || $0.status == .serviceUnavailable })
            #expect(!refused.isEmpty)
            #expect(refused.count < responses.count)
            for response in refused {
                #expect(Int(response.headers[.retryAfter] ?? "") ?? 0 > 0)
                #expect(response.string("code") == "service_unavailable")
                #expect(response.headers[.contentType]?.hasPrefix("application/problem+json") == true)
            }
        }
    }
}

/// A TCP connection to 127.0.0.1 written byte by byte, to play a slow client.
private final class RawConnection {
    let descriptor: Int32

    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            throw POSIXError(.ECONNREFUSED)
        }
    }

    /// Sends `text`, ignoring a connection the server already closed.
    func send(_ text: String) {
        _ = text.withCString { Glibc.send(descriptor, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
    }

    /// Whether the server has closed the connection (end of stream or reset); never blocks.
    var isClosedByServer: Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if count > 0 { continue }
            return count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)
        }
    }

    deinit { close(descriptor) }
}
