import Foundation
import Logging
import NIOConcurrencyHelpers

/// Writes the outcomes of sends together: a transaction per message would bound delivery by
/// commits, and sends no longer finish in batches. The first send to finish writes its outcome
/// and, in the same loop, every outcome that arrived while it wrote; the others wait for the
/// write that carries theirs.
final class OutcomeRecorder: Sendable {
    private struct State {
        var pending: [OutboxStore.Outcome] = []
        var waiting: [CheckedContinuation<Bool, Never>] = []
        var writing = false
    }

    private let outbox: OutboxStore
    private let time: any TimeSource
    private let logger: Logger
    private let state = NIOLockedValueBox(State())

    init(outbox: OutboxStore, time: any TimeSource, logger: Logger) {
        self.outbox = outbox
        self.time = time
        self.logger = logger
    }

    /// Records `outcome`; returns once a transaction holding it has committed (or failed, which
    /// is logged: the lease lapses and the message is sent again).
    func record(_ outcome: OutboxStore.Outcome) async {
        let writes = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let leads = state.withLockedValue { state in
                state.pending.append(outcome)
                if state.writing {
                    state.waiting.append(continuation)
                    return false
                }
                state.writing = true
                return true
            }
            if leads { continuation.resume(returning: true) }
        }
        guard writes else { return }
        while let batch = nextBatch() {
            do {
                try await outbox.record(batch.outcomes, at: time.now())
            } catch {
                logger.warning("outbox outcomes not recorded; the leases lapse and the messages are sent again", metadata: ["error": "\(error)"])
            }
            for waiter in batch.waiting { waiter.resume(returning: false) }
        }
    }

    /// What arrived since the last write, with those waiting for it; nil (and no longer writing)
    /// when nothing did.
    private func nextBatch() -> (outcomes: [OutboxStore.Outcome], waiting: [CheckedContinuation<Bool, Never>])? {
        state.withLockedValue { state in
            guard !state.pending.isEmpty else {
                state.writing = false
                return nil
            }
            defer {
                state.pending = []
                state.waiting = []
            }
            return (state.pending, state.waiting)
        }
    }
}
