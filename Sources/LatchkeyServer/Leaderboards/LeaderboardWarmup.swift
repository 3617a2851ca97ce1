import Foundation
import Logging
import ServiceLifecycle

/// Builds the rank list of every board's current period when the server starts, so the first
/// read of a large board does not wait for it (a read that comes meanwhile shares the load), and
/// logs how long each took. Then idles until shutdown: a service that returned would stop the server.
struct LeaderboardWarmup: Service {
    let store: LeaderboardStore
    let service: LeaderboardService
    let logger: Logger

    func run() async throws {
        do {
            for board in try await store.allBoards() {
                let started = ContinuousClock.now
                let count = try await service.warm(board)
                logger.info(
                    "built a leaderboard's rank list",
                    metadata: ["board": "\(board.id)", "entries": "\(count)", "duration": "\(ContinuousClock.now - started)"]
                )
            }
        } catch {
            // Reads build what is missing.
            logger.warning("could not build leaderboard rank lists at start", metadata: ["error": "\(error)"])
        }
        try? await gracefulShutdown()
    }
}
