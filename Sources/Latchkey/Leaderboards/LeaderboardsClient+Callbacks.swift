public import Foundation
public import LatchkeyWire

/// Completion-handler forms of ``LeaderboardsClient``; handlers run on the main queue.
extension LeaderboardsClient {
    /// Callback form of ``list()``.
    public func list(completion: @escaping @Sendable (Result<[Leaderboard], LatchkeyError>) -> Void) {
        client.deliver(completion) { try await self.list() }
    }

    /// Callback form of ``leaderboard(_:)``.
    public func leaderboard(_ id: String, completion: @escaping @Sendable (Result<Leaderboard, LatchkeyError>) -> Void) {
        client.deliver(completion) { try await self.leaderboard(id) }
    }

    /// Callback form of ``submit(_:subscore:metadata:displayName:idempotencyKey:to:)``.
    public func submit(
        _ score: Int64,
        subscore: Int64? = nil,
        metadata: [String: JSONValue]? = nil,
        displayName: String? = nil,
        idempotencyKey: String? = nil,
        to board: String,
        completion: @escaping @Sendable (Result<LeaderboardEntry, LatchkeyError>) -> Void
    ) {
        client.deliver(completion) {
            try await self.submit(
                score,
                subscore: subscore,
                metadata: metadata,
                displayName: displayName,
                idempotencyKey: idempotencyKey,
                to: board
            )
        }
    }

    /// Callback form of ``top(_:limit:offset:period:)``.
    public func top(
        _ board: String,
        limit: Int = 10,
        offset: Int = 0,
        period: Date? = nil,
        completion: @escaping @Sendable (Result<LeaderboardPage, LatchkeyError>) -> Void
    ) {
        client.deliver(completion) { try await self.top(board, limit: limit, offset: offset, period: period) }
    }

    /// Callback form of ``aroundMe(_:count:period:)``.
    public func aroundMe(
        _ board: String,
        count: Int = 5,
        period: Date? = nil,
        completion: @escaping @Sendable (Result<LeaderboardPage, LatchkeyError>) -> Void
    ) {
        client.deliver(completion) { try await self.aroundMe(board, count: count, period: period) }
    }

    /// Callback form of ``myEntry(_:period:)``.
    public func myEntry(
        _ board: String,
        period: Date? = nil,
        completion: @escaping @Sendable (Result<LeaderboardEntry?, LatchkeyError>) -> Void
    ) {
        client.deliver(completion) { try await self.myEntry(board, period: period) }
    }

    /// Callback form of ``periods(_:)``.
    public func periods(_ board: String, completion: @escaping @Sendable (Result<[Date], LatchkeyError>) -> Void) {
        client.deliver(completion) { try await self.periods(board) }
    }
}
