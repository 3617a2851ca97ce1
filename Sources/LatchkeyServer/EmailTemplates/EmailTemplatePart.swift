import Foundation
import LatchkeyWire
import Mustache

/// One part of an email template, and how its Mustache source becomes text: the subject and the
/// text part take values as they are, the HTML part escapes them (quotes too, as a value may sit
/// in an attribute).
enum EmailTemplatePart: String, CaseIterable, Sendable {
    case subject
    case text
    case html

    /// The longest source a part may have, in characters.
    var maximumLength: Int {
        switch self {
        case .subject: 500
        case .text: 20_000
        case .html: 60_000
        }
    }

    /// Compiles `source` for this part; throws when it does not parse.
    func compile(_ source: String) throws -> MustacheTemplate {
        _ = EmailHTMLContentType.registered
        return try MustacheTemplate(string: "{{% CONTENT_TYPE: \(self == .html ? EmailHTMLContentType.name : "TEXT")}}" + source)
    }

    /// `source` rendered with `values`: a subject is one trimmed line, a text trimmed.
    func render(_ source: String, _ values: [String: String]) throws -> String {
        let rendered = try compile(source).render(values)
        switch self {
        case .subject:
            return rendered.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                .joined(separator: " ")
        case .text: return rendered.trimmingCharacters(in: .whitespacesAndNewlines)
        case .html: return rendered
        }
    }

    /// Whether `rendered` shows `value` (in the HTML, escaped or not).
    func shows(_ value: String, in rendered: String) -> Bool {
        rendered.contains(value) || (self == .html && rendered.contains(EmailHTMLContentType.escape(value)))
    }

    /// The parts of `parts` that are set, with this type.
    static func set(in parts: EmailTemplateParts) -> [(part: EmailTemplatePart, source: String)] {
        allCases.compactMap { part in part.source(in: parts).map { (part, $0) } }
    }

    /// This part's source in `parts`.
    func source(in parts: EmailTemplateParts) -> String? {
        switch self {
        case .subject: parts.subject
        case .text: parts.text
        case .html: parts.html
        }
    }
}

/// HTML escaping for email values: `&`, `<`, `>` and both quotes, so a value is safe in an
/// attribute as in text (Mustache's own HTML type leaves quotes).
struct EmailHTMLContentType: MustacheContentType {
    static let name = "LATCHKEY_EMAIL_HTML"

    /// Registers the type once, before any HTML part compiles.
    static let registered: Void = MustacheContentTypes.register(EmailHTMLContentType(), named: name)

    func escapeText(_ text: String) -> String { Self.escape(text) }

    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
