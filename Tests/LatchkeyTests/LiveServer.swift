import Foundation
import Latchkey
import LatchkeyServer
import LatchkeyTestSupport
import Logging
import ServiceLifecycle

/// A real Latchkey server in this process on a free 127.0.0.1 port, with a counter of refresh
/// requests, for driving the SDK end to end.
final class LiveServer: TestServer {
    let backend: LatchkeyBackend
    let app: App
    let port: Int
    let directory: URL
    private let group: ServiceGroup
    private let running: Task<Void, any Error>
    /// The bearer token its `/metrics` asks for.
    static let metricsToken = "sdk-test-metrics-token"

    /// Starts a server with one app at bcrypt cost 10 and `configure` applied to its settings.
    static func start(configure: @Sendable (inout AppSettings) -> Void = { _ in }) async throws -> LiveServer {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-sdk-\(UUID().uuidString)")
        var configuration = LatchkeyConfiguration()
        configuration.dataDirectory = directory.path
        configuration.port = 0
        configuration.metricsToken = metricsToken
        var logger = Logger(label: "latchkey-sdk-test")
        logger.logLevel = .critical
        let backend = try await LatchkeyBackend.open(configuration, logger: logger)
        var settings = AppSettings()
        settings.bcryptCost = 10
        configure(&settings)
        let app = try await backend.apps.create(name: "SDK Test", settings: settings).app
        let (portStream, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let application = LatchkeyServer.application(backend: backend, logger: logger) { port in
            portContinuation.yield(port)
        }
        let group = ServiceGroup(configuration: .init(services: [application], logger: logger))
        let running = Task { try await group.run() }
        var iterator = portStream.makeAsyncIterator()
        guard let port = await iterator.next() else { throw CancellationError() }
        return LiveServer(backend: backend, app: app, port: port, directory: directory, group: group, running: running)
    }

    private init(backend: LatchkeyBackend, app: App, port: Int, directory: URL, group: ServiceGroup, running: Task<Void, any Error>) {
        self.backend = backend
        self.app = app
        self.port = port
        self.directory = directory
        self.group = group
        self.running = running
    }

    /// The server's base URL.
    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// An SDK client for this server's app.
    func client(
        store: any CredentialStore = InMemoryCredentialStore(), clock: @escaping @Sendable () -> Date = { Date() },
        languages: [String] = ["en"]
    ) -> Latchkey {
        Latchkey(clientID: app.clientID, apiURL: url, options: .init(credentialStore: store, clock: clock, languages: languages))
    }

    /// Stops the server (graceful) without deleting its data.
    func stopServing() async {
        await group.triggerGracefulShutdown()
        _ = try? await running.value
    }

    /// Stops the server and deletes its data.
    func stop() async {
        await stopServing()
        await backend.shutdown()
        try? FileManager.default.removeItem(at: directory)
    }
}
