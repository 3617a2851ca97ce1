import Foundation
import LatchkeyWire
import Logging
import SQLKit

/// Writes an app's email for a purpose: its override for the user's language where the operator
/// saved one, else the shipped default, part by part. An override that does not render, or
/// renders without the link or code its message carries, never stops the message: that part is
/// the default's, the operator's template is marked with why (``EmailTemplateStore/recordFallback(_:appID:purpose:language:at:in:)``)
/// and a warning is logged.
struct EmailComposer: Sendable {
    let store: EmailTemplateStore
    let shipped: ShippedEmailTemplates
    let logger: Logger

    /// A message's three parts.
    struct Email: Sendable {
        var subject: String
        var text: String
        var html: String
    }

    /// The values a template of the app sees: the caller's, with the app's name and brand.
    static func values(_ values: [String: String], app: App) -> [String: String] {
        var values = values
        let brand = app.settings.brand
        values["appName"] = app.name
        values["accentColor"] = brand.accentColor
        values["logoURL"] = brand.logoURL
        values["supportURL"] = brand.supportURL
        return values
    }

    /// The email of `purpose` in `language` (or an added language the request prefers), inside
    /// the caller's transaction.
    func compose(
        _ purpose: EmailPurpose,
        app: App,
        language: Language,
        values: [String: String],
        at now: Date,
        in db: any SQLDatabase
    ) async throws -> Email {
        let rows = try await store.rows(appID: app.id, purpose: purpose, in: db)
        let tag = EmailLanguage.chosen(among: rows.map(\.language).filter { EmailLanguage.shipped($0) == nil }, default: language)
        let override = rows.first { $0.language == tag }
        let values = Self.values(values, app: app)
        let (email, problems) = render(purpose, override: override?.parts, language: language, values: values)
        if !problems.isEmpty {
            let reason = problems.joined(separator: "; ")
            logger.warning(
                "an email template could not be used; the default was sent",
                metadata: ["app": "\(app.id)", "purpose": "\(purpose.rawValue)", "language": "\(tag)", "error": "\(reason)"]
            )
            try await store.recordFallback(reason, appID: app.id, purpose: purpose, language: tag, at: now, in: db)
        }
        return email
    }

    /// `override`'s parts rendered where they render with what the message needs, else the
    /// defaults of `language`; with why each override part was not used.
    func render(
        _ purpose: EmailPurpose,
        override: EmailTemplateParts?,
        language: Language,
        values: [String: String]
    ) -> (email: Email, problems: [String]) {
        let defaults = shipped.parts(purpose, in: language)
        var problems: [String] = []
        func rendered(_ part: EmailTemplatePart) -> String {
            if let source = override.flatMap(part.source(in:)) {
                do {
                    let text = try part.render(source, values)
                    let missing = part == .subject ? [] : purpose.required.filter { name in values[name].map { !part.shows($0, in: text) } ?? false }
                    if missing.isEmpty && !text.isEmpty { return text }
                    problems.append("\(part.rawValue): " + (text.isEmpty ? "empty" : "missing \(missing.joined(separator: ", "))"))
                } catch {
                    problems.append("\(part.rawValue): \(error)")
                }
            }
            return (try? part.render(part.source(in: defaults) ?? "", values)) ?? ""
        }
        return (Email(subject: rendered(.subject), text: rendered(.text), html: rendered(.html)), problems)
    }
}
