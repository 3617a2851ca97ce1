import Foundation
import Testing

@testable import LatchkeyServer

/// Every setting the console edits says where it goes and what it is called: a section, a label
/// and a help text in every language, a fitting control. A setting declared without them fails
/// here rather than showing a catalog id on the settings page.
@Suite struct SettingDeclarationsTests {
    @Test func everySettingHasASectionAndALabelAndHelpInEveryLanguage() {
        let settings = AppSettings.declarations.filter { $0.flag != nil }
        #expect(settings.count > 40)
        for setting in settings {
            let flag = setting.flag ?? ""
            #expect(setting.section != nil, "\(flag) has no section")
            for language in Language.allCases {
                let texts = StringCatalog.shipped.texts[language] ?? [:]
                var parts = ["label", "help"]
                if case .options(let options) = setting.control { parts += options }
                for part in parts {
                    #expect(texts["page.console.settings.\(flag).\(part)"]?.isEmpty == false, "\(flag) has no \(part) in \(language)")
                }
            }
        }
    }

    @Test func everySectionAndUnitHasATextInEveryLanguage() {
        for language in Language.allCases {
            let texts = StringCatalog.shipped.texts[language] ?? [:]
            for section in SettingSection.allCases {
                #expect(texts["page.console.settings.section.\(section.rawValue)"] != nil, "\(section) in \(language)")
            }
            for unit in SettingUnit.allCases {
                #expect(texts["page.console.settings.unit.\(unit.rawValue)"] != nil, "\(unit) in \(language)")
            }
        }
    }

    /// Every section shows some setting: a section without any would be an empty heading.
    @Test func everySectionHoldsASetting() {
        let used = Set(AppSettings.declarations.compactMap(\.section))
        #expect(used == Set(SettingSection.allCases))
    }

    /// The control follows the declaration's kind, and what can sign users out or stop them
    /// signing in is marked risky.
    @Test func controlsFollowTheKindAndRiskIsMarked() throws {
        func setting(_ flag: String) throws -> AppSetting { try #require(AppSettings.declarations.first { $0.flag == flag }) }
        #expect(try setting("totp-required").control == .toggle)
        #expect(try setting("session-ttl").control == .number(.seconds))
        #expect(try setting("guest-idle-days").control == .number(.days))
        #expect(try setting("cors-origin").control == .list)
        #expect(try setting("sign-in-methods").control == .options(SignInMethod.allCases.map(\.rawValue)))
        #expect(try setting("logo-url").control == .url)
        #expect(try setting("accent-color").control == .colour)
        #expect(try setting("passkey-user-verification").control == .choice(["preferred", "required"]))
        #expect(try setting("from-name").control == .text)
        let risky = Set(AppSettings.declarations.filter(\.isRisky).compactMap(\.flag))
        #expect(risky == ["session-ttl", "session-idle-ttl", "access-token-ttl", "sign-in-methods"])
        #expect(try setting("session-ttl").section == .sessions && setting("from-name").section == .messaging)
        #expect(try setting("first-party").section == .signIn)
    }

    @Test func durationsReadInDaysHoursAndMinutes() {
        let english = { (id: String) in StringCatalog.shipped.text("page.\(id)", in: .english) ?? id }
        let japanese = { (id: String) in StringCatalog.shipped.text("page.\(id)", in: .japanese) ?? id }
        #expect(ConsoleViews.duration(93_784, text: english) == "1 d 2 h 3 min 4 s")
        #expect(ConsoleViews.duration(3_600, text: english) == "1 h")
        #expect(ConsoleViews.duration(90_000, text: japanese) == "1日 1時間")
    }
}
