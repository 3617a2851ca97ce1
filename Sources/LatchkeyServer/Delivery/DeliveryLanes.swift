import NIOConcurrencyHelpers

/// How many sends each lane has in flight on this node, so that a lane whose provider hangs
/// holds at most ``capacity`` sends — its own — and every other lane keeps its slots.
final class DeliveryLanes: Sendable {
    /// The most sends one lane has in flight.
    let capacity: Int
    private let inFlight = NIOLockedValueBox<[OutboxStore.Lane: Int]>([:])

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Takes the lane's free slots, when at least half of them are free (or the lane is idle):
    /// refilling in halves keeps a busy lane's leases to a few large transactions rather than one
    /// per finished send. Returns how many were taken (0: lease nothing for it now).
    func reserve(_ lane: OutboxStore.Lane) -> Int {
        inFlight.withLockedValue { inFlight in
            let busy = inFlight[lane, default: 0]
            guard busy * 2 <= capacity else { return 0 }
            inFlight[lane] = capacity
            return capacity - busy
        }
    }

    /// Gives back `count` slots: sends that finished, or reserved slots that found nothing to lease.
    func release(_ lane: OutboxStore.Lane, count: Int = 1) {
        guard count > 0 else { return }
        inFlight.withLockedValue { inFlight in
            let left = inFlight[lane, default: 0] - count
            inFlight[lane] = left > 0 ? left : nil
        }
    }
}
