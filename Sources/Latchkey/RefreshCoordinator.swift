/// Makes token refresh single-flight per session: concurrent callers that need a refresh of one
/// session share one request, and a caller of another session (after a switch of user) never
/// gets the answer meant for the previous one.
actor RefreshCoordinator {
    private var inFlight: [String: Task<CurrentUser, any Error>] = [:]

    /// Runs `refresh` unless one for `session` is already running, in which case its result is shared.
    func refresh(session: String, _ refresh: @escaping @Sendable () async throws -> CurrentUser) async throws -> CurrentUser {
        if let running = inFlight[session] { return try await running.value }
        let task = Task { try await refresh() }
        inFlight[session] = task
        defer { inFlight[session] = nil }
        return try await task.value
    }
}
