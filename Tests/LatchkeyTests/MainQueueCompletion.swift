import Foundation

/// Marks the main queue, so a handler can tell it runs there (on Linux the test runner may
/// service the main queue from a worker thread after `dispatchMain()`, so `Thread.isMainThread`
/// alone does not say it).
private let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()

/// Calls `start` with a completion handler and returns what the handler got, and whether it
/// ran on the main queue.
func completion<T: Sendable>(_ start: (@escaping @Sendable (T) -> Void) -> Void) async -> (value: T, onMain: Bool) {
    let key = mainQueueKey
    return await withCheckedContinuation { continuation in
        start { value in
            continuation.resume(returning: (value, Thread.isMainThread || DispatchQueue.getSpecific(key: key) == true))
        }
    }
}
