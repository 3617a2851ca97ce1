public import ArgumentParser
import Foundation
import LatchkeyServer

/// `latchkey outbox list`: the messages (PINs, links) queued, sent and dead-lettered.
struct OutboxCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "outbox", abstract: "Show queued and sent messages (PINs, email links).", subcommands: [List.self])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List messages, newest first. Bodies show until a message is sent (then [delivered]) or dead-lettered ([not delivered]).")
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions
        @Option(help: "Only messages in this state: pending, sent or dead.") var status: OutboxStore.Status?
        @Option(help: "Only messages to this phone number or email.") var to: String?
        @Option(help: "At most this many.") var limit = 50

        func run() async throws {
            let entries = try await store.withBackend { backend in
                try await backend.outbox.list(status: status, recipient: to, limit: limit)
            }
            let lines = entries.map { entry in
                let message = entry.message
                let subject = message.subject.map { " \"\($0)\"" } ?? ""
                return "\(message.id)  \(entry.status.rawValue)  \(message.channel.rawValue) → \(message.recipient)\(subject)  \(message.body)"
            }
            try output.print(entries, text: lines.joined(separator: "\n"))
        }
    }
}

extension OutboxStore.Status: ExpressibleByArgument {}
