@testable import LatchkeyServer

/// Runs `operation`, failing with `HarnessError` once `limit` has passed, without waiting for it.
///
/// Why not a task group racing a timer: leaving a group waits for every child, and
/// HummingbirdTesting's client waits for an answer on a future that cancellation does not end.
/// With its own timeout that way, a server that never answered held its test, and so the whole
/// test run, for good. Here the operation runs in a task of its own, which is cancelled and left
/// to end by itself when time runs out; the test fails saying what did not answer. `what` is
/// worked out only then (it may read a server's log).
func withDeadline<T: Sendable>(
    _ limit: Duration,
    _ what: @escaping @autoclosure @Sendable () -> String,
    _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    let outcome = FirstResult<T>()
    let work = Task {
        do {
            outcome.finish(.success(try await operation()))
        } catch {
            outcome.finish(.failure(error))
        }
    }
    let timer = Task {
        try await Task.sleep(for: limit)
        outcome.finish(.failure(HarnessError.unexpected("\(what()): no answer within \(limit)")))
        work.cancel()
    }
    defer { timer.cancel() }
    return try await outcome.value
}
