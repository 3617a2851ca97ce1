public import Foundation
import LatchkeyWire
import SQLKit

/// Which audit entries to show: the console's filter form, its CSV export and the admin API's
/// audit listing take the same query parameters (`operator`, `app`, `action`, `from`, `to`,
/// `target`).
public struct AuditFilter: Sendable, Equatable {
    /// The actor: an operator's username or id, or a command line's `cli:…` name.
    public var actor: String?
    /// The app (its id) the entries concern.
    public var appID: String?
    /// The action, or a family of them: `app` matches `app.update`, `app.provider.set`, ….
    public var action: String?
    /// The first day (UTC) of the entries, inclusive.
    public var from: Date?
    /// The last day (UTC) of the entries, inclusive.
    public var to: Date?
    /// What the entries acted on, exactly: a user's id gives that user's trail.
    public var target: String?

    /// No filter: every entry.
    public init(
        actor: String? = nil,
        appID: String? = nil,
        action: String? = nil,
        from: Date? = nil,
        to: Date? = nil,
        target: String? = nil
    ) {
        self.actor = actor
        self.appID = appID
        self.action = action
        self.from = from
        self.to = to
        self.target = target
    }

    /// The query parameter names, in the order forms and links carry them.
    static let parameters = ["operator", "app", "action", "from", "to", "target"]

    /// The filter a request's query gives (`parameter` reads one); an empty parameter is no
    /// filter; a date that is not `YYYY-MM-DD` is `422 invalid_field` naming it.
    init(parameter: (String) -> String?) throws {
        func text(_ name: String) -> String? {
            parameter(name).map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : String($0.prefix(200)) }
        }
        func day(_ name: String) throws -> Date? {
            guard let value = text(name) else { return nil }
            guard value.wholeMatch(of: /[0-9]{4}-[0-9]{2}-[0-9]{2}/) != nil, let date = Self.dayFormat.date(from: value) else {
                throw APIError.validation([FieldError(field: name, code: .invalidField, reason: "a date as YYYY-MM-DD")])
            }
            return date
        }
        self.init(
            actor: text("operator"),
            appID: text("app"),
            action: text("action"),
            from: try day("from"),
            to: try day("to"),
            target: text("target")
        )
    }

    /// The filter's values as query parameters, empty ones left out: for the next page's link
    /// and the CSV export's.
    var query: [(String, String)] {
        let format = Self.dayFormat
        let all: [(String, String?)] = [
            ("operator", actor), ("app", appID), ("action", action), ("from", from.map { format.string(from: $0) }),
            ("to", to.map { format.string(from: $0) }), ("target", target),
        ]
        return all.compactMap { name, value in value.map { (name, $0) } }
    }

    /// The filter's values by parameter name, for the form to show what it filters by.
    var values: [String: String] {
        Dictionary(uniqueKeysWithValues: query)
    }

    /// The SQL conditions (all must hold). An app matches the entries recorded with it and the
    /// older ones that name it as their target (`<app id>` or `<app id> <more>`).
    var conditions: [SQLQueryString] {
        var conditions: [SQLQueryString] = []
        if let actor { conditions.append("(actor = \(bind: actor) OR operator_id = \(bind: actor))") }
        if let appID {
            conditions.append("(app_id = \(bind: appID) OR target = \(bind: appID) OR target LIKE \(bind: Self.escaped(appID) + " %") ESCAPE '\\')")
        }
        if let action { conditions.append("(action = \(bind: action) OR action LIKE \(bind: Self.escaped(action) + ".%") ESCAPE '\\')") }
        if let from { conditions.append("at >= \(bind: from.epochSeconds)") }
        if let to { conditions.append("at < \(bind: to.epochSeconds + 86_400)") }
        if let target { conditions.append("target = \(bind: target)") }
        return conditions
    }

    /// `text` matching itself only in a `LIKE` pattern.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
    }

    /// `YYYY-MM-DD` in UTC.
    static var dayFormat: DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter
    }
}
