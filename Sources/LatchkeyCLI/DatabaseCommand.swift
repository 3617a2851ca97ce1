import ArgumentParser
import Foundation
import LatchkeyServer

/// `latchkey database …`: an app's data tree, administered from the server's host.
struct DatabaseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "database",
        abstract: "Manage an app's data tree.",
        subcommands: [Rules.self]
    )

    /// `latchkey database rules get|set`: the security rules, as `/.settings/rules.json` serves them.
    struct Rules: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Read or replace the app's data-tree security rules.",
            subcommands: [Get.self, Set.self]
        )

        struct Get: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Print the app's rules document as uploaded.")
            @OptionGroup var store: StoreOptions
            @OptionGroup var app: UsersCommand.AppOption

            func run() async throws {
                let source = try await store.withBackend { try await $0.admin.rules(appID: app.app, by: .commandLine()) }
                print(source)
            }
        }

        struct Set: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Check a rules document and make it the app's rules (errors name the line and column)."
            )
            @OptionGroup var store: StoreOptions
            @OptionGroup var app: UsersCommand.AppOption
            @Argument(help: "The rules document (JSON with comments), or - for standard input.") var file: String

            func run() async throws {
                let data = file == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: file))
                guard let source = String(data: data, encoding: .utf8) else { throw ValidationError("\(file) is not UTF-8 text") }
                try await store.withBackend { try await $0.admin.setRules(source, appID: app.app, by: .commandLine()) }
                print("rules set")
            }
        }
    }
}
