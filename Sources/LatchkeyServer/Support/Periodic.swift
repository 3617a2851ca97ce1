import ServiceLifecycle

/// Background work on a fixed period for the server's services.
enum Periodic {
    /// Calls `tick` every `interval` until the service group shuts down gracefully or the task is
    /// cancelled.
    static func run(every interval: Duration, _ tick: () async -> Void) async {
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            } catch {
                return
            }
            await tick()
        }
    }
}
