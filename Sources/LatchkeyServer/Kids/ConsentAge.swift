import Foundation
import LatchkeyWire

/// The age below which a child needs a parent's consent to use an app, by country: the app's own
/// value for the country (`consentAgeByCountry`), else the built-in table, else the app's
/// `consentAge` (default 13).
enum ConsentAge {
    /// The ages the law of each country sets for a child's own consent to online services.
    /// EU and EEA members: the digital age of consent each chose under GDPR Art. 8(1) (16 unless
    /// the member state lowered it, never below 13); GB: UK GDPR / Data Protection Act 2018 s. 9;
    /// US: COPPA (under 13); KR: PIPA Art. 22-2 (under 14); CN: PIPL Art. 31 (under 14);
    /// BR: LGPD Art. 14 with ECA Art. 2 (children are under 12); IN: DPDP Act 2023 s. 2(f) and
    /// 9 (under 18). Countries whose law names no age (JP's APPI among them) use the app's default.
    static let byCountry: [String: Int] = [
        "AT": 14, "BE": 13, "BG": 14, "CY": 14, "CZ": 15, "DE": 16, "DK": 13, "EE": 13, "ES": 14, "FI": 13,
        "FR": 15, "GR": 15, "HR": 16, "HU": 16, "IE": 16, "IT": 14, "LT": 14, "LU": 16, "LV": 13, "MT": 13,
        "NL": 16, "PL": 16, "PT": 13, "RO": 16, "SE": 13, "SI": 15, "SK": 16,
        "IS": 13, "LI": 16, "NO": 13,
        "GB": 13, "US": 13, "KR": 14, "CN": 14, "BR": 12, "IN": 18,
    ]

    /// The consent age for a user of `country` (ISO 3166-1 alpha-2, any case) in an app with `settings`.
    static func age(country: String?, settings: AppSettings) -> Int {
        guard let country = country?.uppercased() else { return settings.kids.consentAge }
        return settings.kids.consentAgeByCountry[country] ?? byCountry[country] ?? settings.kids.consentAge
    }

    /// Whether someone born on `dateOfBirth` (`YYYY-MM-DD`) is, on `today` (UTC), younger than
    /// the consent age of `country`; false without a valid date of birth (one in the future is
    /// refused as invalid on its own).
    static func needsConsent(dateOfBirth: String?, country: String?, settings: AppSettings, today: Date) -> Bool {
        guard let dateOfBirth, Validation.isValidDateOfBirth(dateOfBirth, today: today), let years = age(on: today, bornOn: dateOfBirth)
        else { return false }
        return years < age(country: country, settings: settings)
    }

    /// Whole years from `dateOfBirth` to `today` in UTC.
    static func age(on today: Date, bornOn dateOfBirth: String) -> Int? {
        guard let birth = Validation.parseDate(dateOfBirth) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar.dateComponents([.year], from: birth, to: today).year
    }
}
