import DequeModule

/// A fair async mutex: callers suspend (not block) while another holds it. Serializes SQLite's
/// single writer connection.
final class AsyncMutex: Sendable {
    private let state = State()

    /// Runs `body` while holding the mutex.
    func withLock<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        await state.acquire()
        do {
            let value = try await body()
            await state.release()
            return value
        } catch {
            await state.release()
            throw error
        }
    }

    private actor State {
        private var held = false
        private var waiters: Deque<CheckedContinuation<Void, Never>> = []

        func acquire() async {
            if !held {
                held = true
                return
            }
            await withCheckedContinuation { waiters.append($0) }
        }

        func release() {
            if let next = waiters.popFirst() {
                next.resume()
            } else {
                held = false
            }
        }
    }
}
