import ArgumentParser
import Foundation
import LatchkeyServer
import LatchkeyWire

/// `latchkey leaderboards …`: define, list and delete an app's boards, as the app's servers do
/// with `leaderboards:admin`.
struct LeaderboardsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "leaderboards",
        abstract: "Manage an app's leaderboards.",
        subcommands: [Create.self, List.self, Delete.self, RemoveScore.self, Seed.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a board, or change the definition of an existing one: options left out keep their values (its entries are kept)."
        )
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions
        @OptionGroup var app: UsersCommand.AppOption
        @Argument(help: "The board id: 1–64 of a–z, 0–9, _ and -.") var id: String
        @Option(help: "desc (highest first; the default) or asc. A board with entries keeps its order.") var sort: String?
        @Option(help: "best (the default), set or increment.") var `operator`: String?
        @Option(help: "none (the default), daily, weekly, monthly or a 5-field cron expression (UTC).") var reset: String?
        @Flag(inversion: .prefixedNo, help: "Let users submit their own scores (default no).") var allowUserSubmits: Bool?
        @Option(help: "The lowest score a user's own submit may carry, and an increment board's lowest total (default 0).")
        var minScore: Int64?
        @Option(help: "The highest score a user's own submit may carry, and an increment board's highest total.") var maxScore: Int64?
        @Option(help: "A user's own submits per minute to the board (default 60).") var submitsPerMinute: Int?

        func run() async throws {
            let sortOrder = try sort.map { value in
                guard let order = LeaderboardSortOrder(rawValue: value) else { throw ValidationError("--sort is desc or asc") }
                return order
            }
            let op = try `operator`.map { value in
                guard let op = LeaderboardOperator(rawValue: value) else { throw ValidationError("--operator is best, set or increment") }
                return op
            }
            let definition = LeaderboardDefinition(
                sortOrder: sortOrder,
                operator: op,
                resetSchedule: reset,
                allowUserSubmits: allowUserSubmits,
                minScore: minScore,
                maxScore: maxScore,
                userSubmitsPerMinute: submitsPerMinute
            )
            let board = try await store.withBackend { backend in
                try await backend.defineLeaderboard(appID: try await app.resolve(in: backend).id, id: id, definition, by: .commandLine())
            }
            try output.print(board, text: board.line)
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the app's boards.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions
        @OptionGroup var app: UsersCommand.AppOption

        func run() async throws {
            let boards = try await store.withBackend { backend in
                try await backend.leaderboards(appID: try await app.resolve(in: backend).id, by: .commandLine())
            }
            try output.print(boards, text: boards.map(\.line).joined(separator: "\n"))
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a board with every period's entries.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var app: UsersCommand.AppOption
        @Argument var id: String

        func run() async throws {
            try await store.withBackend { backend in
                try await backend.deleteLeaderboard(appID: try await app.resolve(in: backend).id, id: id, by: .commandLine())
            }
            print("deleted \(id)")
        }
    }

    struct RemoveScore: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove-score",
            abstract: "Remove one user's score from a board (the user may submit again)."
        )
        @OptionGroup var store: StoreOptions
        @OptionGroup var app: UsersCommand.AppOption
        @Argument(help: "The board id.") var id: String
        @Argument(help: "The user id.") var user: String
        @Option(help: "The period's start as the API writes it (2027-01-15T00:00:00Z); default the current one.") var period: String?

        func run() async throws {
            try await store.withBackend { backend in
                try await backend.admin.removeLeaderboardScore(
                    board: id,
                    userID: user,
                    period: period,
                    appID: try await app.resolve(in: backend).id,
                    by: .commandLine()
                )
            }
            print("removed \(user)'s score from \(id)")
        }
    }

    struct Seed: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Give many users an entry with a random score, for load tests (run it while no server runs)."
        )
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions
        @OptionGroup var app: UsersCommand.AppOption
        @Argument var id: String
        @Option(help: "How many users (the first in id order) get an entry.") var entries: Int

        struct Result: Encodable {
            var entriesAdded: Int
        }

        func run() async throws {
            let added = try await store.withBackend { backend in
                try await backend.seedLeaderboard(appID: try await app.resolve(in: backend).id, id: id, count: entries, by: .commandLine())
            }
            try output.print(Result(entriesAdded: added), text: "added \(added) entries")
        }
    }
}

extension Leaderboard {
    /// How `latchkey leaderboards` prints a board.
    var line: String {
        "\(id)  \(sortOrder.rawValue)  \(self.operator.rawValue)  reset \(resetSchedule)"
            + (allowUserSubmits ? "  user submits (\(userSubmitsPerMinute)/min, min \(minScore)\(maxScore.map { ", max \($0)" } ?? ""))" : "")
    }
}
