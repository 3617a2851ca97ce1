import ArgumentParser
import LatchkeyServer
import Logging

/// `latchkey keys rotate`: a new signing key; the old ones keep verifying until their tokens expire.
struct KeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "Manage token signing keys.",
        subcommands: [Rotate.self]
    )

    struct Rotate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Start signing with a new key.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions

        func run() async throws {
            let kid = try await store.withBackend { try await $0.rotateSigningKey(by: .commandLine()) }
            try output.print(["kid": kid], text: "new signing key \(kid)")
        }
    }
}

/// `latchkey migrate`: applies pending schema migrations; with `--from` and `--to`, copies a
/// whole installation between stores (e.g. the embedded SQLite to PostgreSQL).
struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Apply pending database migrations, list them without applying, or copy an installation between stores.",
        discussion: """
            latchkey migrate --data-dir DIR | --database URL
            latchkey migrate --dry-run --data-dir DIR | --database URL
            latchkey migrate --from sqlite:///path/to/latchkey-data --to postgres://user:pass@host/db
            """
    )
    @OptionGroup var store: StoreOptions
    @Option(help: "Copy from this store: sqlite:///DATA_DIR or a postgres:// URL.") var from: String?
    @Option(help: "Copy into this (empty) store: sqlite:///DATA_DIR or a postgres:// URL.") var to: String?
    @Flag(name: .customLong("dry-run"), help: "List the migrations that would run on the store, changing nothing.") var dryRun = false

    func run() async throws {
        if dryRun {
            guard from == nil, to == nil else { throw ValidationError("--dry-run lists a store's pending migrations; it does not copy") }
            let pending = try await LatchkeyBackend.pendingMigrations(store.configuration(), logger: Self.quietLogger)
            print(pending.isEmpty ? "schema is up to date; nothing would run" : "would apply migrations \(pending.joined(separator: ", "))")
            return
        }
        if let from, let to {
            let copied = try await InstallationCopier.copy(
                from: try Self.configuration(for: from),
                to: try Self.configuration(for: to),
                logger: Self.quietLogger
            )
            for (table, rows) in copied { print("\(table): \(rows) rows") }
            print("copied")
            return
        }
        guard from == nil, to == nil else { throw ValidationError("--from and --to go together") }
        let applied = try await store.withBackend { $0.appliedMigrations }
        print(applied.isEmpty ? "schema is up to date" : "applied migrations \(applied.joined(separator: ", "))")
    }

    /// The log of a command whose output is its answer: warnings and errors only.
    static var quietLogger: Logger {
        var logger = Logger(label: "latchkey")
        logger.logLevel = .warning
        return logger
    }

    /// A store location as a configuration.
    static func configuration(for location: String) throws -> LatchkeyConfiguration {
        var configuration = LatchkeyConfiguration()
        if location.hasPrefix("postgres://") || location.hasPrefix("postgresql://") {
            configuration.databaseURL = location
        } else if location.hasPrefix("sqlite://") {
            configuration.dataDirectory = String(location.dropFirst("sqlite://".count))
        } else {
            throw ValidationError("a store is sqlite:///DATA_DIR or postgres://…")
        }
        return configuration
    }
}
