import DequeModule

/// At most ``capacity`` open SMTP sessions, reused one message after another: opening one costs
/// a TCP connect, a TLS handshake and AUTH, several round trips a busy outbox need not pay per
/// message. A send takes an idle session (the most recently used, the likeliest still open), else
/// opens one when under capacity, else waits its turn; a session that failed is closed, never
/// reused, and one idle longer than ``maximumIdle`` is quit (servers drop idle clients after a
/// few minutes, RFC 5321 §4.5.3.2.7).
actor SMTPConnectionPool {
    let capacity: Int
    let maximumIdle: Duration
    private let open: @Sendable () async throws(SMTPError) -> SMTPSession
    private var idle: [(session: SMTPSession, since: ContinuousClock.Instant)] = []
    private var count = 0
    private var waiters: [Int: CheckedContinuation<Void, any Error>] = [:]
    private var queue = Deque<Int>()
    private var nextWaiter = 0

    init(capacity: Int, maximumIdle: Duration = .seconds(60), open: @escaping @Sendable () async throws(SMTPError) -> SMTPSession) {
        self.capacity = max(1, capacity)
        self.maximumIdle = maximumIdle
        self.open = open
    }

    /// A session for one message, and whether it was used before; give it back with ``release(_:reusable:)``.
    func lease() async throws -> (session: SMTPSession, reused: Bool) {
        while true {
            while let (session, since) = idle.popLast() {
                if session.channel.isActive && since.duration(to: .now) < maximumIdle { return (session, true) }
                count -= 1
                Task { await session.quit() }
            }
            if count < capacity {
                count += 1
                do {
                    return (try await open(), false)
                } catch {
                    count -= 1
                    wakeNext()
                    throw error
                }
            }
            try await waitForTurn()
        }
    }

    /// Takes a session back: kept for the next message when `reusable`, else closed.
    func release(_ session: SMTPSession, reusable: Bool) {
        if reusable && session.channel.isActive {
            idle.append((session, .now))
        } else {
            count -= 1
            session.channel.close()
        }
        wakeNext()
    }

    /// Waits until a session is given back; a cancelled send (the outbox's send timeout) stops waiting.
    private func waitForTurn() async throws {
        let id = nextWaiter
        nextWaiter += 1
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    waiters[id] = continuation
                    queue.append(id)
                }
            }
        } onCancel: {
            Task { await self.cancelWaiter(id) }
        }
    }

    private func cancelWaiter(_ id: Int) {
        waiters.removeValue(forKey: id)?.resume(throwing: CancellationError())
    }

    private func wakeNext() {
        while let id = queue.popFirst() {
            if let waiter = waiters.removeValue(forKey: id) {
                waiter.resume()
                return
            }
        }
    }
}
