import Foundation
import LatchkeyWire

/// What the console's templates show of the admin service's answers: plain dictionaries of
/// strings and flags, dates in UTC.
enum ConsoleViews {
    /// Each error's message by its field's id, `-` read as `_` (Mustache reads
    /// `fieldErrors.sim_path` for the field `sim-path`), for the message beside each field.
    static func fieldErrors(_ errors: [PageError]) -> [String: String] {
        Dictionary(errors.map { ($0.field.replacingOccurrences(of: "-", with: "_"), $0.message) }) { first, _ in first }
    }

    /// The chart's size in SVG units.
    static let chartWidth = 600
    static let chartHeight = 120

    static func figures(_ figures: LiveFigures) -> [String: Any] {
        let peak = max(figures.signInsPerMinute.max() ?? 0, 1)
        let slot = chartWidth / max(figures.signInsPerMinute.count, 1)
        let bars = figures.signInsPerMinute.enumerated().map { index, count -> [String: Any] in
            let height = count * (chartHeight - 10) / peak
            return ["x": index * slot + 1, "y": chartHeight - height, "width": slot - 2, "height": height, "count": count]
        }
        return [
            "signInsLastMinute": figures.signInsPerMinute.last ?? 0, "activeSessions": figures.activeSessions,
            "failedSignIns": figures.failedSignIns, "bars": bars, "peak": peak, "chartWidth": chartWidth, "chartHeight": chartHeight,
            "updated": date(figures.at),
        ]
    }

    /// The dashboard's backup line: off, the last success (when, size, time taken) and the last
    /// failure when it is newer than that success.
    static func backups(_ status: BackupStatus) -> [String: Any] {
        var values: [String: Any] = ["backupsScheduled": status.scheduled]
        if let success = status.lastSuccess {
            values["backupSuccess"] = [
                "at": date(success.at), "size": String(format: "%.1f MiB", Double(success.bytes) / 1_048_576),
                "seconds": String(format: "%.1f", success.seconds),
            ]
        }
        if let failure = status.lastFailure, failure.at >= status.lastSuccess?.at ?? .distantPast {
            values["backupFailure"] = ["at": date(failure.at), "reason": failure.reason]
        }
        return values
    }

    static func message(_ entry: OperatorOutboxEntry) -> [String: Any] {
        [
            "id": entry.message.id, "status": entry.status.rawValue, "channel": entry.message.channel.rawValue,
            "recipient": entry.message.recipient, "purpose": entry.message.purpose, "created": date(entry.message.createdAt),
            "attempts": entry.attempts, "lastError": entry.lastError ?? "", "isDead": entry.status == .dead,
        ]
    }

    static func appRow(_ app: App) -> [String: Any] {
        ["id": app.id, "name": app.name, "clientID": app.clientID, "created": date(app.createdAt)]
    }

    /// An app's page: its settings as form fields by section (the values `submitted` when a
    /// change was refused, so nothing typed is lost, with each field's error beside it), its
    /// providers without secrets.
    static func app(_ app: App, submitted: [String: String]?, errors: [PageError], text: (String) -> String) -> [String: Any] {
        let sections = settingSections(app.settings, submitted: submitted, errors: errors, text: text)
        let providers = app.settings.signInProviders.providers.sorted { $0.key < $1.key }.map { name, provider -> [String: Any] in
            [
                "name": name, "kind": provider.kind.rawValue, "issuer": provider.issuer ?? provider.graphURL ?? provider.userInfoURL ?? "",
                "clientIDs": provider.clientIDs.joined(separator: ", "), "hasSecret": provider.clientSecret != nil,
            ]
        }
        return [
            "app": appRow(app), "secretCount": app.secretCount, "sections": sections, "switches": switchFlags, "providers": providers,
            "hasProviders": !providers.isEmpty, "appID": app.id, "nameValue": submitted?["name"] ?? app.name,
        ]
    }

    /// The settings a posted form changes: each field whose value differs from the current one,
    /// a list's lines as its values.
    static func changes(from form: [String: String], comparedWith settings: AppSettings) -> [SettingChange] {
        editable.compactMap { setting in
            guard let flag = setting.flag, let posted = form[flag] else { return nil }
            let values =
                setting.isList
                ? posted.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                : [posted.trimmingCharacters(in: .whitespaces)]
            return values == setting.values(in: settings) ? nil : SettingChange(flag: flag, values: values)
        }
    }

    /// The form field of the setting stored under `key`.
    static func fieldID(forKey key: String) -> String {
        guard let flag = AppSettings.declarations.first(where: { $0.key == key })?.flag else { return "" }
        return "setting-\(flag)"
    }

    /// A found user's row; `text` reads the page's catalog (in the visitor's language).
    static func userRow(_ account: UserAccount, text: (String) -> String) -> [String: Any] {
        [
            "id": account.id, "appID": account.appID, "name": listName(account, text: text), "email": account.email ?? "",
            "phone": account.phone ?? "", "disabled": account.disabled, "created": date(account.createdAt),
            "lastSignIn": account.lastSignInAt.map(date) ?? "",
        ]
    }

    /// The name a list links a user by, never empty (a link without text is one no one can find
    /// or click): the username, else the email, phone or display name, else "Guest 1a2b3c4d"
    /// for a guest (anonymous or device) and "User 1a2b3c4d" for anyone else, from the id.
    static func listName(_ account: UserAccount, text: (String) -> String) -> String {
        let names = [account.username, account.email, account.phone, account.displayName].compactMap { $0 }
        if let name = names.first(where: { !$0.isEmpty }) { return name }
        let label = account.isAnonymous ? "console.users.guest" : "console.users.unnamed"
        return text(label).replacingOccurrences(of: "{id}", with: String(account.id.prefix(8)))
    }

    /// A user's page: the account, identities and sign-in history, the sessions in
    /// `liveSessions` with their button to end them.
    static func user(_ detail: AdminService.UserDetail, appID: String, liveSessions: Set<String>) -> [String: Any] {
        let user = detail.user
        return [
            "appID": appID, "id": user.id, "userID": user.id, "username": user.username ?? "", "email": user.email ?? "", "phone": user.phone ?? "",
            "displayName": user.displayName ?? "", "created": date(user.createdAt), "lastSignIn": user.lastSignInAt.map(date) ?? "",
            "disabled": detail.disabled,
            "identities": user.identities.map {
                ["provider": $0.provider, "subject": $0.subject, "email": $0.email ?? "", "created": date($0.createdAt)]
            },
            "sessions": detail.sessions.map {
                [
                    "id": $0.id, "created": date($0.createdAt), "lastUsed": date($0.lastUsedAt), "ip": $0.ipAddress ?? "",
                    "agent": $0.userAgent ?? "", "live": liveSessions.contains($0.id),
                ] as [String: Any]
            },
            "hasSessions": !detail.sessions.isEmpty, "hasLiveSessions": !liveSessions.isEmpty, "emailVerified": user.emailVerified,
        ]
    }

    static func operatorRow(_ listed: Operator, current: String) -> [String: Any] {
        [
            "id": listed.id, "username": listed.username, "role": listed.role.rawValue, "disabled": listed.disabled,
            "enrolled": listed.totpEnrolled, "isSelf": listed.id == current, "created": date(listed.createdAt),
        ]
    }

    /// A base32 secret in groups of four, easier to type.
    static func grouped(_ secret: String) -> String {
        stride(from: 0, to: secret.count, by: 4).map { start in
            let from = secret.index(secret.startIndex, offsetBy: start)
            return String(secret[from..<(secret.index(from, offsetBy: 4, limitedBy: secret.endIndex) ?? secret.endIndex)])
        }.joined(separator: " ")
    }

    /// `2026-01-31 12:00:00 UTC`.
    static func date(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime]
        return formatter.string(from: date) + " UTC"
    }
}
