import ArgumentParser
import Foundation
import LatchkeyServer

/// `serve`'s and `config print`'s settings: a configuration file, and any declared setting as a
/// flag (``ServerSetting/all``), which swift-configuration reads with the environment and the file.
struct SettingOptions: ParsableArguments {
    @Option(name: .customLong("config"), help: "A JSON or YAML configuration file (env LATCHKEY_CONFIG).")
    var configFile: String?

    @Argument(parsing: .allUnrecognized, help: .hidden)
    var settings: [String] = []

    /// The command line, the environment and the configuration file, in that order.
    func sources() async throws -> SettingSources {
        let environment = ProcessInfo.processInfo.environment
        return try await SettingSources(arguments: settings, environment: environment, configFile: configFile)
    }

    /// `serve --help`'s list of settings, from their declarations.
    static var help: String {
        let lines = ServerSetting.all.map { setting in
            "  \(setting.flag) (\(setting.variable)): \(setting.help)\(setting.isSecret ? " A secret: not on the command line." : "")"
        }
        return """
            Settings come from flags, then the environment, then the file named by --config (JSON or YAML, \
            one key per setting: `port: 8080`), then defaults. `latchkey config print` shows the result.

            \(lines.joined(separator: "\n"))
            """
    }
}
