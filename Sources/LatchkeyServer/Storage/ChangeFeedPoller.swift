import Logging
import ServiceLifecycle

/// Keeps this process's caches honest about changes made elsewhere (the CLI, another node): every
/// `interval` it reads new change events and drops the sessions and users they name from the
/// session gate and the user cache. Each poll reaches `overlap` seconds behind the newest event
/// seen, so writes committed slightly out of time order are not missed; events already applied
/// (remembered by id) are skipped, so a cache entry is dropped once per change, not once per poll.
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
        var applied: [String: Int64] = [:]
        var polls = 0
        await Periodic.run(every: interval) {
            do {
                let fresh = try await feed.changes(since: (cursor ?? 0) - Self.overlap).filter { applied[$0.id] == nil }
                let sessions = fresh.filter { $0.kind == .session }.map(\.subject)
                let changedUsers = fresh.filter { $0.kind == .user }.map(\.subject)
                if !sessions.isEmpty { gate.invalidate(sessions) }
                if !changedUsers.isEmpty { users.invalidate(changedUsers) }
                for change in fresh { applied[change.id] = change.createdAt }
                if let newest = fresh.map(\.createdAt).max() { cursor = max(cursor ?? newest, newest) }
                if let cursor { applied = applied.filter { $0.value >= cursor - Self.overlap } }
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
