import LatchkeyWire

extension KidsFeature {
    static let settingsSection: SettingSection? = .kids

    static let settings: [AppSetting] = [
        .integer(
            "consentAge",
            \KidsSettings.consentAge,
            flag: "consent-age",
            help: "Age below which parental consent is needed where the country has no age of its own.",
            unit: .years,
            range: 0...21,
            rule: "consent age must be 0 to 21"
        ),
        .custom(
            "consentAgeByCountry",
            \KidsSettings.consentAgeByCountry,
            flag: "consent-age-by-country",
            help: "The app's consent age for a country, CC=AGE (repeatable; replaces the list; over the built-in table).",
            isList: true,
            format: { $0.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } },
            parse: { values in
                var ages: [String: Int] = [:]
                for value in values where !value.isEmpty {
                    let parts = value.split(separator: "=", maxSplits: 1).map(String.init)
                    guard parts.count == 2, let age = Int(parts[1]) else {
                        throw InvalidAppSetting(description: "--consent-age-by-country takes CC=AGE, e.g. DE=16")
                    }
                    ages[parts[0].uppercased()] = age
                }
                return ages
            },
            problem: { ages in
                ages.contains { !Validation.isValidCountry($0.key) || !(0...21).contains($0.value) }
                    ? "consent ages by country need 2-letter upper-case country codes and ages 0 to 21" : nil
            }
        ),
        .integer(
            "pendingConsentDays",
            \KidsSettings.pendingConsentDays,
            flag: "pending-consent-days",
            help: "Days a child's account may stay without parental consent before it is purged.",
            unit: .days,
            range: 1...365,
            rule: "pending consent days must be 1 to 365"
        ),
        .integer(
            "parentEmailLimit",
            \KidsSettings.parentEmailLimit,
            flag: "parent-email-limit",
            help: "Consent emails to one parent address per day.",
            unit: .perDay,
            range: 1...Int.max,
            rule: "throttling limits must be positive"
        ),
        .integer(
            "consentRequestLimit",
            \KidsSettings.consentRequestLimit,
            flag: "consent-request-limit",
            help: "Consent requests for one child per day, the sign-up's included.",
            unit: .perDay,
            range: 1...Int.max,
            rule: "throttling limits must be positive"
        ),
    ]
}
