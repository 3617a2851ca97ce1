import Foundation

/// The collection timed out: the stream never produced what the test waited for.
struct CollectionTimedOut: Error, CustomStringConvertible {
    let collected: Int
    var description: String { "the stream produced \(collected) elements and then nothing within the timeout" }
}

/// Collects `stream`'s elements up to and including the first for which `isLast` is true, in a
/// task that fails with ``CollectionTimedOut`` after `timeout` instead of hanging the test run.
func collect<Element: Sendable>(
    _ stream: AsyncStream<Element>, timeout: Duration = .seconds(20), until isLast: @escaping @Sendable (Element) -> Bool
) -> Task<[Element], any Error> {
    Task {
        let collected = Locked([Element]())
        return try await withThrowingTaskGroup(of: [Element]?.self) { group in
            group.addTask {
                for await element in stream {
                    collected.withLock { $0.append(element) }
                    if isLast(element) { return collected.withLock { $0 } }
                }
                return collected.withLock { $0 }
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let elements = first else {
                throw CollectionTimedOut(collected: collected.withLock { $0.count })
            }
            return elements
        }
    }
}

/// Waits until `condition` holds, checking every 10 ms, for at most `timeout`; false if it never did.
func eventually(timeout: Duration = .seconds(10), _ condition: @Sendable () async -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return await condition()
}
