/// Polls `read` every 50 ms until it answers `expected`, for at most `limit`, and returns the last
/// answer, so the caller's expectation shows what was seen: for changes another process makes,
/// which reach a running server through the change bus a moment later.
func eventually<T: Equatable>(_ expected: T, limit: Duration = .seconds(10), _ read: () async throws -> T) async throws -> T {
    let started = ContinuousClock.now
    var answer = try await read()
    while answer != expected && ContinuousClock.now - started < limit {
        try await Task.sleep(for: .milliseconds(50))
        answer = try await read()
    }
    return answer
}
