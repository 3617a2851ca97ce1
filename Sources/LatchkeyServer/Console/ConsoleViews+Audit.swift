import Foundation

extension ConsoleViews {
    /// An audit entry's row: the actor, app and target by name where `names` knows them (the
    /// id beside), and each change before → after.
    static func audit(_ entry: AuditEntry, names: [String: String]) -> [String: Any] {
        let target = entry.target ?? ""
        return [
            "id": entry.id, "at": date(entry.at), "actor": entry.operatorID.flatMap { names[$0] } ?? entry.actor, "action": entry.action,
            "app": entry.appID.map { names[$0] ?? $0 } ?? "", "target": target, "targetName": names[target] ?? "", "source": entry.source,
            "changes": entry.changes.map { ["field": $0.field, "before": $0.before ?? "", "after": $0.after ?? ""] },
            "hasChanges": !entry.changes.isEmpty,
        ]
    }

    /// The filter form's values: what it filters by now, and the apps to choose from.
    static func auditFilter(_ filter: AuditFilter, apps: [App]) -> [String: Any] {
        let values = filter.values
        return [
            "filterOperator": values["operator"] ?? "", "filterAction": values["action"] ?? "", "filterFrom": values["from"] ?? "",
            "filterTo": values["to"] ?? "",
            "filterApps": apps.map { ["id": $0.id, "name": $0.name, "selected": $0.id == filter.appID] as [String: Any] },
        ]
    }

    /// `?name=value&…`, each percent-encoded; empty for no parameters.
    static func queryString(_ parameters: [(String, String)]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let pairs = parameters.map { name, value in
            "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
        }
        return pairs.isEmpty ? "" : "?" + pairs.joined(separator: "&")
    }

    /// One of the operator's sessions: when and where it began, when last used, and whether it
    /// is this browser's.
    static func operatorSession(_ session: OperatorSession, current: String) -> [String: Any] {
        [
            "id": session.id, "created": date(session.createdAt), "lastUsed": date(session.lastUsedAt), "ip": session.ipAddress ?? "",
            "agent": session.userAgent ?? "", "isCurrent": session.id == current,
        ]
    }
}
