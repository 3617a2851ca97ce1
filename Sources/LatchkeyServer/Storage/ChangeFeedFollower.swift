import Logging
import NIOConcurrencyHelpers
import ServiceLifecycle

/// Applies changes committed by other processes (other nodes, the CLI) to this node's
/// ``ChangeBus``: it reads `change_events` after its cursor, in sequence order, and moves the
/// cursor to the last one read. Because sequence order is commit order (see ``ChangeFeed``), a
/// change can never commit behind the cursor, however late its transaction commits.
///
/// On PostgreSQL, each notification's changes are published at once, ahead of the read
/// (``listener``); it reads right away only after a listener (re)connect or a notification too
/// large to carry its changes. Otherwise it reads every `interval`: the safety net for lost
/// notifications, and on SQLite the way writes by a CLI process arrive. Reading once per
/// notification would cost every node a query per commit anywhere, for nothing. When
/// a read fails (the database is unreachable) or the changes after the cursor were already
/// pruned, subscribers are told to drop everything. Each read that finds nothing left to apply
/// renews the bus's trust in this node's caches (``ChangeBus/isCurrent``) — on PostgreSQL only
/// while the listener is listening, since commits in between are heard only through it; when it
/// loses its connection, the trust goes at once.
struct ChangeFeedFollower: Service {
    let feed: ChangeFeed
    let bus: ChangeBus
    let listener: PostgresChangeListener?
    let interval: Duration
    let logger: Logger

    func run() async throws {
        let (wakeups, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        // Since when every commit is heard: always without a listener (SQLite reads alone), else since `LISTEN`.
        let hearingSince = NIOLockedValueBox<ContinuousClock.Instant?>(listener == nil ? .now : nil)
        wake.yield()
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                if let listener {
                    group.addTask {
                        await listener.run { signal in
                            switch signal {
                            case .listening:
                                hearingSince.withLockedValue { $0 = .now }
                                wake.yield()
                            case .heard(let events):
                                if events.isEmpty { wake.yield() } else { bus.publish(events) }
                            case .lost:
                                hearingSince.withLockedValue { $0 = nil }
                                bus.distrust()
                            }
                        }
                    }
                }
                group.addTask { await Periodic.run(every: interval) { wake.yield() } }
                group.addTask {
                    for await _ in wakeups { await catchUp(hearingSince: { hearingSince.withLockedValue { $0 } }) }
                }
            }
        }
    }

    /// Reads and applies everything committed after the cursor (from the latest sequence, on the
    /// first call). Confirms the bus current when every commit since the read began is heard:
    /// `hearingSince` (asked after the read) is at or before that.
    func catchUp(hearingSince: () -> ContinuousClock.Instant?) async {
        let started = ContinuousClock.now
        do {
            guard var cursor = bus.appliedSequence else {
                bus.caughtUp([], through: try await feed.latest())
                if let since = hearingSince(), since <= started { bus.confirmCurrent(asOf: started) }
                return
            }
            while true {
                let events = try await feed.changes(after: cursor)
                if let first = events.first, first.sequence > cursor + 1 {
                    // Sequences have no gaps: the ones in between were pruned before this node read them.
                    logger.warning("change events pruned before they were applied", metadata: ["after": "\(cursor)"])
                    bus.lostTrack()
                }
                if let last = events.last {
                    bus.caughtUp(events, through: last.sequence)
                    cursor = last.sequence
                }
                if events.count < ChangeFeed.page {
                    if let since = hearingSince(), since <= started { bus.confirmCurrent(asOf: started) }
                    return
                }
            }
        } catch {
            // The database is unreachable: cached state can no longer be trusted.
            bus.lostTrack()
            logger.warning("could not read change events", metadata: ["error": "\(error)"])
        }
    }
}
