import Foundation

/// The part of the console's settings page a setting is shown in; its heading is the catalog
/// text `page.console.settings.section.<rawValue>`.
public enum SettingSection: String, Sendable, CaseIterable {
    case sessions
    case signIn = "sign_in"
    case passwords
    case kids
    case messaging
    case wallet
    case dataTree = "data_tree"
    case passkeys
    case branding
}

/// What an integer setting counts, shown beside its field (`page.console.settings.unit.<rawValue>`);
/// a number of seconds is also shown as days, hours and minutes.
public enum SettingUnit: String, Sendable, CaseIterable {
    case seconds
    case days
    case years
    case count
    case perHour = "per_hour"
    case perDay = "per_day"
    case characters
    case bytes
    /// A bare number (bcrypt's cost, a power of two).
    case factor
}

/// How the console edits a setting, derived from the declaration's kind so that a new setting
/// gets a fitting field without the console knowing of it.
public enum SettingControl: Sendable, Equatable {
    /// A boolean: a switch.
    case toggle
    /// A whole number counting `unit`.
    case number(SettingUnit)
    /// A list, one item per line.
    case list
    /// One of a closed set of values.
    case choice([String])
    /// Any of a closed set of values (at least one, as the setting's parser asks): a box each.
    case options([String])
    case text
    case url
    /// `#rrggbb`.
    case colour
}

extension AppSetting {
    /// This setting shown in `section`, rather than its feature's.
    func shown(in section: SettingSection) -> AppSetting {
        var setting = self
        setting.section = section
        return setting
    }

    /// This setting, whose change the console shows for confirmation before saving: one that can
    /// sign users out or lock them out of the app.
    var risky: AppSetting {
        var setting = self
        setting.isRisky = true
        return setting
    }
}
