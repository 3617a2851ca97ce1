import AsyncAlgorithms
import Foundation
import Logging
import NIOConcurrencyHelpers
public import ServiceLifecycle

/// Sends what the outbox holds: whenever a message is queued (``wake()``) and every second for
/// retries and for messages queued by other nodes or before a restart. A failed send is retried
/// with exponential backoff (5 s, 10 s, 20 s … at most an hour), or later when the provider asked
/// for a longer wait (`Retry-After`); a permanent failure, or the
/// last allowed attempt failing, leaves the message dead (the dead letter `latchkey outbox list
/// --status dead` shows). Requests never wait for a provider: they only queue.
///
/// Messages go out in lanes — one per sender, channel and app (``OutboxStore/Lane``) — that
/// never wait for each other: each lane leases its own messages and has at most
/// ``laneCapacity`` sends in flight, each given at most ``sendTimeout``, and a send's slot is
/// refilled as soon as it finishes. So a provider that hangs holds its own lane's slots and
/// nothing else: a sign-in PIN goes out at once whatever push is doing. Sends in flight are
/// bounded by the lanes with messages due, never by the messages.
public final class OutboxDispatcher: Service, Sendable {
    private let outbox: OutboxStore
    private let senders: [MessageSenderKind: any MessageSender]
    private let time: any TimeSource
    private let logger: Logger
    private let maximumAttempts: Int
    private let signal = NIOLockedValueBox<AsyncStream<Void>.Continuation?>(nil)
    private let recorder: OutcomeRecorder
    /// Sends one lane has in flight at most. bench/push (one app, one provider: one lane)
    /// delivered 10,000 pushes at 0.9–1.6k/s with 16 at once, 2.1–2.3k/s with 64 and 2.4k/s with
    /// 128 (256 gained nothing more).
    static let laneCapacity = 128
    private let lanes = DeliveryLanes(capacity: OutboxDispatcher.laneCapacity)
    /// Lanes looked at per poll, those due longest first.
    private let laneLimit = 256
    /// The longest one send may take before it counts as a temporary failure: longer than the
    /// senders' own 10 s request timeout, for a provider that answers its headers and then stalls.
    static let sendTimeout: Duration = .seconds(15)
    /// Seconds a dispatcher holds a message it is sending: longer than ``sendTimeout`` and the
    /// write of its outcome, so a live send never loses its lease, and a crash mid-send delays
    /// the message by at most this much.
    private let lease = 20

    init(outbox: OutboxStore, senders: [MessageSenderKind: any MessageSender], maximumAttempts: Int, time: any TimeSource, logger: Logger) {
        self.outbox = outbox
        self.senders = senders
        self.maximumAttempts = maximumAttempts
        self.time = time
        self.logger = logger
        self.recorder = OutcomeRecorder(outbox: outbox, time: time, logger: logger)
    }

    /// Asks the dispatcher to look at the outbox now.
    func wake() {
        _ = signal.withLockedValue { $0 }?.yield()
    }

    /// Leases what is due, lane by lane, whenever woken or every second, and starts each send
    /// without waiting for the others. Stopping abandons the sends in flight: their leases lapse
    /// and they are sent again (a receiver drops the duplicate by its message id).
    public func run() async throws {
        let (wakes, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        signal.withLockedValue { $0 = continuation }
        let ticks = AsyncTimerSequence(interval: .seconds(1), clock: .continuous).map { _ in () }
        await withGracefulShutdownHandler {
            await withDiscardingTaskGroup { group in
                for await _ in merge(wakes, ticks).cancelOnGracefulShutdown() {
                    for (lane, lease) in await leaseDue() {
                        group.addTask { await self.send(lease, in: lane) }
                    }
                }
                group.cancelAll()
            }
        } onGracefulShutdown: {
            continuation.finish()
        }
    }

    /// Sends every message due now and waits for their outcomes; returns how many were attempted.
    @discardableResult
    public func deliverDue() async -> Int {
        var attempted = 0
        while true {
            let due = await leaseDue()
            guard !due.isEmpty else { return attempted }
            attempted += due.count
            await withDiscardingTaskGroup { group in
                for (lane, lease) in due {
                    group.addTask { await self.send(lease, in: lane) }
                }
            }
        }
    }

    /// Leases, for every lane with free slots, as many of its due messages as it has slots.
    private func leaseDue() async -> [(OutboxStore.Lane, OutboxStore.Lease)] {
        let now = time.now()
        var leased: [(OutboxStore.Lane, OutboxStore.Lease)] = []
        do {
            for lane in try await outbox.dueLanes(limit: laneLimit, at: now) {
                let slots = lanes.reserve(lane)
                guard slots > 0 else { continue }
                let found: [OutboxStore.Lease]
                do {
                    found = try await outbox.leaseDue(in: lane, limit: slots, lease: lease, at: now)
                } catch {
                    lanes.release(lane, count: slots)
                    throw error
                }
                lanes.release(lane, count: slots - found.count)
                leased += found.map { (lane, $0) }
            }
        } catch {
            logger.warning("outbox unavailable", metadata: ["error": "\(error)"])
        }
        return leased
    }

    /// One send, its outcome recorded, its slot given back and the lane refilled. A send cut
    /// short by stopping records nothing: its lease lapses.
    private func send(_ lease: OutboxStore.Lease, in lane: OutboxStore.Lane) async {
        let outcome = await attempt(lease)
        if !Task.isCancelled { await recorder.record(outcome) }
        lanes.release(lane)
        wake()
    }

    private func attempt(_ lease: OutboxStore.Lease) async -> OutboxStore.Outcome {
        let message = lease.message
        let attempt = lease.attempt
        do {
            guard let sender = senders[lease.sender] else {
                throw DeliveryFailure(permanent: false, reason: "the \(lease.sender.rawValue) sender is not configured on this node")
            }
            return .sent(id: message.id, providerMessageID: try await Self.withinSendTimeout(sender.kind) { try await sender.deliver(message) })
        } catch {
            let failure = error as? DeliveryFailure
            let wait = max(Self.backoff(attempt: attempt), failure?.retryAfter ?? 0)
            let retryAt = failure?.permanent == true || attempt >= maximumAttempts ? nil : time.now().addingTimeInterval(wait)
            logger.warning(
                retryAt == nil ? "message dead-lettered" : "message send failed; will retry",
                metadata: ["id": "\(message.id)", "attempt": "\(attempt)", "error": "\(error)"]
            )
            return .failed(id: message.id, error: "\(error)", retryAt: retryAt)
        }
    }

    /// Runs `send`, cancelling it after ``sendTimeout`` (a temporary failure).
    private static func withinSendTimeout(
        _ kind: MessageSenderKind,
        _ send: @escaping @Sendable () async throws -> String?
    ) async throws -> String? {
        try await withThrowingTaskGroup(of: String?.self) { group in
            group.addTask { try await send() }
            group.addTask {
                try await Task.sleep(for: sendTimeout)
                throw DeliveryFailure(permanent: false, reason: "\(kind.rawValue) did not answer within \(sendTimeout)")
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
    }

    /// Seconds before attempt `attempt + 1`: 5 s doubling, at most an hour.
    static func backoff(attempt: Int) -> TimeInterval {
        min(3600, 5 * pow(2, Double(max(0, attempt - 1))))
    }
}
