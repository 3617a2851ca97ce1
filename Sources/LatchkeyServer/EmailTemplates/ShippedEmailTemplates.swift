import LatchkeyWire
import Mustache

/// The templates the server ships for every email purpose in every shipped language: the
/// subject and text from the string catalogs (`message.<purpose>.subject`, `.body`), and the
/// HTML from one branded layout (`Resources/mail/layout.mustache`) filled with the purpose's
/// texts (`mail.<purpose>.*`). The layout is written with `[[ ]]` tags, filled here once; what
/// it leaves are `{{ }}` tags for each message's values — the same kind of template an operator
/// writes, so the default is where an override starts.
struct ShippedEmailTemplates: Sendable {
    private let templates: [Language: [EmailPurpose: EmailTemplateParts]]

    /// The shipped templates, built once. They are part of the build, not input: a broken layout
    /// stops the process at first use, and a test renders every one.
    static let shipped: ShippedEmailTemplates = {
        do {
            return try ShippedEmailTemplates(catalog: .shipped)
        } catch {
            fatalError("the email layout in Resources/mail does not load: \(error)")
        }
    }()

    init(catalog: StringCatalog) throws {
        let layout = try MustacheTemplate(string: try EmbeddedResources.text(at: "mail/layout.mustache"))
        var templates: [Language: [EmailPurpose: EmailTemplateParts]] = [:]
        for language in Language.allCases {
            for purpose in EmailPurpose.allCases {
                let text = { (id: String) in catalog.text(id, in: language) }
                var fill: [String: Any] = [
                    "lang": language.rawValue,
                    "heading": text("mail.\(purpose.rawValue).heading") ?? "",
                    "lead": text("mail.\(purpose.rawValue).lead") ?? "",
                    "note": text("mail.\(purpose.rawValue).note") ?? "",
                    "support": text("mail.support") ?? "",
                    "code": purpose.hasCode,
                ]
                if purpose.hasLink {
                    fill["button"] = text("mail.\(purpose.rawValue).button") ?? ""
                    fill["linkFallback"] = text("mail.link_fallback") ?? ""
                }
                templates[language, default: [:]][purpose] = EmailTemplateParts(
                    subject: text("message.\(purpose.rawValue).subject"),
                    text: text("message.\(purpose.rawValue).body"),
                    html: layout.render(fill)
                )
            }
        }
        self.templates = templates
    }

    /// The default templates of `purpose` in `language`.
    func parts(_ purpose: EmailPurpose, in language: Language) -> EmailTemplateParts {
        templates[language]?[purpose] ?? EmailTemplateParts()
    }
}
