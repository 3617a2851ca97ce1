import ArgumentParser
import Foundation
import LatchkeyServer
import LatchkeyWire

/// `latchkey import users`: users from another system, with their password hashes.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import users from another system.",
        subcommands: [Users.self]
    )

    struct Users: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import users from a JSON-lines or CSV file (docs/import.md).",
            discussion: """
                Idempotent by external id: a re-run changes nothing, a changed line updates its user, and a run \
                stopped halfway finishes when run again. Refused lines are listed with their line numbers (the \
                others are imported) and make the command exit with status 1.
                """
        )
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions
        @OptionGroup var app: UsersCommand.AppOption
        @Argument(help: "The file (JSON lines or CSV).") var file: String
        @Option(help: "jsonl, csv, pocketbase or supabase (default: jsonl, or csv by the file's extension).") var format: String?
        @Flag(help: "Report what each line would do; change nothing.") var dryRun = false
        @OptionGroup var firebase: FirebaseOptions

        func run() async throws {
            let content = try String(contentsOfFile: file, encoding: .utf8)
            let format =
                try format.map { name in
                    guard let format = UserImportFormat(rawValue: name) else {
                        throw ValidationError("--format is jsonl, csv, pocketbase or supabase")
                    }
                    return format
                } ?? (file.lowercased().hasSuffix(".csv") ? .csv : .jsonl)
            let report = try await store.withBackend { backend in
                try await backend.admin.importUsers(
                    content,
                    format: format,
                    firebase: try firebase.parameters,
                    dryRun: dryRun,
                    appID: app.app,
                    by: .commandLine()
                )
            }
            try output.print(report, text: Self.text(of: report))
            if report.refused > 0 { throw ExitCode(1) }
        }

        private static func text(of report: UserImportReport) -> String {
            let shown = report.lines.filter { report.dryRun || $0.outcome == .refused }
            let lines = shown.map { line in
                let errors = (line.errors ?? []).map { "\($0.field): \($0.code.rawValue)\($0.reason.map { " (\($0))" } ?? "")" }
                return "line \(line.line)  \(line.externalId ?? "-")  \(line.outcome.rawValue)"
                    + (errors.isEmpty ? "" : "  " + errors.joined(separator: ", "))
            }
            let summary =
                "\(report.dryRun ? "would create" : "created") \(report.created), updated \(report.updated), "
                + "unchanged \(report.unchanged), refused \(report.refused)"
            return (lines + [summary]).joined(separator: "\n")
        }
    }

    /// A Firebase project's password hash parameters, as `firebase auth:export` prints them.
    struct FirebaseOptions: ParsableArguments {
        @Option(help: "Firebase base64_signer_key.") var firebaseSignerKey: String?
        @Option(help: "Firebase base64_salt_separator.") var firebaseSaltSeparator: String?
        @Option(help: "Firebase rounds.") var firebaseRounds: Int?
        @Option(help: "Firebase mem_cost.") var firebaseMemCost: Int?

        var parameters: FirebaseScryptParameters? {
            get throws {
                guard let firebaseSignerKey else {
                    guard firebaseSaltSeparator == nil, firebaseRounds == nil, firebaseMemCost == nil else {
                        throw ValidationError("--firebase-signer-key is needed with the other --firebase-… options")
                    }
                    return nil
                }
                guard let firebaseRounds, let firebaseMemCost else {
                    throw ValidationError("--firebase-rounds and --firebase-mem-cost are needed with --firebase-signer-key")
                }
                return FirebaseScryptParameters(
                    signerKey: firebaseSignerKey,
                    saltSeparator: firebaseSaltSeparator ?? "",
                    rounds: firebaseRounds,
                    memCost: firebaseMemCost
                )
            }
        }
    }
}

/// `latchkey export users`: an app's users in the import format.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export users in the import format.",
        subcommands: [Users.self]
    )

    struct Users: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write an app's users as JSON lines (with their password hashes) that `latchkey import users` reads back."
        )
        @OptionGroup var store: StoreOptions
        @OptionGroup var app: UsersCommand.AppOption
        @Option(help: "Write to this file instead of standard output.") var output: String?

        func run() async throws {
            let handle: FileHandle
            if let output {
                guard FileManager.default.createFile(atPath: output, contents: nil), let file = FileHandle(forWritingAtPath: output) else {
                    throw ValidationError("cannot write \(output)")
                }
                handle = file
            } else {
                handle = FileHandle.standardOutput
            }
            defer { try? handle.close() }
            let encoder = WireCoding.makeEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            try await store.withBackend { backend in
                try await backend.admin.exportUsers(appID: app.app, by: .commandLine()) { page in
                    var data = Data()
                    for user in page {
                        data.append(try encoder.encode(user))
                        data.append(0x0A)
                    }
                    try handle.write(contentsOf: data)
                }
            }
        }
    }
}
