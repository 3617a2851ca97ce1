import Foundation

/// One app setting, declared once by the feature that reads it: its JSON member in the stored
/// settings, its `latchkey apps update` flag, and the rule it must meet. Storing (with the default
/// for a missing member), validation and the CLI all read these declarations, so a new setting is a
/// property on the feature's ``FeatureSettings`` plus one declaration — nothing else to keep in step.
public struct AppSetting: Sendable {
    /// The JSON member name (the settings property's name).
    public let key: String
    /// The CLI flag without its dashes, or nil when the setting has its own command (providers).
    public let flag: String?
    /// What the setting means, for `--help`.
    public let help: String
    /// The settings type the member belongs to, or whose members a rule weighs.
    let owner: any FeatureSettings.Type
    let decode: @Sendable (inout AppSettings, KeyedDecodingContainer<AppSettingKey>) throws -> Void
    let encode: @Sendable (AppSettings, inout KeyedEncodingContainer<AppSettingKey>) throws -> Void
    let parse: @Sendable (inout AppSettings, [String]) throws -> Void
    let problem: @Sendable (AppSettings) -> String?
    /// The current value as the flag's values, which parse back to it (the console's form fields).
    let format: @Sendable (AppSettings) -> [String]

    /// The setting's current value in `settings`, as the values its flag takes (one per line of a list).
    public func values(in settings: AppSettings) -> [String] { format(settings) }
    /// Whether the flag takes a list (repeated), rather than one value.
    public let isList: Bool
    /// How the console edits the setting.
    public let control: SettingControl
    /// Where the console shows the setting; nil leaves it to its feature's
    /// ``Feature/settingsSection``.
    public internal(set) var section: SettingSection? = nil
    /// Whether the console asks to confirm a change of the setting (``risky``).
    public internal(set) var isRisky = false
}

/// One setting changed: its flag (without dashes) and the values given for it, as
/// `latchkey apps update --flag value` and the admin API's `settings` member give them.
public struct SettingChange: Codable, Sendable, Equatable {
    /// The setting's flag.
    public var flag: String
    /// The values; a list setting takes each, the others exactly one.
    public var values: [String]

    /// A change of `flag` to `values`.
    public init(flag: String, values: [String]) {
        self.flag = flag
        self.values = values
    }
}

/// A JSON member name of the stored settings.
public struct AppSettingKey: CodingKey, Sendable {
    public var stringValue: String
    public var intValue: Int? { nil }
    public init(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) { nil }
}

/// A CLI value that does not parse, or settings that break a rule.
public struct InvalidAppSetting: Error, CustomStringConvertible {
    public var description: String
    /// The flag of the setting in error, when the problem is one setting's.
    public var flag: String? = nil
}

/// Where a setting lives in its feature's settings; sendable, since declarations are shared.
typealias SettingPath<Settings: FeatureSettings, Value> = any WritableKeyPath<Settings, Value> & Sendable

/// A value that may be absent: as the compiler's own `Codable` does, an absent optional member is
/// left out of the stored object rather than written as `null`.
private protocol OptionalValue {
    var isAbsent: Bool { get }
}

extension Optional: OptionalValue {
    fileprivate var isAbsent: Bool { self == nil }
}

extension AppSetting {
    /// A setting of type `Value`, read from JSON as it is stored, with a parser and rule of its own;
    /// the kinds below are this with their parser and rule filled in. `format` has no default:
    /// the console's form shows a setting by it and saves what it shows, so a setting without
    /// one would be saved empty.
    static func custom<Settings: FeatureSettings, Value: Codable & Sendable>(
        _ key: String,
        _ path: SettingPath<Settings, Value>,
        flag: String?,
        help: String,
        isList: Bool = false,
        control: SettingControl? = nil,
        format: @escaping @Sendable (Value) -> [String],
        parse: @escaping @Sendable ([String]) throws -> Value,
        problem: @escaping @Sendable (Value) -> String? = { _ in nil }
    ) -> AppSetting {
        let member = AppSettingKey(stringValue: key)
        return AppSetting(
            key: key,
            flag: flag,
            help: help,
            owner: Settings.self,
            decode: { settings, container in
                if let value = try container.decodeIfPresent(Value.self, forKey: member) {
                    settings[Settings.self][keyPath: path] = value
                }
            },
            encode: { settings, container in
                let value = settings[Settings.self][keyPath: path]
                if (value as? any OptionalValue)?.isAbsent != true { try container.encode(value, forKey: member) }
            },
            parse: { settings, values in settings[Settings.self][keyPath: path] = try parse(values) },
            problem: { settings in problem(settings[Settings.self][keyPath: path]) },
            format: { settings in format(settings[Settings.self][keyPath: path]) },
            isList: isList,
            control: control ?? (isList ? .list : .text)
        )
    }

    /// The one value given for a flag (applying changes refuses several).
    private static func single(_ flag: String, _ values: [String]) throws -> String {
        guard let value = values.last else { throw InvalidAppSetting(description: "--\(flag) needs a value") }
        return value
    }

    /// An integer of `unit` within `range`; `rule` says what is allowed.
    static func integer<Settings: FeatureSettings>(
        _ key: String,
        _ path: SettingPath<Settings, Int>,
        flag: String,
        help: String,
        unit: SettingUnit,
        range: ClosedRange<Int>,
        rule: String
    ) -> AppSetting {
        custom(
            key,
            path,
            flag: flag,
            help: help,
            control: .number(unit),
            format: { [String($0)] },
            parse: { values in
                guard let number = Int(try single(flag, values)) else { throw InvalidAppSetting(description: "--\(flag) takes a whole number") }
                return number
            },
            problem: { range.contains($0) ? nil : rule }
        )
    }

    /// `true` or `false`.
    static func boolean<Settings: FeatureSettings>(_ key: String, _ path: SettingPath<Settings, Bool>, flag: String, help: String) -> AppSetting {
        custom(
            key,
            path,
            flag: flag,
            help: help,
            control: .toggle,
            format: { [String($0)] },
            parse: { values in
                switch try single(flag, values) {
                case "true": return true
                case "false": return false
                default: throw InvalidAppSetting(description: "--\(flag) takes true or false")
                }
            }
        )
    }

    /// A list given by repeating the flag; the flag replaces the whole list. `problem` is its rule.
    static func list<Settings: FeatureSettings>(
        _ key: String,
        _ path: SettingPath<Settings, [String]>,
        flag: String,
        help: String,
        problem: @escaping @Sendable ([String]) -> String? = { _ in nil }
    ) -> AppSetting {
        custom(key, path, flag: flag, help: help, isList: true, format: { $0 }, parse: { $0.filter { !$0.isEmpty } }, problem: problem)
    }

    /// An optional text; an empty value clears it. `problem` is the rule a value set must meet.
    static func optionalText<Settings: FeatureSettings>(
        _ key: String,
        _ path: SettingPath<Settings, String?>,
        flag: String,
        help: String,
        problem: @escaping @Sendable (String) -> String?
    ) -> AppSetting {
        custom(
            key,
            path,
            flag: flag,
            help: help,
            format: { [$0 ?? ""] },
            parse: { values in
                let value = try single(flag, values).trimmingCharacters(in: .whitespaces)
                return value.isEmpty ? nil : value
            },
            problem: { $0.flatMap(problem) }
        )
    }

    /// An optional absolute https URL (http only to a loopback host), called `name` when refused;
    /// an empty value clears it.
    static func url<Settings: FeatureSettings>(
        _ key: String,
        _ path: SettingPath<Settings, String?>,
        flag: String,
        help: String,
        name: String
    ) -> AppSetting {
        custom(
            key,
            path,
            flag: flag,
            help: help,
            control: .url,
            format: { [$0 ?? ""] },
            parse: { values in
                let value = try single(flag, values)
                return value.isEmpty ? nil : value
            },
            problem: { url in url.flatMap { OutboundHTTP.problem($0, name: name) } }
        )
    }

    /// A rule over several of one feature's settings, with no member or flag of its own.
    static func rule<Settings: FeatureSettings>(
        _ help: String,
        over owner: Settings.Type,
        _ problem: @escaping @Sendable (Settings) -> String?
    ) -> AppSetting {
        AppSetting(
            key: "",
            flag: nil,
            help: help,
            owner: owner,
            decode: { _, _ in },
            encode: { _, _ in },
            parse: { _, _ in },
            problem: { settings in problem(settings[owner]) },
            format: { _ in [] },
            isList: false,
            control: .text
        )
    }
}

extension AppSettings {
    /// Every feature's settings, in the features' order. Built once: the features declare them
    /// statically, and every decode, encode and check of an app's settings walks them.
    public static let declarations: [AppSetting] = FeatureSet.all.flatMap { feature in
        feature.settings.map { setting in
            var setting = setting
            setting.section = setting.section ?? feature.settingsSection
            return setting
        }
    }

    /// Why these settings are refused, or nil when every rule holds.
    public func problem() -> String? {
        Self.declarations.lazy.compactMap { $0.problem(self) }.first
    }

    /// These settings changed by `latchkey apps update` arguments: `--flag value` or
    /// `--flag=value`, a list's flag repeated for each item. Throws for an unknown flag, another flag repeated, a value
    /// that does not parse, or a result that breaks a rule.
    public func applying(_ arguments: [String]) throws -> AppSettings {
        try applying(try Self.changes(fromArguments: arguments))
    }

    /// `latchkey apps update` arguments as changes, one per flag with its values in order.
    public static func changes(fromArguments arguments: [String]) throws -> [SettingChange] {
        var given: [SettingChange] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            guard argument.hasPrefix("--") else { throw InvalidAppSetting(description: "unexpected argument \(argument)") }
            var flag = String(argument.dropFirst(2))
            var value: String
            if let equals = flag.firstIndex(of: "=") {
                value = String(flag[flag.index(after: equals)...])
                flag = String(flag[..<equals])
            } else {
                index += 1
                guard index < arguments.endIndex else { throw InvalidAppSetting(description: "--\(flag) needs a value", flag: flag) }
                value = arguments[index]
            }
            if let existing = given.firstIndex(where: { $0.flag == flag }) {
                given[existing].values.append(value)
            } else {
                given.append(SettingChange(flag: flag, values: [value]))
            }
            index += 1
        }
        return given
    }

    /// These settings with `changes` applied. Throws for an unknown flag, a value that does not
    /// parse, or a result that breaks a rule — naming the setting's flag where the problem is one
    /// setting's.
    public func applying(_ changes: [SettingChange]) throws -> AppSettings {
        var settings = self
        for change in changes {
            guard let setting = Self.declarations.first(where: { $0.flag == change.flag }) else {
                throw InvalidAppSetting(description: "unknown setting --\(change.flag)", flag: change.flag)
            }
            // A setting of one value given several is refused, not cut to one of them: the
            // caller meant a list the setting does not hold.
            guard setting.isList || change.values.count <= 1 else {
                throw InvalidAppSetting(description: "--\(change.flag) takes one value, not a list", flag: change.flag)
            }
            do {
                try setting.parse(&settings, change.values)
            } catch var error as InvalidAppSetting {
                error.flag = change.flag
                throw error
            }
        }
        for setting in Self.declarations {
            if let problem = setting.problem(settings) { throw InvalidAppSetting(description: problem, flag: setting.flag) }
        }
        return settings
    }

    /// The flags `latchkey apps update` takes, one line each.
    public static var flagHelp: String {
        declarations.compactMap { setting in setting.flag.map { "  --\($0)  \(setting.help)" } }.joined(separator: "\n")
    }
}
