import NIOConcurrencyHelpers
import PostgresNIO

/// The pool's operations in flight, checked together by one task that runs only while there are
/// any, four times a second and at the first deadline due before then: an operation with no
/// connection at its lease timeout, or whose connection the sweep has seen closed for a second
/// (1–1.25 s after it closed), is failed with ``StoreUnavailable``.
///
/// Why one sweep and not a timer per operation: a task sleeping beside every statement armed and
/// cancelled a dispatch timer each time, and libdispatch's timer thread became a visible share of
/// a node's CPU on the refresh path (bench/results).
final class PostgresOperationWatch: Sendable {
    /// One operation, from ``begin(timeout:fail:)`` to ``end(_:)``.
    struct Ticket: Sendable {
        fileprivate let number: UInt64
    }

    private struct Operation {
        let deadline: ContinuousClock.Instant
        let fail: @Sendable (any Error) -> Void
        var work: Task<Void, Never>?
        var connection: PostgresConnection?
        /// When the sweep first saw the connection closed.
        var closedAt: ContinuousClock.Instant?

        /// Why the operation is given up on at `now`, if it is (at ``due``); notes when its
        /// connection is first seen closed.
        mutating func givenUp(at now: ContinuousClock.Instant) -> (any Error)? {
            if closedAt == nil, connection?.isClosed == true { closedAt = now }
            guard let due, now >= due else { return nil }
            return StoreUnavailable(underlying: connection == nil ? CancellationError() : ConnectionClosedUnderStatement())
        }

        /// When it is given up on if nothing changes: at its lease deadline while it has no
        /// connection, a grace after its connection was seen closed, else never.
        var due: ContinuousClock.Instant? {
            connection == nil ? deadline : closedAt.map { $0 + PostgresOperationWatch.grace }
        }
    }

    private struct State {
        var next: UInt64 = 0
        var operations: [UInt64: Operation] = [:]
        var sweeping = false
    }

    /// How often the operations are looked at, at the least.
    private static let interval = Duration.milliseconds(250)
    /// How long an operation whose connection closed is given to answer by itself.
    fileprivate static let grace = Duration.seconds(1)

    private let state = NIOLockedValueBox(State())

    /// Starts watching an operation that must have a connection within `timeout`; `fail` is
    /// called at most once, if it is given up on.
    func begin(timeout: Duration, fail: @escaping @Sendable (any Error) -> Void) -> Ticket {
        let (number, startSweep) = state.withLockedValue { state in
            state.next += 1
            state.operations[state.next] = Operation(deadline: .now + timeout, fail: fail)
            defer { state.sweeping = true }
            return (state.next, !state.sweeping)
        }
        if startSweep { Task { await sweep() } }
        return Ticket(number: number)
    }

    /// The task running the operation, cancelled if the operation is given up on (at once when
    /// that already happened).
    func attach(_ work: Task<Void, Never>, to ticket: Ticket) {
        let watched = state.withLockedValue { state in
            state.operations[ticket.number]?.work = work
            return state.operations[ticket.number] != nil
        }
        if !watched { work.cancel() }
    }

    /// The operation has its connection.
    func leased(_ connection: PostgresConnection, for ticket: Ticket) {
        state.withLockedValue { $0.operations[ticket.number]?.connection = connection }
    }

    /// Whether the operation had a connection (false once it ended).
    func hasConnection(_ ticket: Ticket) -> Bool {
        state.withLockedValue { $0.operations[ticket.number]?.connection != nil }
    }

    /// Stops watching the operation.
    func end(_ ticket: Ticket) {
        state.withLockedValue { _ = $0.operations.removeValue(forKey: ticket.number) }
    }

    private func sweep() async {
        var wake = ContinuousClock.now + Self.interval
        while true {
            try? await Task.sleep(until: wake, clock: .continuous)
            let now = ContinuousClock.now
            let swept = state.withLockedValue { state -> (given: [(Operation, any Error)], wake: ContinuousClock.Instant)? in
                guard !state.operations.isEmpty else {
                    state.sweeping = false
                    return nil
                }
                var given: [(Operation, any Error)] = []
                var wake = now + Self.interval
                for number in Array(state.operations.keys) {
                    guard let error = state.operations[number]!.givenUp(at: now) else {
                        wake = min(wake, state.operations[number]!.due ?? wake)
                        continue
                    }
                    given.append((state.operations.removeValue(forKey: number)!, error))
                }
                return (given, wake)
            }
            guard let (given, next) = swept else { return }
            wake = next
            for (operation, error) in given {
                operation.fail(error)
                operation.work?.cancel()
            }
        }
    }

    /// The connection a statement ran on closed before the statement was answered.
    struct ConnectionClosedUnderStatement: Error {}
}
