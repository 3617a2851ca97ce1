import ArgumentParser
import LatchkeyServer

/// `latchkey keys rotate`: a new signing key; the old ones keep verifying until their tokens expire.
struct KeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys", abstract: "Manage token signing keys.", subcommands: [Rotate.self])

    struct Rotate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Start signing with a new key.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions

        func run() async throws {
            let kid = try await store.withBackend { try await $0.keys.rotate() }
            try output.print(["kid": kid], text: "new signing key \(kid)")
        }
    }
}

/// `latchkey migrate`: applies pending schema migrations.
struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "migrate", abstract: "Apply pending database migrations.")
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let applied = try await store.withBackend { $0.appliedMigrations }
        print(applied.isEmpty ? "schema is up to date" : "applied migrations \(applied.map(String.init).joined(separator: ", "))")
    }
}
