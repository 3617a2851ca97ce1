import Foundation

/// The app page's settings form: the declared settings grouped by section, each with the field
/// its control calls for, its label and help in the page's language, and its error beside it.
/// `text` reads the console's catalog texts (`console.settings.…`) in the visitor's language.
extension ConsoleViews {
    /// The form field's name for switches the form shows, so an unchecked one (which a browser
    /// does not send) is saved as off.
    static let switchesField = "switches"
    /// The field a confirmation page posts, to save changes it listed.
    static let confirmField = "confirm"

    /// The settings the console edits: every declaration with a flag.
    static var editable: [AppSetting] { AppSettings.declarations.filter { $0.flag != nil } }

    /// The sections of the settings form, in ``SettingSection`` order, those without settings
    /// left out: each setting's value is the one `submitted` when a change was refused, and its
    /// message is the error in `errors` for its field.
    static func settingSections(
        _ settings: AppSettings,
        submitted: [String: String]?,
        errors: [PageError],
        text: (String) -> String
    ) -> [[String: Any]] {
        SettingSection.allCases.compactMap { section -> [String: Any]? in
            let fields = editable.filter { $0.section == section }.map { setting in
                settingField(setting, settings: settings, submitted: submitted, errors: errors, text: text)
            }
            guard !fields.isEmpty else { return nil }
            return ["key": section.rawValue, "title": text("console.settings.section.\(section.rawValue)"), "settings": fields]
        }
    }

    private static func settingField(
        _ setting: AppSetting,
        settings: AppSettings,
        submitted: [String: String]?,
        errors: [PageError],
        text: (String) -> String
    ) -> [String: Any] {
        let flag = setting.flag ?? ""
        let id = "setting-\(flag)"
        let value = submitted?[flag] ?? setting.values(in: settings).joined(separator: "\n")
        let error = errors.first { $0.field == id }?.message
        var field: [String: Any] = [
            "flag": flag, "id": id, "label": label(of: setting, text: text), "help": text("console.settings.\(flag).help"),
            "value": value, "isRisky": setting.isRisky, "hasError": error != nil, "error": error ?? "",
        ]
        switch setting.control {
        case .toggle:
            field["isSwitch"] = true
            field["checked"] = value == "true"
        case .number(let unit):
            field["isNumber"] = true
            field["unit"] = text("console.settings.unit.\(unit.rawValue)")
            if unit == .seconds, let seconds = Int(value), seconds >= 60 { field["duration"] = duration(seconds, text: text) }
        case .list: field["isList"] = true
        case .choice(let options):
            field["isChoice"] = true
            field["options"] = options.map { ["value": $0, "selected": $0 == value] }
        case .options(let options):
            field["isOptions"] = true
            let chosen = Set(value.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) })
            field["options"] = options.map { option in
                [
                    "id": "\(id)-\(option)", "name": optionField(flag, option), "checked": chosen.contains(option),
                    "label": text("console.settings.\(flag).\(option)"),
                ]
            }
        case .text: field["isText"] = true
        case .url: field["isURL"] = true
        case .colour: field["isColour"] = true
        }
        return field
    }

    /// The setting's name in the page's language.
    static func label(of setting: AppSetting, text: (String) -> String) -> String {
        text("console.settings.\(setting.flag ?? "").label")
    }

    /// `seconds` as days, hours, minutes and seconds, leaving out parts that are zero: `1 d 2 h`.
    static func duration(_ seconds: Int, text: (String) -> String) -> String {
        let parts = [(86_400, "d"), (3_600, "h"), (60, "min"), (1, "s")]
        var left = seconds
        return parts.compactMap { size, name -> String? in
            let count = left / size
            left %= size
            return count == 0 ? nil : text("console.settings.duration.\(name)").replacingOccurrences(of: "{n}", with: String(count))
        }.joined(separator: " ")
    }

    /// A setting's values as the console shows them in a list of changes: on or off for a
    /// switch, a number of seconds with its duration, a list's items separated by commas.
    static func shown(_ values: [String], of setting: AppSetting, text: (String) -> String) -> String {
        switch setting.control {
        case .toggle: return text(values == ["true"] ? "console.settings.on" : "console.settings.off")
        case .options:
            let labels = values.filter { !$0.isEmpty }.map { text("console.settings.\(setting.flag ?? "").\($0)") }
            return labels.isEmpty ? text("console.settings.none") : labels.joined(separator: ", ")
        case .number(.seconds):
            guard let seconds = values.first.flatMap(Int.init), seconds >= 60 else { return values.joined() }
            return "\(seconds) (\(duration(seconds, text: text)))"
        default:
            let joined = values.filter { !$0.isEmpty }.joined(separator: ", ")
            return joined.isEmpty ? text("console.settings.none") : joined
        }
    }

    /// The posted form with each switch the form showed (``switchesField``) set to `true` or
    /// `false`, as a browser leaves an unchecked box out, and each set of boxes (``SettingControl/options(_:)``)
    /// made its setting's list of the values checked.
    static func resolvingSwitches(_ form: [String: String]) -> [String: String] {
        guard let shown = form[switchesField] else { return form }
        var resolved = form
        resolved[switchesField] = nil
        let names = Set(shown.split(separator: " ").map(String.init))
        for setting in editable {
            guard let flag = setting.flag, names.contains(flag) else { continue }
            switch setting.control {
            case .toggle:
                resolved[flag] = form[flag] == "true" ? "true" : "false"
            case .options(let options):
                for option in options { resolved[optionField(flag, option)] = nil }
                resolved[flag] = options.filter { form[optionField(flag, $0)] == "true" }.sorted().joined(separator: "\n")
            default:
                continue
            }
        }
        return resolved
    }

    /// The flags of the switches and sets of boxes, for the form's ``switchesField``.
    static var switchFlags: String {
        editable.filter(\.isBoxes).compactMap(\.flag).joined(separator: " ")
    }

    /// The form's fields of the boxes of every ``SettingControl/options(_:)`` setting.
    static var optionFields: [String] {
        editable.flatMap { setting -> [String] in
            guard let flag = setting.flag, case .options(let options) = setting.control else { return [] }
            return options.map { optionField(flag, $0) }
        }
    }

    /// The field of one box of a set: `sign-in-methods.passkey`.
    private static func optionField(_ flag: String, _ option: String) -> String { "\(flag).\(option)" }

    /// The confirmation page of `changes` to `app`'s settings, which become `updated`: each
    /// change's setting with its value before and after, and the posted `form` to post again.
    static func confirmation(
        _ changes: [SettingChange],
        app: App,
        updated: AppSettings,
        form: [String: String],
        text: (String) -> String
    ) -> [String: Any] {
        let rows = changes.compactMap { change -> [String: Any]? in
            guard let setting = editable.first(where: { $0.flag == change.flag }) else { return nil }
            return [
                "label": label(of: setting, text: text), "isRisky": setting.isRisky,
                "before": shown(setting.values(in: app.settings), of: setting, text: text),
                "after": shown(setting.values(in: updated), of: setting, text: text),
            ]
        }
        let fields = form.sorted { $0.key < $1.key }.map { ["name": $0.key, "value": $0.value] }
        return ["app": appRow(app), "changes": rows, "fields": fields]
    }

    /// Whether any of `changes` is to a setting the console asks to confirm.
    static func needsConfirmation(_ changes: [SettingChange]) -> Bool {
        changes.contains { change in editable.contains { $0.flag == change.flag && $0.isRisky } }
    }

    /// The labels of the settings named in a saved page's `saved` query item (flags separated by
    /// commas); names no setting has are left out.
    static func savedLabels(_ saved: String, text: (String) -> String) -> [String] {
        let flags = saved.split(separator: ",").map(String.init)
        return editable.filter { flags.contains($0.flag ?? "") }.map { label(of: $0, text: text) }
    }
}

extension AppSetting {
    /// Whether the console shows this setting as boxes, which a browser leaves out when unchecked.
    fileprivate var isBoxes: Bool {
        if case .options = control { true } else { control == .toggle }
    }
}
