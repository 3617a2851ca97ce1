import Foundation

/// One value an audited action changed, before → after, as the audit log keeps it. A secret's
/// value (a password, key, token or client secret) is never kept: such a change reads
/// `[redacted]` → `changed`.
public struct AuditChange: Codable, Sendable, Equatable {
    /// What changed: a setting's flag (`session-ttl`), `name`, `provider.<name>.<field>`, `disabled`.
    public var field: String
    /// The value before, nil when there was none.
    public var before: String?
    /// The value after, nil when it was removed.
    public var after: String?

    /// What a secret's value reads as.
    public static let redacted = "[redacted]"

    /// A change of `field` from `before` to `after`, redacted when the field names a secret.
    public init(field: String, before: String?, after: String?) {
        self.field = field
        if Self.isSecret(field) {
            self.before = before == nil ? nil : Self.redacted
            self.after = after == nil ? nil : "changed"
        } else {
            self.before = before
            self.after = after
        }
    }

    /// Whether `field` holds a secret: its last word (after a dash, dot or a capital) is secret,
    /// password, key, token or credential (so `clientSecret` is, `keyID` and `access-token-ttl` are not).
    static func isSecret(_ field: String) -> Bool {
        let words = field.replacing(/([a-z0-9])([A-Z])/) { "\($0.1)-\($0.2)" }.lowercased().split { $0 == "-" || $0 == "." || $0 == "_" }
        guard let last = words.last else { return false }
        return ["secret", "password", "key", "token", "credential", "credentials"].contains(String(last))
    }

    /// The changes between two sets of named values: one per name whose value differs.
    static func between(_ before: [String: String], _ after: [String: String], prefix: String = "") -> [AuditChange] {
        Set(before.keys).union(after.keys).sorted().compactMap { name in
            before[name] == after[name] ? nil : AuditChange(field: prefix + name, before: before[name], after: after[name])
        }
    }
}

extension AppSettings {
    /// Each setting with a flag, as its flag's values (a list's joined by `, `): what the audit
    /// log compares.
    var auditedValues: [String: String] {
        Dictionary(
            uniqueKeysWithValues: AppSettings.declarations.compactMap { setting in
                setting.flag.map { ($0, setting.values(in: self).joined(separator: ", ")) }
            }
        )
    }
}

extension ProviderSettings {
    /// The provider's members as text (the JSON of each), what the audit log compares; the
    /// secret is redacted by its name.
    var auditedValues: [String: String] {
        guard let data = try? JSONEncoder().encode(self),
            let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        else { return [:] }
        return object.mapValues { (value: Any) -> String in
            if let text = value as? String { return text }
            let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
            return data.flatMap { String(data: $0, encoding: .utf8) } ?? "\(value)"
        }
    }
}
