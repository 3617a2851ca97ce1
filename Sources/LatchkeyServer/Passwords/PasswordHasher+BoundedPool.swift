import NIOConcurrencyHelpers
import NIOPosix

extension PasswordHasher {
    /// Threads for blocking hash work and a bound on the work waiting for them: past it, work is
    /// refused at once (``PasswordHasher/Overloaded``, a `503`) rather than queued without end.
    final class BoundedPool: Sendable {
        private let pool: NIOThreadPool
        private let pending = NIOLockedValueBox(0)
        private let maximumPending: Int

        init(threads: Int, maximumPending: Int) {
            pool = NIOThreadPool(numberOfThreads: max(1, threads))
            self.maximumPending = maximumPending
            pool.start()
        }

        func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async throws -> T {
            let admitted = pending.withLockedValue { count -> Bool in
                guard count < maximumPending else { return false }
                count += 1
                return true
            }
            guard admitted else { throw Overloaded() }
            defer { pending.withLockedValue { $0 -= 1 } }
            return try await pool.runIfActive { work() }
        }

        func shutdown() async {
            try? await pool.shutdownGracefully()
        }
    }
}
