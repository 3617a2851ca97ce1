import Foundation
import LatchkeyWire

extension ConsoleViews {
    /// The user list's filter form as submitted (`parameter` reads the query), so a value that
    /// did not parse is still there to correct; `text` reads the catalog for the choices' labels.
    static func userFilterForm(
        parameter: (String) -> String?,
        apps: [App],
        appID: String,
        text: (String) -> String
    ) -> [String: Any] {
        func options(_ name: String, _ choices: [String]) -> [[String: Any]] {
            let current = parameter(name) ?? ""
            return choices.map { value in
                let label = value.isEmpty ? "console.users.any" : "console.users.\(name)_\(value)"
                return ["value": value, "label": text(label), "selected": value == current]
            }
        }
        return [
            "apps": apps.map { ["id": $0.id, "name": $0.name, "selected": $0.id == appID] as [String: Any] }, "appID": appID,
            "hasApps": !apps.isEmpty, "query": parameter("q") ?? "",
            "statusOptions": options("status", [""] + UserFilter.Status.allCases.map(\.rawValue)),
            "methodOptions": options("method", [""] + UserFilter.SignInMethod.allCases.map(\.rawValue)),
            "sortOptions": options("sort", UserFilter.Sort.allCases.map(\.rawValue)), "orderOptions": options("order", ["desc", "asc"]),
            "pendingConsent": parameter("consent") == "pending", "createdFrom": parameter("created_from") ?? "",
            "createdTo": parameter("created_to") ?? "", "signedInFrom": parameter("signed_in_from") ?? "",
            "signedInTo": parameter("signed_in_to") ?? "",
        ]
    }
}

extension ConsoleViews {
    /// The user page's sections beside the account, each list with its flag for
    /// the empty state. Push tokens show only their start: they address the device.
    static func userSections(_ sections: AdminService.UserSections, text: (String) -> String) -> [String: Any] {
        let history = sections.consentHistory.map {
            [
                "action": text("console.user.consent_\($0.action.rawValue)"), "parent": $0.parentEmail,
                "method": text("console.user.consent_by_\($0.method.rawValue)"), "at": date($0.at),
            ]
        }
        let passkeys = sections.passkeys.map {
            ["id": $0.id, "name": $0.name, "created": date($0.createdAt), "lastUsed": $0.lastUsedAt.map(date) ?? ""]
        }
        let devices = sections.devices.map { device -> [String: Any] in
            [
                "token": String(device.token.prefix(12)) + "…", "platform": device.platform.rawValue, "provider": device.provider.rawValue,
                "appVersion": device.appVersion ?? "", "topics": device.topics.joined(separator: ", "), "active": device.active,
                "updated": date(device.updatedAt),
            ]
        }
        let appData = sections.appData.map { ["key": $0.key, "size": $0.size, "updated": date($0.updatedAt)] as [String: Any] }
        var values: [String: Any] = [
            "totpEnrolled": sections.secondFactor.totpEnrolled,
            "recoveryCodesLeft": sections.secondFactor.recoveryCodesLeft, "passkeys": passkeys, "hasPasskeys": !passkeys.isEmpty,
            "consentHistory": history, "hasConsentHistory": !history.isEmpty, "devices": devices, "hasDevices": !devices.isEmpty,
            "appData": appData, "hasAppData": !appData.isEmpty, "trail": sections.trail.map { audit($0, names: [:]) },
            "hasTrail": !sections.trail.isEmpty, "canResendVerification": sections.canResendVerification,
        ]
        if let consent = sections.consent {
            values["consent"] = [
                "status": text("console.user.consent_\(consent.status.rawValue)"), "requested": date(consent.requestedAt),
                "decided": consent.decidedAt.map(date) ?? "",
            ]
        }
        return values
    }
}
