/// Makes token refresh single-flight: concurrent callers that need a refresh share one request.
actor RefreshCoordinator {
    private var inFlight: Task<CurrentUser, any Error>?

    /// Runs `refresh` unless one is already running, in which case its result is shared.
    func refresh(_ refresh: @escaping @Sendable () async throws -> CurrentUser) async throws -> CurrentUser {
        if let inFlight { return try await inFlight.value }
        let task = Task { try await refresh() }
        inFlight = task
        defer { inFlight = nil }
        return try await task.value
    }
}
