import Logging
import ServiceLifecycle

/// Counts live sessions into the `latchkey_active_sessions` gauge at start and every `interval`,
/// so a scrape of `/metrics` reads memory only: scraping often costs the database nothing.
struct SessionGaugeService: Service {
    let sessions: SessionStore
    let metrics: ServerMetrics
    let time: any TimeSource
    let interval: Duration
    let logger: Logger

    func run() async throws {
        await refresh()
        await Periodic.run(every: interval) { await refresh() }
    }

    private func refresh() async {
        do {
            metrics.setActiveSessions(try await sessions.liveCount(at: time.now()))
        } catch {
            logger.warning("could not count live sessions", metadata: ["error": "\(error)"])
        }
    }
}
