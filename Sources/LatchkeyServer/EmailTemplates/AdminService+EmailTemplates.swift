public import Foundation
import HTTPTypes
public import LatchkeyWire

/// Operators' templates, for the admin API, the console and `latchkey email-templates`.
extension AdminService {
    private var templateStore: EmailTemplateStore { EmailTemplateStore(driver: driver) }

    /// Every email of the app: each purpose in each shipped language, and the languages
    /// operators added, overridden or not.
    public func emailTemplates(appID: String, by actor: AdminActor) async throws -> [EmailTemplateSummary] {
        try actor.require(.viewer)
        let app = try await existingApp(appID)
        let rows = try await templateStore.rows(appID: app.id)
        let stored = Dictionary(rows.map { ("\($0.purpose)/\($0.language)", $0) }) { first, _ in first }
        let languages = Language.allCases.map(\.rawValue) + Set(rows.map(\.language)).subtracting(Language.allCases.map(\.rawValue)).sorted()
        return EmailPurpose.allCases.flatMap { purpose in
            languages.map { language in
                guard let row = stored["\(purpose.rawValue)/\(language)"] else {
                    return EmailTemplateSummary(purpose: purpose.rawValue, language: language, overridden: false)
                }
                return EmailTemplateSummary(
                    purpose: purpose.rawValue,
                    language: language,
                    overridden: true,
                    parts: EmailTemplatePart.set(in: row.parts).map(\.part.rawValue),
                    updatedAt: row.updatedAt,
                    lastError: row.lastError,
                    fallbackAt: row.fallbackAt
                )
            }
        }
    }

    /// One email of the app: its override, its default and what its templates may use.
    public func emailTemplate(appID: String, purpose: String, language: String, by actor: AdminActor) async throws -> EmailTemplate {
        try actor.require(.viewer)
        let (app, purpose, language) = try await templateKey(appID: appID, purpose: purpose, language: language)
        return try await describe(app: app, purpose: purpose, language: language)
    }

    /// Saves an override after checking it (`422 invalid_template` naming the part and why);
    /// empty parts are the default's. Needs the admin role; audited.
    public func setEmailTemplate(
        _ parts: EmailTemplateParts,
        appID: String,
        purpose: String,
        language: String,
        by actor: AdminActor
    ) async throws -> EmailTemplate {
        try actor.require(.admin)
        let (app, purpose, language) = try await templateKey(appID: appID, purpose: purpose, language: language)
        let problems = EmailTemplateValidator(purpose: purpose, appName: app.name).problems(parts)
        guard problems.isEmpty else { throw APIError.validation(problems) }
        guard !EmailTemplatePart.set(in: parts).isEmpty else {
            throw APIError.validation([FieldError(field: "text", code: .invalidTemplate, reason: "empty")])
        }
        try await templateStore.save(parts, appID: app.id, purpose: purpose, language: language, at: time.now())
        try await audit.record("email_template.set", target: "\(app.id) \(purpose.rawValue) \(language)", by: actor)
        return try await describe(app: app, purpose: purpose, language: language)
    }

    /// Removes an override: the default is sent again. Needs the admin role; audited; `404`
    /// when there is none.
    public func resetEmailTemplate(appID: String, purpose: String, language: String, by actor: AdminActor) async throws {
        try actor.require(.admin)
        let (app, purpose, language) = try await templateKey(appID: appID, purpose: purpose, language: language)
        guard try await templateStore.delete(appID: app.id, purpose: purpose, language: language) else { throw APIError(.notFound, .notFound) }
        try await audit.record("email_template.reset", target: "\(app.id) \(purpose.rawValue) \(language)", by: actor)
    }

    /// The email as it would be sent, from sample values and the app's brand: the given parts
    /// (checked as a save checks them), the others as stored or shipped.
    public func previewEmailTemplate(
        _ parts: EmailTemplateParts,
        appID: String,
        purpose: String,
        language: String,
        by actor: AdminActor
    ) async throws -> EmailTemplateParts {
        AuditTrail.nothingChanged()
        try actor.require(.viewer)
        let (app, purpose, language) = try await templateKey(appID: appID, purpose: purpose, language: language)
        let problems = EmailTemplateValidator(purpose: purpose, appName: app.name).problems(parts)
        guard problems.isEmpty else { throw APIError.validation(problems) }
        let effective = try await describe(app: app, purpose: purpose, language: language).effective
        let values = EmailComposer.values(purpose.sampleValues(appName: app.name), app: app)
        func rendered(_ part: EmailTemplatePart) throws -> String {
            try part.render(part.source(in: parts) ?? part.source(in: effective) ?? "", values)
        }
        return EmailTemplateParts(subject: try rendered(.subject), text: try rendered(.text), html: try rendered(.html))
    }

    private func describe(app: App, purpose: EmailPurpose, language: String) async throws -> EmailTemplate {
        let row = try await templateStore.rows(appID: app.id).first { $0.purpose == purpose.rawValue && $0.language == language }
        return EmailTemplate(
            purpose: purpose.rawValue,
            language: language,
            overridden: row != nil,
            override: row?.parts,
            defaults: ShippedEmailTemplates.shipped.parts(purpose, in: EmailLanguage.shipped(language) ?? .english),
            variables: purpose.variables,
            required: purpose.required,
            updatedAt: row?.updatedAt,
            lastError: row?.lastError,
            fallbackAt: row?.fallbackAt
        )
    }

    /// The app, purpose and canonical language a request names: `404` for an unknown app or
    /// purpose, `422 invalid_field` on `language` for a tag that is not BCP 47.
    private func templateKey(appID: String, purpose: String, language: String) async throws -> (App, EmailPurpose, String) {
        let app = try await existingApp(appID)
        guard let purpose = EmailPurpose(rawValue: purpose) else { throw APIError(.notFound, .notFound) }
        guard let language = EmailLanguage.canonical(language) else {
            throw APIError.validation([FieldError(field: "language", code: .invalidField, reason: "not a BCP 47 language tag")])
        }
        return (app, purpose, language)
    }
}
