import Logging
import ServiceLifecycle

/// Keeps this process's caches honest about changes made elsewhere (the CLI, another node): every
/// `interval` it reads new change events and drops the sessions and users they name from the
/// session gate and the user cache. Events are re-read with an overlap of `overlap` seconds, so
/// writes committed slightly out of time order are not missed; dropping an entry twice is harmless.
/// Old events are pruned.
struct ChangeFeedPoller: Service {
    let feed: ChangeFeed
    let gate: SessionGate
    let users: UserCache
    let interval: Duration
    let logger: Logger
    /// How far back each poll reaches before the newest event already seen.
    static let overlap: Int64 = 5
    /// How long events are kept (longer than any cache could hold an entry without polling).
    static let retention: Int64 = 86_400

    func run() async throws {
        var cursor = (try? await feed.newest()) ?? nil
        var polls = 0
        await Periodic.run(every: interval) {
            do {
                let read = try await feed.changes(since: (cursor ?? 0) - Self.overlap)
                let sessions = read.changes.filter { $0.kind == .session }.map(\.subject)
                let changedUsers = read.changes.filter { $0.kind == .user }.map(\.subject)
                if !sessions.isEmpty { gate.invalidate(sessions) }
                if !changedUsers.isEmpty { users.invalidate(changedUsers) }
                if let newest = read.newest { cursor = max(cursor ?? newest, newest) }
                polls += 1
                if polls % 14_400 == 0, let cursor { try await feed.prune(before: cursor - Self.retention) }
            } catch {
                // The database is unreachable: cached state can no longer be trusted.
                gate.invalidateAll()
                users.invalidateAll()
                logger.warning("could not read change events", metadata: ["error": "\(error)"])
            }
        }
    }
}
