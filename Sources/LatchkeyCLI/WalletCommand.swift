import ArgumentParser
import Foundation
import LatchkeyServer
import LatchkeyWire

/// `latchkey wallet …`: an operator's read of a user's wallet, through the service the API uses.
struct WalletCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wallet",
        abstract: "Read users' wallets (balances and ledger).",
        subcommands: [Show.self, Ledger.self]
    )

    /// The wallet a command reads: the app and the user.
    struct WalletOptions: ParsableArguments {
        @OptionGroup var app: UsersCommand.AppOption
        @Option(help: "The user id.") var user: String
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a user's balances.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions
        @OptionGroup var wallet: WalletOptions

        func run() async throws {
            let balances = try await store.withBackend { backend in
                try await backend.walletBalances(userID: wallet.user, app: try await wallet.app.resolve(in: backend), by: .commandLine())
            }
            try output.print(balances, text: balances.balances.map { "\($0.currency)  \($0.balance)" }.joined(separator: "\n"))
        }
    }

    struct Ledger: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List a user's ledger entries, newest first.",
            discussion: "Prints the cursor of the next page last (with --json, as nextCursor); pass it to --cursor."
        )
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions
        @OptionGroup var wallet: WalletOptions
        @Option(help: "Only this currency.") var currency: String?
        @Option(help: "At most this many (1 to 100).") var limit = 20
        @Option(help: "The cursor a previous page printed.") var cursor: String?

        func run() async throws {
            let page = try await store.withBackend { backend in
                try await backend.walletLedger(
                    userID: wallet.user,
                    app: try await wallet.app.resolve(in: backend),
                    currency: currency,
                    cursor: cursor,
                    limit: limit,
                    by: .commandLine()
                )
            }
            let lines = page.entries.map { entry in
                let time = entry.createdAt.formatted(.iso8601)
                return
                    "\(time)  \(entry.kind.rawValue)  \(entry.amount) \(entry.currency) → \(entry.balanceAfter)  \(entry.actor)  \(entry.reason ?? "")"
            }
            try output.print(page, text: (lines + (page.nextCursor.map { ["next: \($0)"] } ?? [])).joined(separator: "\n"))
        }
    }
}
