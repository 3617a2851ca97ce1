import Foundation

/// A configuration the sources give, and where each setting that is not at its default came from.
public struct ResolvedSettings: Sendable {
    /// The configuration: defaults, overridden by each source in turn.
    public var configuration: LatchkeyConfiguration
    /// The source that set each setting, by setting name.
    public var origins: [String: String]
}

extension SettingSources {
    /// The configuration these sources give over `defaults`. Every setting is looked up in every
    /// source, strongest first; the first that sets it decides. A value that does not parse, a
    /// secret on the command line, two settings that replace each other set by one source, or a
    /// secret in a file others may read stops here with a message naming the source and the setting.
    public func resolve(over defaults: LatchkeyConfiguration = LatchkeyConfiguration()) throws(ServerSettingError) -> ResolvedSettings {
        var chosen: [(setting: ServerSetting, value: ServerSettingValue, source: Int)] = []
        for setting in ServerSetting.all {
            for (index, source) in sources.enumerated() {
                guard let raw = try raw(setting, in: source) else { continue }
                let spelled = source.spelling(setting)
                if setting.isSecret, source.isCommandLine {
                    throw ServerSettingError(
                        "\(spelled) is a secret: give it in \(setting.variable) or the configuration file, not on the command line, which every user of the machine can read"
                    )
                }
                guard let value = setting.kind.parse(raw) else {
                    throw ServerSettingError("\(source.name) sets \(spelled) to \(raw.quoted), but \(setting.name) takes \(setting.kind.expected)")
                }
                chosen.append((setting, value, index))
                break
            }
        }
        chosen = try withoutReplaced(chosen)
        for (setting, _, index) in chosen {
            guard let required = setting.requires.flatMap(ServerSetting.named), !chosen.contains(where: { $0.setting.name == required.name })
            else { continue }
            throw ServerSettingError(
                "\(sources[index].name) sets \(sources[index].spelling(setting)), which needs \(required.flag) (or \(required.variable)) as well"
            )
        }
        var configuration = defaults
        var origins: [String: String] = [:]
        for (setting, value, index) in chosen {
            let source = sources[index]
            if setting.isSecret, let path = source.path { try Self.refuseReadableByOthers(path, holding: setting) }
            do {
                try setting.apply(&configuration, value)
            } catch {
                throw ServerSettingError("\(source.name) sets \(source.spelling(setting)): \(error)")
            }
            origins[setting.name] = source.name
        }
        return ResolvedSettings(configuration: configuration, origins: origins)
    }

    /// Drops a setting another replaces when a stronger source gives the other.
    private func withoutReplaced(
        _ chosen: [(setting: ServerSetting, value: ServerSettingValue, source: Int)]
    ) throws(ServerSettingError) -> [(setting: ServerSetting, value: ServerSettingValue, source: Int)] {
        var dropped: Set<String> = []
        for replacing in chosen {
            guard let name = replacing.setting.replaces, let replaced = chosen.first(where: { $0.setting.name == name }) else { continue }
            if replacing.source == replaced.source {
                throw ServerSettingError(
                    "\(sources[replacing.source].name) sets both \(replacing.setting.name) and \(replaced.setting.name): set one of them"
                )
            }
            dropped.insert(replacing.source < replaced.source ? replaced.setting.name : replacing.setting.name)
        }
        return chosen.filter { !dropped.contains($0.setting.name) }
    }

    private static func refuseReadableByOthers(_ path: String, holding setting: ServerSetting) throws(ServerSettingError) {
        guard let mode = (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int else {
            throw ServerSettingError("the file \(path) cannot be read")
        }
        guard mode & 0o077 == 0 else {
            throw ServerSettingError(
                "the file \(path) holds \(setting.name), a secret, but other users may access it: chmod 600 \(path)"
            )
        }
    }
}
