public import Logging
public import ServiceLifecycle

/// A service a test runs in its own service group until it stops it, with the port its listener
/// bound.
///
/// Why one type: every in-process server of the tests (fake providers, webhook receivers, live
/// Latchkey servers) learns its port from a callback. When the service fails before it listens —
/// a fixed port taken meanwhile by another test's process — that callback never comes, and a
/// waiter that only waits for it waits forever. Here the run's end closes the wait, so the start
/// throws the run's error instead.
public struct RunningService: Sendable {
    /// The port the service listens on.
    public let port: Int
    private let group: ServiceGroup
    private let running: Task<Void, any Error>

    /// Runs the service `make` builds, giving it the callback through which it reports its port,
    /// and returns once it listens; throws the service's error if it ends first.
    public static func start(
        logger: Logger,
        _ make: (_ reportPort: @escaping @Sendable (Int) -> Void) throws -> some Service
    ) async throws -> RunningService {
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let service = try make { continuation.yield($0) }
        let group = ServiceGroup(configuration: .init(services: [service], logger: logger))
        let running = Task {
            defer { continuation.finish() }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            try await running.value
            throw EndedBeforeListening()
        }
        return RunningService(port: port, group: group, running: running)
    }

    private init(port: Int, group: ServiceGroup, running: Task<Void, any Error>) {
        self.port = port
        self.group = group
        self.running = running
    }

    /// Shuts the service down gracefully and waits for it to end.
    public func stop() async {
        await group.triggerGracefulShutdown()
        _ = try? await running.value
    }

    /// The service ended without an error before it reported a port.
    public struct EndedBeforeListening: Error {}
}
