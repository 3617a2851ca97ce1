import Foundation

/// One setting of `latchkey serve`, declared once: its name, what values it takes, its help, and
/// where it goes in a ``LatchkeyConfiguration``. Every source is derived from the declaration —
/// the flag `--name`, the variable `LATCHKEY_NAME`, the key `name` of a configuration file — as
/// are `serve --help`, `latchkey config print` and the errors that name a bad value, so a setting
/// cannot be read in one place and forgotten in another.
public struct ServerSetting: Sendable {
    /// The flag without its dashes and the configuration file's key: `max-queued-writes`.
    public let name: String
    /// The environment variable: `LATCHKEY_` and the name in capitals, unless it predates that rule.
    public let variable: String
    /// One line for `serve --help` and the docs.
    public let help: String
    /// What values it takes.
    public let kind: Kind
    /// Whether the value is redacted when printed and refused on the command line, where any user
    /// of the machine could read it in the process list.
    public let isSecret: Bool
    /// Whether a reload (SIGHUP) applies a new value to the running server.
    public let isLive: Bool
    /// A setting this one replaces when both are given: the stronger source decides which applies.
    public let replaces: String?
    /// A setting this one means nothing without: giving this one alone is an error.
    public let requires: String?
    let apply: @Sendable (inout LatchkeyConfiguration, ServerSettingValue) throws(ServerSettingError) -> Void
    let show: @Sendable (LatchkeyConfiguration) -> String?

    /// `--name`.
    public var flag: String { "--\(name)" }

    /// Sets this setting in `target` to its value in `source`, through its text as a source gives it.
    func copy(from source: LatchkeyConfiguration, to target: inout LatchkeyConfiguration) {
        guard let text = show(source), let value = kind.parse(.text(text)) else { return }
        try? apply(&target, value)
    }

    /// The value `configuration` holds, as `config print` shows it (secrets redacted).
    public func shown(in configuration: LatchkeyConfiguration) -> String? {
        guard let value = show(configuration) else { return nil }
        return isSecret ? "(redacted)" : value
    }
}

extension ServerSetting {
    /// What a setting takes, and how its text parses.
    public enum Kind: Sendable, Equatable {
        /// Any non-empty text.
        case text
        /// A path to a file or directory.
        case path
        /// An http or https URL (or, for a database, a `postgres://` one).
        case url(schemes: [String])
        /// A whole number in a range.
        case integer(ClosedRange<Int>)
        /// A positive number of seconds.
        case seconds
        /// A duration as people write it: `90s`, `30m`, `6h`, `1d`.
        case duration
        /// One of some words.
        case choice([String])
        /// On or off: a bare flag, or `true`/`false`, `1`/`0`, `yes`/`no`.
        case flag
        /// Several texts: a repeated flag, a list in a file, or commas in a variable.
        case list

        /// What a valid value looks like, for errors and help.
        public var expected: String {
            switch self {
            case .text: "a non-empty text"
            case .path: "a path"
            case .url(let schemes): "a URL (\(schemes.map { "\($0)://" }.joined(separator: " or ")))"
            case .integer(let range) where range.upperBound == .max: "a whole number of at least \(range.lowerBound)"
            case .integer(let range): "a whole number from \(range.lowerBound) to \(range.upperBound)"
            case .seconds: "a positive number of seconds"
            case .duration: "a duration (a whole number and s, m, h or d: 30m, 6h, 1d)"
            case .choice(let words): "one of \(words.joined(separator: ", "))"
            case .flag: "true or false"
            case .list: "a list"
            }
        }

        /// Parses the text of one source.
        func parse(_ raw: ServerSettingRaw) -> ServerSettingValue? {
            switch (self, raw) {
            case (.list, .texts(let texts)): return .texts(texts)
            case (.list, .text(let text)):
                return .texts(text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
            case (_, .texts(let texts)) where texts.count == 1: return parse(.text(texts[0]))
            case (_, .texts): return nil
            case (.text, .text(let text)), (.path, .text(let text)): return text.isEmpty ? nil : .text(text)
            case (.url(let schemes), .text(let text)):
                guard let scheme = URL(string: text)?.scheme?.lowercased(), schemes.contains(scheme) else { return nil }
                return .text(text)
            case (.integer(let range), .text(let text)):
                guard let number = Int(text), range.contains(number) else { return nil }
                return .integer(number)
            case (.seconds, .text(let text)):
                guard let seconds = Double(text), seconds > 0, seconds.isFinite else { return nil }
                return .seconds(seconds)
            case (.duration, .text(let text)):
                guard let duration = try? Duration(parsing: text) else { return nil }
                return .seconds(Double(duration.components.seconds))
            case (.choice(let words), .text(let text)): return words.contains(text) ? .text(text) : nil
            case (.flag, .text(let text)):
                switch text.lowercased() {
                case "", "true", "1", "yes", "on": return .flag(true)
                case "false", "0", "no", "off": return .flag(false)
                default: return nil
                }
            }
        }
    }
}

/// A setting's value as a source gives it, before it is parsed: one text, or a list's texts.
public enum ServerSettingRaw: Sendable, Equatable {
    case text(String)
    case texts([String])

    /// As an error quotes it.
    var quoted: String {
        switch self {
        case .text(let text): "\"\(text)\""
        case .texts(let texts): "[\(texts.map { "\"\($0)\"" }.joined(separator: ", "))]"
        }
    }
}

/// A parsed value, of the setting's kind.
public enum ServerSettingValue: Sendable, Equatable {
    case text(String)
    case integer(Int)
    case seconds(Double)
    case flag(Bool)
    case texts([String])
}

/// Why a setting's value cannot be used, naming the source and the setting.
public struct ServerSettingError: Error, CustomStringConvertible, Equatable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
