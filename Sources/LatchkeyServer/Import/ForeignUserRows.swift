import Foundation

/// PocketBase's and Supabase's user rows, as their exports give them, turned into
/// ``ImportedUser``'s shape. Columns the mapping does not use are ignored (these tables carry
/// tokens and bookkeeping that do not move).
enum ForeignUserRows {
    /// A PocketBase auth collection row (`_pb_users_auth_`, or the users collection's records
    /// as JSON): `id`, `email`, `verified`, `username`, `name`, `passwordHash` (v0.22) or
    /// `password` (v0.23+, bcrypt), `created`.
    static func pocketbase(_ row: [String: Any]) -> [String: Any] {
        var user: [String: Any] = [:]
        user["externalId"] = row["id"]
        user["email"] = text(row["email"])
        user["emailVerified"] = flag(row["verified"])
        user["username"] = text(row["username"])
        user["displayName"] = text(row["name"])
        user["passwordHash"] = text(row["passwordHash"]) ?? text(row["password"])
        user["createdAt"] = text(row["created"]).flatMap(isoDate)
        return user.compactMapValues { $0 }
    }

    /// A Supabase `auth.users` row (a CSV or JSON export of the table): `id`, `email`,
    /// `email_confirmed_at` (set means verified), `phone` (digits, E.164 without `+`),
    /// `encrypted_password` (bcrypt), `raw_user_meta_data` (`full_name` or `name`), `created_at`.
    static func supabase(_ row: [String: Any]) -> [String: Any] {
        var user: [String: Any] = [:]
        user["externalId"] = row["id"]
        user["email"] = text(row["email"])
        if user["email"] != nil { user["emailVerified"] = text(row["email_confirmed_at"]) != nil }
        user["phone"] = text(row["phone"]).map { $0.hasPrefix("+") ? $0 : "+" + $0 }
        user["passwordHash"] = text(row["encrypted_password"])
        let metadata =
            (row["raw_user_meta_data"] as? [String: Any])
            ?? text(row["raw_user_meta_data"]).flatMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
        user["displayName"] = text(metadata?["full_name"]) ?? text(metadata?["name"])
        user["createdAt"] = text(row["created_at"]).flatMap(isoDate)
        return user.compactMapValues { $0 }
    }

    /// A non-empty string value, or nil.
    private static func text(_ value: Any?) -> String? {
        guard let string = value as? String, !string.isEmpty else { return nil }
        return string
    }

    /// A boolean from JSON or a CSV cell (`true`/`false`, `1`/`0`, `t`/`f`).
    private static func flag(_ value: Any?) -> Bool? {
        if let value = value as? Bool { return value }
        if let value = value as? NSNumber { return value.intValue != 0 }
        guard let text = text(value)?.lowercased() else { return nil }
        return ["true", "1", "t"].contains(text)
    }

    /// An ISO 8601 timestamp (whole seconds, UTC) for the database forms these exports use:
    /// `2024-01-02 03:04:05.678Z` (PocketBase), `2024-01-02 03:04:05.678901+00` (PostgreSQL).
    static func isoDate(_ text: String) -> String? {
        let pattern = #/^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(Z|[+-]\d{2}(?::?\d{2})?)?$/#
        guard let match = text.wholeMatch(of: pattern) else { return nil }
        var components = DateComponents()
        components.timeZone = TimeZone(identifier: "UTC")
        components.year = Int(match.1)
        components.month = Int(match.2)
        components.day = Int(match.3)
        components.hour = Int(match.4)
        components.minute = Int(match.5)
        components.second = Int(match.6)
        guard let local = Calendar(identifier: .gregorian).date(from: components) else { return nil }
        var offset = 0
        if let zone = match.7, zone != "Z" {
            let digits = zone.dropFirst().filter(\.isNumber)
            let hours = Int(digits.prefix(2)) ?? 0
            let minutes = Int(digits.dropFirst(2)) ?? 0
            offset = (hours * 3_600 + minutes * 60) * (zone.hasPrefix("-") ? -1 : 1)
        }
        let formatter = ISO8601DateFormatter()
        return formatter.string(from: local.addingTimeInterval(TimeInterval(-offset)))
    }
}
