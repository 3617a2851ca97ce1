import Logging
import ServiceLifecycle

/// Re-reads the signing keys every `interval`, so a rotation made by the CLI or another node
/// starts signing here too. Stops with the server's graceful shutdown.
struct KeyRefreshService: Service {
    let keyRing: KeyRing
    let interval: Duration
    let logger: Logger

    func run() async throws {
        await Periodic.run(every: interval) {
            do {
                try await keyRing.reload()
            } catch {
                logger.warning("could not reload signing keys", metadata: ["error": "\(error)"])
            }
        }
    }
}
