import NIOConcurrencyHelpers
import NIOPosix

/// Threads for work that would hold a cooperative thread too long (a bcrypt, the parse of a
/// megabyte of JSON) and a bound on the work waiting for them: past it, work is refused at once
/// (``Overloaded``, a `503`) rather than queued without end. The runtime's cooperative pool has
/// one thread per core, so a few such jobs on it would stall every other request of the node.
final class BoundedThreadPool: Sendable {
    /// The pool's queue is full: the caller answers 503.
    struct Overloaded: Error {}

    private let pool: NIOThreadPool
    private let pending = NIOLockedValueBox(0)
    private let maximumPending: Int

    init(threads: Int, maximumPending: Int) {
        pool = NIOThreadPool(numberOfThreads: max(1, threads))
        self.maximumPending = maximumPending
        pool.start()
    }

    func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        let admitted = pending.withLockedValue { count -> Bool in
            guard count < maximumPending else { return false }
            count += 1
            return true
        }
        guard admitted else { throw Overloaded() }
        defer { pending.withLockedValue { $0 -= 1 } }
        return try await pool.runIfActive { try work() }
    }

    func shutdown() async {
        try? await pool.shutdownGracefully()
    }
}
