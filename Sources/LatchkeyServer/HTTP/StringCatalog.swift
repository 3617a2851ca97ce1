import Foundation

/// The server's human texts — error titles and details, email and SMS templates, the email-link
/// page — one catalog per language in `Resources/strings/<language>.json`, a JSON object from
/// message id to text. Translators edit one file per language; a test checks that every catalog
/// has every id and every error code a title.
struct StringCatalog: Sendable {
    /// Message id → text, per language.
    let texts: [Language: [String: String]]

    /// The catalogs shipped with the server, read once. They are part of the build, not input: a
    /// missing or malformed one is a broken build and stops the process at first use.
    static let shipped: StringCatalog = {
        do {
            return try load()
        } catch {
            fatalError("the string catalogs in Resources/strings do not load: \(error)")
        }
    }()

    /// Reads `Resources/strings/<language>.json` for every language from the embedded resources.
    private static func load() throws -> StringCatalog {
        var texts: [Language: [String: String]] = [:]
        for language in Language.allCases {
            let json = try EmbeddedResources.text(at: "strings/\(language.rawValue).json")
            texts[language] = try JSONDecoder().decode([String: String].self, from: Data(json.utf8))
        }
        return StringCatalog(texts: texts)
    }

    /// The text of `id` in `language`, else in English; nil when no catalog has it.
    func text(_ id: String, in language: Language) -> String? {
        texts[language]?[id] ?? texts[.english]?[id]
    }
}
