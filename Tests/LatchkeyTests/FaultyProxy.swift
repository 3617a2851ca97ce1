import Foundation
import LatchkeyTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP proxy in the test process, between the SDK and a live server, that can misbehave on
/// purpose: hold a request until the test releases it (to make answers arrive late), or forward a
/// request and drop the server's answer (the server has acted; the client sees the connection
/// close, as when an app is suspended or changes network mid-request). Each connection carries one
/// request (`Connection: close` both ways), handled on its own thread with blocking sockets; an
/// event stream (`Accept: text/event-stream`) is relayed as its bytes come until either side
/// closes or the test drops it (``cutStreams()``).
final class FaultyProxy: TestServer, @unchecked Sendable {
    // @unchecked: the mutable state is behind `state`; the rest is immutable after init.
    let port: Int
    private let upstreamPort: Int
    private let listener: Int32
    private let state = Locked(State())

    private struct State {
        /// Request-line prefixes (`POST /v1/auth/refresh`) whose answers are dropped, and how many more times.
        var drops: [String: Int] = [:]
        /// Request-line prefixes whose next request is held until its gate opens.
        var holds: [String: DispatchSemaphore] = [:]
        /// How many held requests are waiting now.
        var waiting = 0
        /// Every request line seen, in order.
        var seen: [String] = []
        /// The sockets of event streams being relayed now, client and upstream.
        var streams: [Int32] = []
    }

    /// Starts a proxy on a free 127.0.0.1 port forwarding to 127.0.0.1:`upstreamPort`.
    init(upstreamPort: Int) throws {
        self.upstreamPort = upstreamPort
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var reuse: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = Self.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 64) == 0 else {
            close(listener)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        self.listener = listener
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in
            while true {
                let client = accept(listener, nil, nil)
                guard client >= 0 else { return }
                Thread.detachNewThread { [self] in serve(client) }
            }
        }
    }

    /// The proxy's base URL.
    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Drops the server's answer to the next `count` requests whose request line starts with `prefix`.
    func dropAnswers(to prefix: String, count: Int = 1) {
        state.withLock { $0.drops[prefix] = count }
    }

    /// Holds the next request whose request line starts with `prefix` (before it reaches the
    /// server) until the returned gate is signalled.
    func hold(_ prefix: String) -> DispatchSemaphore {
        let gate = DispatchSemaphore(value: 0)
        state.withLock { $0.holds[prefix] = gate }
        return gate
    }

    /// Waits until a held request is waiting (at most `timeout`).
    func waitUntilHolding(timeout: Duration = .seconds(10)) async throws {
        let deadline = ContinuousClock.now + timeout
        while state.withLock({ $0.waiting }) == 0 {
            guard ContinuousClock.now < deadline else { throw POSIXError(.ETIMEDOUT) }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// How many requests whose request line starts with `prefix` the proxy has seen.
    func count(_ prefix: String) -> Int {
        state.withLock { $0.seen.filter { $0.hasPrefix(prefix) }.count }
    }

    /// Drops every event stream being relayed, as a network change or a server restart would:
    /// both connections are shut down mid-stream. Returns how many were dropped.
    @discardableResult
    func cutStreams() -> Int {
        let sockets = state.withLock { state -> [Int32] in
            defer { state.streams = [] }
            return state.streams
        }
        for socket in sockets { shutdown(socket, Int32(SHUT_RDWR)) }
        return sockets.count / 2
    }

    func stop() async {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        let gates = state.withLock { state -> [DispatchSemaphore] in
            defer { state.holds = [:] }
            return Array(state.holds.values)
        }
        for gate in gates { gate.signal() }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        guard let request = Self.readMessage(from: client) else { return }
        let line = String(decoding: request.head.prefix { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
        let (gate, drop) = state.withLock { state -> (DispatchSemaphore?, Bool) in
            state.seen.append(line)
            let gate = state.holds.first { line.hasPrefix($0.key) }.map { key, gate in
                state.holds[key] = nil
                state.waiting += 1
                return gate
            }
            guard let key = state.drops.first(where: { line.hasPrefix($0.key) && $0.value > 0 })?.key else { return (gate, false) }
            state.drops[key, default: 0] -= 1
            return (gate, true)
        }
        if let gate {
            _ = gate.wait(timeout: .now() + 30)
            state.withLock { $0.waiting -= 1 }
        }
        let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(upstream) }
        var address = Self.loopback(port: upstreamPort)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0, Self.write(Self.closing(request.head) + request.body, to: upstream) else { return }
        if String(decoding: request.head, as: UTF8.self).lowercased().contains("accept: text/event-stream") {
            relayStream(from: upstream, to: client)
            return
        }
        guard let response = Self.readMessage(from: upstream) else { return }
        if drop { return }  // the server answered; the client never hears it
        _ = Self.write(Self.closing(response.head) + response.body, to: client)
    }

    /// Relays an event stream's bytes as they come until either side closes or ``cutStreams()``.
    private func relayStream(from upstream: Int32, to client: Int32) {
        state.withLock { $0.streams += [client, upstream] }
        defer { state.withLock { $0.streams.removeAll { $0 == client || $0 == upstream } } }
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = recv(upstream, &chunk, chunk.count, 0)
            guard count > 0, Self.write(Array(chunk[0..<count]), to: client) else { return }
        }
    }

    /// Reads one HTTP/1.1 message: the head up to its blank line, then `Content-Length` bytes.
    private static func readMessage(from socket: Int32) -> (head: [UInt8], body: [UInt8])? {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil {
            let count = recv(socket, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            buffer += chunk[0..<count]
            headEnd = buffer.indices.dropLast(3).first { Array(buffer[$0..<$0 + 4]) == separator }.map { $0 + 4 }
        }
        guard let headEnd else { return nil }
        let head = Array(buffer[..<headEnd])
        let length =
            String(decoding: head, as: UTF8.self).split(separator: "\r\n").compactMap { line -> Int? in
                let parts = line.split(separator: ":", maxSplits: 1)
                guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
                return Int(parts[1].trimmingCharacters(in: .whitespaces))
            }.first ?? 0
        var body = Array(buffer[headEnd...])
        while body.count < length {
            let count = recv(socket, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            body += chunk[0..<count]
        }
        return (head, body)
    }

    /// `head` with any `Connection` header replaced by `Connection: close`.
    private static func closing(_ head: [UInt8]) -> [UInt8] {
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n").filter {
            !$0.isEmpty && !$0.lowercased().hasPrefix("connection:")
        }
        return Array((lines.joined(separator: "\r\n") + "\r\nConnection: close\r\n\r\n").utf8)
    }

    private static func write(_ bytes: [UInt8], to socket: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Self.noSignal) }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    #if os(Linux)
    private static let noSignal = Int32(MSG_NOSIGNAL)
    #else
    private static let noSignal: Int32 = 0
    #endif

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}
