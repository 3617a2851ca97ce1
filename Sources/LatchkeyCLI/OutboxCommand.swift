public import ArgumentParser
import Foundation
import LatchkeyServer

/// `latchkey outbox list|retry`: the messages (PINs, links) queued, sent and dead-lettered, and
/// sending a dead letter again once its provider is fixed.
struct OutboxCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "outbox",
        abstract: "Show queued and sent messages (PINs, email links).",
        subcommands: [List.self, Retry.self]
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List messages, newest first: to whom, why, and how sending went; never their subject or body."
        )
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions
        @Option(help: "Only messages in this state: pending, sent or dead.") var status: OutboxStore.Status?
        @Option(help: "Only messages to this phone number or email.") var to: String?
        @Option(help: "At most this many.") var limit = 50

        func run() async throws {
            let entries = try await store.withBackend { backend in
                try await backend.admin.outbox(status: status, recipient: to, limit: limit, by: .commandLine())
            }
            let lines = entries.map { entry in
                let message = entry.message
                let error = entry.lastError.map { "  \($0)" } ?? ""
                return "\(message.id)  \(entry.status.rawValue)  \(message.channel.rawValue) → \(message.recipient)  \(message.purpose)\(error)"
            }
            try output.print(entries, text: lines.joined(separator: "\n"))
        }
    }

    struct Retry: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Send a dead letter again (a running server sends it within a second), while the PIN or link in it is valid."
        )
        @OptionGroup var store: StoreOptions
        @Argument(help: "The message's id, from `outbox list --status dead`.") var id: String

        func run() async throws {
            try await store.withBackend { backend in try await backend.admin.retryMessage(id, by: .commandLine()) }
            print("queued \(id) again")
        }
    }
}

extension OutboxStore.Status: ExpressibleByArgument {}
