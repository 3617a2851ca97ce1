import Foundation
import HTTPTypes
import HummingbirdCore
import Testing

@testable import LatchkeyServer

/// The pages' shared parts: the assets they link to, and templates whose every text is in every
/// language's catalog (a page in Japanese with an English hole, or a raw id, fails here).
@Suite struct PagesTests {
    @Test func assetsAreServedWithTheirTypeAndCachedForAYear() async throws {
        let harness = try await TestHarness.make(store: .sqlite)
        try await harness.run { client in
            let css = try await client.send(.get, "/assets/latchkey.css")
            #expect(css.status == .ok)
            #expect(css.headers[.contentType] == "text/css; charset=utf-8")
            #expect(css.headers[.cacheControl] == "public, max-age=31536000, immutable")
            #expect(css.text.contains("focus-visible"))
            #expect(try await client.send(.get, "/assets/missing.css").status == .notFound)
            #expect(try await client.send(.get, "/assets/..%2Fopenapi.json").status == .notFound)
        }
    }

    @Test func everyTemplateTextIsInEveryCatalog() throws {
        let templates = Repository.url("Sources/LatchkeyServer/Resources/templates")
        let references = try Self.textReferences(under: templates)
        #expect(references.contains("layout.skip_to_content"))
        for language in Language.allCases {
            let texts = StringCatalog.shipped.texts[language] ?? [:]
            let missing = references.filter { texts["page.\($0)"] == nil }
            #expect(missing.isEmpty, "\(language) lacks \(missing.sorted())")
        }
    }

    @Test func aPageIsWrittenInItsLanguageUnderAStrictPolicy() throws {
        for language in Language.allCases {
            var page = Page("message", title: "layout.error_summary", language: language, values: ["message": "<b>&</b>"])
            page.errors = [PageError(field: "password", message: "x")]
            let policy = try #require(try PageRenderer.shipped.render(page).headers[.contentSecurityPolicy])
            #expect(policy.contains("script-src 'self'") && policy.contains("frame-ancestors 'none'") && !policy.contains("unsafe"))
            let html = try PageRenderer.shipped.html(page)
            #expect(html.contains(#"<html lang="\#(language.rawValue)">"#))
            #expect(html.contains(StringCatalog.shipped.text("page.layout.skip_to_content", in: language) ?? "?"))
            #expect(html.contains("&lt;b&gt;&amp;&lt;/b&gt;") && !html.contains("<b>&</b>"))
            #expect(html.contains(##"href="#password""##))
        }
    }

    /// The catalog ids `{{t.…}}` names in the templates under `directory`.
    static func textReferences(under directory: URL) throws -> Set<String> {
        var ids: Set<String> = []
        let pattern = try Regex(#"\{\{[#^/]?\s*t\.([A-Za-z0-9_.]+)\s*\}\}"#)
        let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "mustache" else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            for match in text.matches(of: pattern) {
                if let id = match.output[1].substring { ids.insert(String(id)) }
            }
        }
        return ids
    }
}
