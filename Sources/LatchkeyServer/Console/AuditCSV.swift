import Foundation

/// The audit log as CSV (RFC 4180: CRLF lines, each cell quoted when it holds a quote, comma or
/// line break), safe to open in a spreadsheet: a cell that begins with `=`, `+`, `-`, `@`, a tab
/// or a carriage return is prefixed with `'`, so it reads as text, never as a formula.
enum AuditCSV {
    static let header = ["id", "at", "actor", "operator_id", "action", "app_id", "app", "target", "target_name", "source", "changes"]

    /// The document: the header, then one row per entry; `names` gives apps', operators' and
    /// users' names by id.
    static func document(_ entries: [AuditEntry], names: [String: String]) -> String {
        let rows = entries.map { entry in
            [
                entry.id, ISO8601DateFormatter().string(from: entry.at), entry.actor, entry.operatorID ?? "", entry.action,
                entry.appID ?? "", entry.appID.flatMap { names[$0] } ?? "", entry.target ?? "", entry.target.flatMap { names[$0] } ?? "",
                entry.source, entry.changes.map(describe).joined(separator: "; "),
            ]
        }
        return ([header] + rows).map { $0.map(cell).joined(separator: ",") + "\r\n" }.joined()
    }

    /// `field: before → after`, `(none)` for a missing side.
    static func describe(_ change: AuditChange) -> String {
        "\(change.field): \(change.before ?? "(none)") → \(change.after ?? "(none)")"
    }

    /// One cell, neutralised and quoted as needed.
    static func cell(_ value: String) -> String {
        var value = value
        if let first = value.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) { value = "'" + value }
        guard value.contains(where: { $0 == "\"" || $0 == "," || $0.isNewline }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
