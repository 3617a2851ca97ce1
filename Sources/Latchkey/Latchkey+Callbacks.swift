public import Foundation
public import LatchkeyWire

/// Completion-handler forms of the client's own calls, and how every feature client delivers its
/// callbacks. Like the seeds' SDKs, handlers run on the main queue (`DispatchQueue.main`), so they
/// may touch the UI directly.
extension Latchkey {
    /// Callback form of ``hello()``.
    public func hello(completion: @escaping @Sendable (Result<HelloResponse, LatchkeyError>) -> Void) {
        deliver(completion) { try await self.hello() }
    }

    /// Callback form of ``checkReachability()``.
    public func checkReachability(completion: @escaping @Sendable (Bool) -> Void) {
        Task {
            let reachable = await self.checkReachability()
            DispatchQueue.main.async { completion(reachable) }
        }
    }

    /// Runs `work` and hands its result to `completion` on the main queue.
    func deliver<T: Sendable>(
        _ completion: @escaping @Sendable (Result<T, LatchkeyError>) -> Void,
        _ work: @escaping @Sendable () async throws -> T
    ) {
        Task {
            let result: Result<T, LatchkeyError>
            do {
                result = .success(try await work())
            } catch let error as LatchkeyError {
                result = .failure(error)
            } catch {
                // Every failure is typed before it gets here; this keeps the handler's type total.
                result = .failure(.network(error.localizedDescription))
            }
            DispatchQueue.main.async { completion(result) }
        }
    }
}
