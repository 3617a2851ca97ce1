import Foundation
import LatchkeyWire
import Testing

@testable import LatchkeyServer

/// The shipped string catalogs are complete: a text missing in one language, or an error code
/// without a title, fails here rather than showing a raw id to a user.
@Suite struct StringCatalogTests {
    @Test func everyLanguageHasEveryMessage() {
        let catalog = StringCatalog.shipped
        let english = Set((catalog.texts[.english] ?? [:]).keys)
        #expect(!english.isEmpty)
        for language in Language.allCases {
            let ids = Set((catalog.texts[language] ?? [:]).keys)
            #expect(ids == english, "\(language): missing \(english.subtracting(ids).sorted()), extra \(ids.subtracting(english).sorted())")
            #expect(catalog.texts[language]?.values.allSatisfy { !$0.isEmpty } == true, "\(language) has an empty text")
        }
    }

    @Test func everyCodeAndReasonHasATextInEveryLanguage() {
        let catalog = StringCatalog.shipped
        for language in Language.allCases {
            let texts = catalog.texts[language] ?? [:]
            for code in ErrorCode.allCases {
                #expect(texts["error.\(code.rawValue).title"] != nil, "\(language): no title for \(code)")
            }
            for reason in PasswordRejection.allCases {
                #expect(texts["password.\(reason.rawValue)"] != nil, "\(language): no text for \(reason)")
            }
        }
    }
}
