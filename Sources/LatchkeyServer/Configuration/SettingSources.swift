import Configuration
import Foundation
import SystemPackage
import Yams

/// Where `latchkey`'s settings come from, strongest first: the command line, the environment
/// (`LATCHKEY_*`), a configuration file (`--config`, JSON or YAML), then each setting's default.
/// The sources are swift-configuration's providers; every lookup uses the names the
/// ``ServerSetting`` declarations derive, so the three sources cannot disagree about a name.
public struct SettingSources: Sendable {
    /// One source of settings.
    public struct Source: Sendable {
        /// How errors and `config print` name it: `the command line`, `the environment`,
        /// `the file /etc/latchkey/latchkey.yaml`.
        public let name: String
        let provider: any ConfigProvider
        /// How the source spells a setting: `--port`, `LATCHKEY_PORT`, `port`.
        let spelling: @Sendable (ServerSetting) -> String
        /// The provider's key for a setting.
        let key: @Sendable (ServerSetting) -> AbsoluteConfigKey
        /// Whether this is the command line, which refuses secrets (the process list shows it to
        /// every user) and may give a flag more than once.
        let isCommandLine: Bool
        /// The file's path, for a configuration file.
        let path: String?
    }

    /// The sources, strongest first.
    public let sources: [Source]
    /// The configuration file, if one is named: a reload reads it again.
    public let configFile: String?

    /// The sources of a process: `arguments` (flags, as `--name value`, `--name=value` or a bare
    /// `--flag`), `environment`, and the configuration file `--config` names, or else
    /// `LATCHKEY_CONFIG`.
    public init(arguments: [String], environment: [String: String], configFile: String?) async throws(ServerSettingError) {
        let configFile = configFile ?? environment["LATCHKEY_CONFIG"].flatMap { $0.isEmpty ? nil : $0 }
        try Self.refuseUnknownFlags(in: arguments)
        var sources = [
            Source(
                name: "the command line",
                provider: CommandLineArgumentsProvider(arguments: ["latchkey"] + arguments),
                spelling: \.flag,
                key: { AbsoluteConfigKey([$0.name]) },
                isCommandLine: true,
                path: nil
            ),
            Source(
                name: "the environment",
                // An empty variable is unset: `LATCHKEY_SECRET_KEY= latchkey …` turns a key off.
                provider: EnvironmentVariablesProvider(environmentVariables: environment.filter { !$0.value.isEmpty }),
                spelling: \.variable,
                key: { AbsoluteConfigKey([$0.variable]) },
                isCommandLine: false,
                path: nil
            ),
        ]
        if let configFile { sources.append(try await Self.file(at: configFile)) }
        self.sources = sources
        self.configFile = configFile
    }

    /// The same sources with the configuration file read again, for a reload.
    public func reloaded() async throws(ServerSettingError) -> SettingSources {
        guard let configFile else { return self }
        return SettingSources(sources: sources.dropLast() + [try await Self.file(at: configFile)], configFile: configFile)
    }

    private init(sources: [Source], configFile: String?) {
        self.sources = sources
        self.configFile = configFile
    }

    private static func file(at path: String) async throws(ServerSettingError) -> Source {
        let name = "the file \(path)"
        guard FileManager.default.isReadableFile(atPath: path) else { throw ServerSettingError("\(name) cannot be read") }
        let provider: any ConfigProvider
        do {
            switch URL(fileURLWithPath: path).pathExtension.lowercased() {
            case "json": provider = try await FileProvider<JSONSnapshot>(filePath: FilePath(path))
            case "yaml", "yml": provider = try await FileProvider<YAMLSnapshot>(filePath: FilePath(path))
            default: throw ServerSettingError("\(name) is neither .json nor .yaml: name it for its format")
            }
        } catch let error as ServerSettingError {
            throw error
        } catch {
            throw ServerSettingError("\(name) does not parse: \(error)")
        }
        try refuseUnknownKeys(in: path, name: name)
        return Source(name: name, provider: provider, spelling: \.name, key: { AbsoluteConfigKey([$0.name]) }, isCommandLine: false, path: path)
    }

    /// A misspelled key stops the command instead of being ignored, as a misspelled flag does.
    private static func refuseUnknownKeys(in path: String, name: String) throws(ServerSettingError) {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw ServerSettingError("\(name) cannot be read") }
        // YAML is a superset of JSON: one parser reads the keys of both.
        guard let loaded = try? Yams.load(yaml: text), let keys = (loaded as? [String: Any])?.keys else {
            throw ServerSettingError("\(name) is not a map of settings (`port: 8080`, one per line)")
        }
        if let unknown = keys.sorted().first(where: { ServerSetting.named($0) == nil }) {
            throw ServerSettingError("\(name) has the key \(unknown), which is not a setting (latchkey serve --help lists them)")
        }
    }

    /// A misspelled flag stops the command instead of being ignored.
    private static func refuseUnknownFlags(in arguments: [String]) throws(ServerSettingError) {
        for argument in arguments where argument.hasPrefix("--") {
            let name = String(argument.dropFirst(2).prefix { $0 != "=" })
            guard ServerSetting.named(name) != nil else {
                throw ServerSettingError("\(argument.prefix { $0 != "=" }) is not a setting (latchkey serve --help lists them)")
            }
        }
        if let stray = arguments.first, !stray.hasPrefix("--") {
            throw ServerSettingError("\"\(stray)\" is not a setting: settings are given as --name value")
        }
    }
}

extension SettingSources {
    /// What one source says about `setting`: nil when it does not set it.
    func raw(_ setting: ServerSetting, in source: Source) throws(ServerSettingError) -> ServerSettingRaw? {
        let key = source.key(setting)
        // A list takes every value a source gives; another setting flagged more than once takes
        // the last, as flags do.
        if source.isCommandLine || setting.kind == .list,
            let content = try? source.provider.value(forKey: key, type: .stringArray).value?.content,
            case .stringArray(let texts) = content
        {
            return setting.kind == .list ? .texts(texts) : .text(texts.last ?? "")
        }
        // Files type their scalars (a JSON 8080 is an int, a YAML `true` a bool): whatever the
        // type, the declaration's kind parses its text, so every source is checked the same way.
        var present = false
        for type in [ConfigType.string, .int, .double, .bool] {
            do {
                guard let content = try source.provider.value(forKey: key, type: type).value?.content else { continue }
                switch content {
                case .string(let text): return .text(text)
                case .int(let number): return .text(String(number))
                case .double(let number): return .text(String(number))
                case .bool(let on): return .text(String(on))
                default: present = true
                }
            } catch {
                present = true
            }
        }
        guard present else { return nil }
        throw ServerSettingError("\(source.name) sets \(source.spelling(setting)) to something that is not \(setting.kind.expected)")
    }
}
