import Foundation

/// The collection timed out: the stream never produced what the test waited for.
struct CollectionTimedOut: Error, CustomStringConvertible {
    let collected: Int
    var description: String { "the stream produced \(collected) elements and then nothing within the timeout" }
}

/// Collects `stream`'s elements up to and including the first for which `isLast` is true, in a
/// task that fails with ``CollectionTimedOut`` after `timeout` instead of hanging the test run.
/// The clock runs from the call, while the test does the work that makes the elements (sign-ups
/// hash passwords): the default leaves room for a machine loaded by the rest of the suite.
func collect<Element: Sendable>(
    _ stream: AsyncStream<Element>,
    timeout: Duration = .seconds(60),
    until isLast: @escaping @Sendable (Element) -> Bool
) -> Task<[Element], any Error> {
    let drained = drain(stream, timeout: timeout, until: isLast)
    return Task { try await drained.value.elements }
}

/// Collects a throwing stream's elements until `count` arrived, it ended, or it threw (the error
/// is returned with what came before), in a task that fails with ``CollectionTimedOut`` after
/// `timeout`. Reaching `count` ends the consumption, which cancels the stream.
func collect<Element: Sendable>(
    _ stream: AsyncThrowingStream<Element, any Error>,
    count: Int = .max,
    timeout: Duration = .seconds(60)
) -> Task<(elements: [Element], error: (any Error)?), any Error> {
    let seen = Locked(0)
    return drain(stream, timeout: timeout) { _ in
        seen.withLock {
            $0 += 1
            return $0 >= count
        }
    }
}

/// Consumes `sequence` until an element for which `isLast` is true (included), its end, or its
/// error (returned with what came before), failing with ``CollectionTimedOut`` after `timeout`.
private func drain<Sequence: AsyncSequence & Sendable>(
    _ sequence: Sequence,
    timeout: Duration,
    until isLast: @escaping @Sendable (Sequence.Element) -> Bool
) -> Task<(elements: [Sequence.Element], error: (any Error)?), any Error> where Sequence.Element: Sendable {
    Task {
        let collected = Locked([Sequence.Element]())
        return try await withThrowingTaskGroup(of: (elements: [Sequence.Element], error: (any Error)?)?.self) { group in
            group.addTask {
                do {
                    for try await element in sequence {
                        collected.withLock { $0.append(element) }
                        if isLast(element) { break }
                    }
                    return (collected.withLock { $0 }, nil)
                } catch {
                    return (collected.withLock { $0 }, error)
                }
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let result = first else {
                throw CollectionTimedOut(collected: collected.withLock { $0.count })
            }
            return result
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
