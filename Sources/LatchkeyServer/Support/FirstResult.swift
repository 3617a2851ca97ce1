import NIOConcurrencyHelpers

/// The result of whichever of several racing tasks finishes first. The waiter resumes with it at
/// once and does not wait for the others, which end by themselves; their results are dropped.
///
/// Why not a task group: leaving a group waits for every child, so a child that never ends (a
/// statement its database client never answers) would hold the waiter with it.
final class FirstResult<Value: Sendable>: Sendable {
    private enum State {
        case waiting(CheckedContinuation<Value, any Error>?)
        case finished(Result<Value, any Error>)
        case delivered
    }

    private let state = NIOLockedValueBox(State.waiting(nil))

    /// Offers a result; the first one offered is the value.
    func finish(_ result: Result<Value, any Error>) {
        let waiter: CheckedContinuation<Value, any Error>? = state.withLockedValue { state in
            switch state {
            case .waiting(let waiter?):
                state = .delivered
                return waiter
            case .waiting(nil):
                state = .finished(result)
                return nil
            case .finished, .delivered:
                return nil
            }
        }
        waiter?.resume(with: result)
    }

    /// The first result offered, once there is one. Awaited once.
    var value: Value {
        get async throws {
            try await withCheckedThrowingContinuation { continuation in
                let ready: Result<Value, any Error>? = state.withLockedValue { state in
                    if case .finished(let result) = state {
                        state = .delivered
                        return result
                    }
                    state = .waiting(continuation)
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        }
    }
}
