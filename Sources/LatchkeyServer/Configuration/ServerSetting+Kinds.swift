import Foundation

/// The declarations' building blocks: one per kind of field a setting sets, so each declaration in
/// ``ServerSetting/all`` is one line of names and help.
extension ServerSetting {
    init(
        _ name: String,
        variable: String? = nil,
        help: String,
        kind: Kind,
        isSecret: Bool = false,
        isLive: Bool = false,
        replaces: String? = nil,
        requires: String? = nil,
        apply: @escaping @Sendable (inout LatchkeyConfiguration, ServerSettingValue) throws(ServerSettingError) -> Void,
        show: @escaping @Sendable (LatchkeyConfiguration) -> String?
    ) {
        self.name = name
        self.variable = variable ?? "LATCHKEY_" + name.uppercased().replacingOccurrences(of: "-", with: "_")
        self.help = help
        self.kind = kind
        self.isSecret = isSecret
        self.isLive = isLive
        self.replaces = replaces
        self.requires = requires
        self.apply = apply
        self.show = show
    }

    /// A text field with a default.
    static func text(
        _ name: String,
        variable: String? = nil,
        _ help: String,
        kind: Kind = .text,
        _ field: any WritableKeyPath<LatchkeyConfiguration, String> & Sendable
    ) -> ServerSetting {
        ServerSetting(name, variable: variable, help: help, kind: kind) { configuration, value in
            if case .text(let text) = value { configuration[keyPath: field] = text }
        } show: {
            $0[keyPath: field]
        }
    }

    /// A text field that is off until set.
    static func optionalText(
        _ name: String,
        variable: String? = nil,
        _ help: String,
        kind: Kind = .text,
        isSecret: Bool = false,
        replaces: String? = nil,
        _ field: any WritableKeyPath<LatchkeyConfiguration, String?> & Sendable
    ) -> ServerSetting {
        ServerSetting(name, variable: variable, help: help, kind: kind, isSecret: isSecret, replaces: replaces) { configuration, value in
            if case .text(let text) = value { configuration[keyPath: field] = text }
        } show: {
            $0[keyPath: field]
        }
    }

    /// A field set to the contents of the file the value names, read when the setting is applied.
    static func fileContents(
        _ name: String,
        _ help: String,
        replaces: String? = nil,
        _ field: any WritableKeyPath<LatchkeyConfiguration, String?> & Sendable
    ) -> ServerSetting {
        ServerSetting(name, help: help, kind: .path, replaces: replaces) { configuration, value throws(ServerSettingError) in
            guard case .text(let path) = value else { return }
            guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                throw ServerSettingError("cannot read the file \(path)")
            }
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { throw ServerSettingError("the file \(path) is empty") }
            configuration[keyPath: field] = text
        } show: {
            $0[keyPath: field] == nil ? nil : "(read from the file)"
        }
    }

    /// A whole number in `range`.
    static func integer(
        _ name: String,
        variable: String? = nil,
        _ range: ClosedRange<Int>,
        _ help: String,
        requires: String? = nil,
        _ field: any WritableKeyPath<LatchkeyConfiguration, Int> & Sendable
    ) -> ServerSetting {
        ServerSetting(name, variable: variable, help: help, kind: .integer(range), requires: requires) { configuration, value in
            if case .integer(let number) = value { configuration[keyPath: field] = number }
        } show: {
            String($0[keyPath: field])
        }
    }

    /// A duration, in seconds (`.seconds`) or as people write it (`.duration`: `6h`).
    static func seconds(
        _ name: String,
        _ help: String,
        kind: Kind = .seconds,
        requires: String? = nil,
        _ field: any WritableKeyPath<LatchkeyConfiguration, Duration> & Sendable
    ) -> ServerSetting {
        ServerSetting(name, help: help, kind: kind, requires: requires) { configuration, value in
            if case .seconds(let seconds) = value { configuration[keyPath: field] = .milliseconds(Int64(seconds * 1000)) }
        } show: {
            let duration = $0[keyPath: field].components
            if kind == .duration { return "\(duration.seconds)s" }
            return String(Double(duration.seconds) + Double(duration.attoseconds) / 1e18)
        }
    }

    /// On or off.
    static func flag(_ name: String, _ help: String, _ field: any WritableKeyPath<LatchkeyConfiguration, Bool> & Sendable) -> ServerSetting {
        ServerSetting(name, help: help, kind: .flag) { configuration, value in
            if case .flag(let on) = value { configuration[keyPath: field] = on }
        } show: {
            String($0[keyPath: field])
        }
    }

    /// One of an enumeration's words.
    static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ name: String,
        _ help: String,
        isLive: Bool = false,
        _ field: any WritableKeyPath<LatchkeyConfiguration, Choice> & Sendable
    ) -> ServerSetting where Choice.RawValue == String {
        ServerSetting(name, help: help, kind: .choice(Choice.allCases.map(\.rawValue)), isLive: isLive) { configuration, value in
            if case .text(let word) = value, let choice = Choice(rawValue: word) { configuration[keyPath: field] = choice }
        } show: {
            $0[keyPath: field].rawValue
        }
    }

    /// Several texts.
    static func list(
        _ name: String,
        variable: String? = nil,
        _ help: String,
        _ field: any WritableKeyPath<LatchkeyConfiguration, Set<String>> & Sendable
    ) -> ServerSetting {
        ServerSetting(name, variable: variable, help: help, kind: .list) { configuration, value in
            if case .texts(let texts) = value { configuration[keyPath: field] = Set(texts) }
        } show: {
            $0[keyPath: field].isEmpty ? nil : $0[keyPath: field].sorted().joined(separator: ",")
        }
    }
}
