import Logging
import ServiceLifecycle

/// Keeps this process's session cache honest about revocations made elsewhere (the CLI, another
/// node): every `interval` it reads new `session_events` and drops those sessions from the gate.
/// Events are re-read with an overlap of `overlap` seconds, so writes committed slightly out of
/// time order are not missed; dropping a session twice is harmless. Old events are pruned.
struct SessionEventPoller: Service {
    let sessions: SessionStore
    let gate: SessionGate
    let interval: Duration
    let logger: Logger
    /// How far back each poll reaches before the newest event already seen.
    static let overlap: Int64 = 5
    /// How long events are kept (longer than any cache could hold a session without polling).
    static let retention: Int64 = 86_400

    func run() async throws {
        var cursor = (try? await sessions.newestEvent()) ?? nil
        var polls = 0
        await Periodic.run(every: interval) {
            do {
                let events = try await sessions.events(since: (cursor ?? 0) - Self.overlap)
                if !events.sessionIDs.isEmpty { gate.invalidate(events.sessionIDs) }
                if let newest = events.newest { cursor = max(cursor ?? newest, newest) }
                polls += 1
                if polls % 3600 == 0, let cursor { try await sessions.prune(before: cursor - Self.retention) }
            } catch {
                // The database is unreachable: cached sessions can no longer be trusted.
                gate.invalidateAll()
                logger.warning("could not read session events", metadata: ["error": "\(error)"])
            }
        }
    }
}
