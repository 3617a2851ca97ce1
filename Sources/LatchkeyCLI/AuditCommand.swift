import ArgumentParser
import Foundation
import LatchkeyServer

/// `latchkey audit`: the audit log every operator action writes (console, admin API and these
/// commands alike), newest first, with the filters the console's audit page offers.
struct AuditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Show the audit log, newest first: who did what to what, from where."
    )
    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions
    @Option(name: .customLong("operator"), help: "Only entries by this operator (a username or id, or a command line's cli:… name).")
    var actor: String?
    @Option(help: "Only entries about this app (its id or client id).") var app: String?
    @Option(help: "Only this action, or a family of them: app matches app.update, app.provider.set, ….") var action: String?
    @Option(help: "Only entries about this target: a user's id gives that user's trail.") var target: String?
    @Option(help: "At most this many (1 to 200).") var limit = 50

    func run() async throws {
        let filter = AuditFilter(actor: actor, appID: app, action: action, target: target)
        let entries = try await store.withBackend { backend in try await backend.admin.auditLog(filter, limit: limit, by: .commandLine()) }
        let lines = entries.map { entry in
            "\(entry.at.formatted(.iso8601))  \(entry.actor)  \(entry.action)  \(entry.target ?? "-")  \(entry.source)"
        }
        try output.print(entries, text: lines.joined(separator: "\n"))
    }
}
