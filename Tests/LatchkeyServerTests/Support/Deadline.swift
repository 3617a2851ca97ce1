import NIOConcurrencyHelpers

/// Runs `operation`, failing with `HarnessError` once `limit` has passed, without waiting for it.
///
/// Why not a task group racing a timer: leaving a group waits for every child, and
/// HummingbirdTesting's client waits for an answer on a future that cancellation does not end.
/// With its own timeout that way, a server that never answered held its test, and so the whole
/// test run, for good. Here the operation runs in a task of its own, which is cancelled and left
/// to end by itself when time runs out; the test fails saying what did not answer.
func withDeadline<T: Sendable>(
    _ limit: Duration, _ what: String, _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    let waiting = NIOLockedValueBox<CheckedContinuation<T, any Error>?>(nil)
    let finish: @Sendable (Result<T, any Error>) -> Void = { result in
        waiting.withLockedValue { continuation in
            defer { continuation = nil }
            return continuation
        }?.resume(with: result)
    }
    return try await withCheckedThrowingContinuation { continuation in
        waiting.withLockedValue { $0 = continuation }
        let timer = Task {
            try await Task.sleep(for: limit)
            finish(.failure(HarnessError.unexpected("\(what): no answer within \(limit)")))
        }
        Task {
            do {
                finish(.success(try await operation()))
            } catch {
                finish(.failure(error))
            }
            timer.cancel()
        }
    }
}
