import NIOConcurrencyHelpers

/// Delivers committed changes to the parts of this process that keep state derived from the
/// database (the session gate, the user cache). Changes arrive from three sources: this node's
/// own commits, published the moment they commit (so the request that made a change never sees
/// its own stale cache); PostgreSQL notifications, published as they arrive; and the
/// ``ChangeFeedFollower``, which reads everything committed in sequence order and moves the
/// applied cursor.
///
/// Each change reaches a subscriber once: a change published ahead of the cursor is remembered
/// and skipped when published again (this node hears its own `NOTIFY`) or read back, and one
/// already read is not published again. Handlers run synchronously, under
/// the bus's lock, so a delivery has finished before the commit that caused it is answered; they
/// must be quick (dropping cache entries) and must not call back into the bus. Across the two
/// sources, changes are not delivered in one global order.
final class ChangeBus: Sendable {
    /// What a subscriber is told.
    enum Delivery: Sendable {
        /// These changes committed (only the kinds subscribed to).
        case changed([ChangeEvent])
        /// Changes may have been missed (the database is unreachable, or pruned what this node
        /// had not read): state derived from the database can no longer be trusted.
        case unknown
    }

    private struct Subscription: Sendable {
        var kinds: Set<ChangeKind>
        var handler: @Sendable (Delivery) -> Void
    }

    private struct State {
        var subscriptions: [Subscription] = []
        /// Every change up to this sequence has been delivered; nil until the follower starts.
        var cursor: Int64?
        /// Sequences published locally after the cursor, not to be delivered again.
        var ahead: Set<Int64> = []
        /// When the last read that found everything applied began.
        var confirmedAt: ContinuousClock.Instant?
    }

    /// How long after the last complete read of the feed this node's derived state is trusted.
    /// Reads happen every second at least (see ``ChangeFeedFollower``), so only a paused process
    /// or a database too slow to answer lets it lapse.
    static let trustWindow = Duration.seconds(5)

    private let state = NIOLockedValueBox(State())

    /// Calls `handler` with every change of `kinds` from now on, and with ``Delivery/unknown``.
    func subscribe(to kinds: Set<ChangeKind>, _ handler: @escaping @Sendable (Delivery) -> Void) {
        state.withLockedValue { $0.subscriptions.append(Subscription(kinds: kinds, handler: handler)) }
    }

    /// The sequence every change up to which this node has applied; nil before the first read.
    var appliedSequence: Int64? { state.withLockedValue { $0.cursor } }

    /// Whether every change committed until recently has been applied here, so caches may answer.
    var isCurrent: Bool {
        guard let confirmedAt = state.withLockedValue({ $0.confirmedAt }) else { return false }
        return ContinuousClock.now - confirmedAt < Self.trustWindow
    }

    /// Records that a read begun at `instant` found nothing left to apply.
    func confirmCurrent(asOf instant: ContinuousClock.Instant) {
        state.withLockedValue { $0.confirmedAt = max($0.confirmedAt ?? instant, instant) }
    }

    /// Stops trusting this node's caches until the next confirmation (commits may go unheard).
    func distrust() {
        state.withLockedValue { $0.confirmedAt = nil }
    }

    /// Delivers changes that just committed, ahead of the follower's read.
    func publish(_ events: [ChangeEvent]) {
        guard !events.isEmpty else { return }
        state.withLockedValue { state in
            guard let cursor = state.cursor else { return deliver(events, to: state.subscriptions) }
            let unread = events.filter { $0.sequence > cursor && !state.ahead.contains($0.sequence) }
            state.ahead.formUnion(unread.map(\.sequence))
            deliver(unread, to: state.subscriptions)
        }
    }

    /// Delivers changes read back in sequence order and moves the cursor to `sequence`.
    func caughtUp(_ events: [ChangeEvent], through sequence: Int64) {
        state.withLockedValue { state in
            deliver(events.filter { !state.ahead.contains($0.sequence) }, to: state.subscriptions)
            state.ahead = state.ahead.filter { $0 > sequence }
            state.cursor = max(state.cursor ?? sequence, sequence)
        }
    }

    /// Tells every subscriber that changes may have been missed.
    func lostTrack() {
        state.withLockedValue { state in
            for subscription in state.subscriptions { subscription.handler(.unknown) }
        }
    }

    private func deliver(_ events: [ChangeEvent], to subscriptions: [Subscription]) {
        for subscription in subscriptions {
            let wanted = events.filter { subscription.kinds.contains($0.kind) }
            if !wanted.isEmpty { subscription.handler(.changed(wanted)) }
        }
    }
}
