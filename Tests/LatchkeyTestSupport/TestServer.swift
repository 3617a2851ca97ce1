/// A server a test starts and must stop, whether the test passes or fails.
public protocol TestServer: Sendable {
    /// Stops the server and removes what it left behind.
    func stop() async
}

/// Runs `body` with `server`, then stops the server — also when `body` throws, so a failing test
/// leaves no server (or its data) behind. (`defer` cannot await.)
public func serving<Server: TestServer, Value>(_ server: Server, _ body: (Server) async throws -> Value) async throws -> Value {
    do {
        let value = try await body(server)
        await server.stop()
        return value
    } catch {
        await server.stop()
        throw error
    }
}
