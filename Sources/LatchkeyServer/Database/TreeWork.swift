import LatchkeyWire

/// Work whose cost grows with the data it handles — parsing a write's body, turning a value into
/// rows or rows into a value, writing a value as JSON — run in place when it is small and on the
/// node's compute threads (``LatchkeyBackend/computing``) when it is large. The runtime's
/// cooperative pool has a thread per core: on it, a user's few megabytes of JSON would hold up
/// every other request of the node for as long as they take.
struct TreeWork: Sendable {
    let pool: BoundedThreadPool

    /// The leaves from which work leaves the cooperative pool; below it, a thread hop costs more
    /// than the work.
    static let offloadedLeaves = 2_000

    /// Whether work over `leaves` leaves is large: run on the compute threads, and (for a write)
    /// a heavy transaction (``WriteWeight/heavy``).
    static func isLarge(leaves: Int) -> Bool { leaves >= offloadedLeaves }
    /// The body size from which its parse leaves the cooperative pool.
    static let offloadedBytes = 64 * 1_024

    /// `work`, on the compute threads when `large`.
    func run<T: Sendable>(large: Bool, _ work: @escaping @Sendable () throws -> T) async throws -> T {
        large ? try await pool.run(work) : try work()
    }

    /// `work`, on the compute threads when `large` and they take it, else in place: for work
    /// that must be done even when the node is busy (a change the streams need, an event a
    /// running stream sends), which a refusal would lose.
    func runSomewhere<T: Sendable>(large: Bool, _ work: @escaping @Sendable () -> T) async -> T {
        guard large, let done = try? await pool.run(work) else { return work() }
        return done
    }
}
