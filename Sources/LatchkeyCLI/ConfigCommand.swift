import ArgumentParser
import Foundation
import LatchkeyServer

/// `latchkey config print`: the settings `serve` would run with and where each came from.
struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show the effective configuration.",
        subcommands: [Print.self]
    )

    struct Print: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print every setting's value (secrets redacted) and its source.",
            discussion: SettingOptions.help
        )

        @OptionGroup var output: OutputOptions
        @OptionGroup var settings: SettingOptions

        func run() async throws {
            let resolved = try await settings.sources().resolve()
            let entries = ServerSetting.all.map { setting in
                Entry(
                    name: setting.name,
                    value: setting.shown(in: resolved.configuration),
                    source: resolved.origins[setting.name] ?? "the default",
                    live: setting.isLive
                )
            }
            let width = entries.map(\.name.count).max() ?? 0
            let lines = entries.map { entry in
                "\(entry.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(entry.value ?? "(unset)")  [\(entry.source)]"
            }
            try output.print(entries, text: lines.joined(separator: "\n"))
        }

        struct Entry: Encodable {
            let name: String
            let value: String?
            let source: String
            let live: Bool
        }
    }
}
