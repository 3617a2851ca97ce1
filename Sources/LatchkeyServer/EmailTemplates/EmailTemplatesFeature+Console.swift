import Foundation
import HTTPTypes
import Hummingbird
import LatchkeyWire

/// The console's pages for an app's emails: the list, and an edit page whose preview is a
/// sandboxed frame the form posts to (on every edit, by the console's script; with the Preview
/// button without it). The preview is its own document with its own policy — inline styles, as
/// emails have, and nothing else: no script, no form, no framing but by the console.
extension EmailTemplatesFeature {
    /// The policy of a rendered preview.
    static let previewPolicy =
        "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; form-action 'none'; frame-ancestors 'self'; base-uri 'none'; sandbox"

    func consoleRoutes(into table: inout RouteTable) {
        let list = "/console/apps/{id}/email-templates"
        let one = list + "/{purpose}/{language}"
        table.on(.get, list, operation: "consoleEmailTemplates", access: .consolePage(.viewer)) { request, context in
            try await console.visit(request, context) { visit in
                let app = try await admin.app(try context.parameters.require("id"), by: visit.actor)
                let templates = try await admin.emailTemplates(appID: app.id, by: visit.actor)
                let rows: [[String: Any]] = templates.map { template in
                    [
                        "purpose": template.purpose, "language": template.language, "overridden": template.overridden,
                        "parts": template.parts.joined(separator: ", "), "lastError": template.lastError ?? "",
                        "hasError": template.lastError != nil, "appID": app.id,
                    ]
                }
                return try console.render(
                    "console/email-templates",
                    "console.email_templates.title",
                    visit,
                    values: ["app": ["id": app.id, "name": app.name], "templates": rows]
                )
            }
        }
        table.on(.get, one, operation: "consoleEmailTemplate", access: .consolePage(.viewer)) { request, context in
            try await console.visit(request, context) { visit in
                let (app, purpose, language) = try Self.key(context)
                let template = try await admin.emailTemplate(appID: app, purpose: purpose, language: language, by: visit.actor)
                return try editPage(visit, appID: app, template: template, shown: template.effective, errors: [])
            }
        }
        table.on(.post, one, operation: "consoleSaveEmailTemplate", access: .consolePage(.admin), form: ["subject", "text", "html", "action"]) {
            request,
            context in
            try await console.visit(request, context) { visit in
                let (app, purpose, language) = try Self.key(context)
                let back = "/console/apps/\(app)/email-templates/\(purpose)/\(language)"
                let current = try await admin.emailTemplate(appID: app, purpose: purpose, language: language, by: visit.actor)
                let submitted = Self.parts(of: visit.form)
                let changed = Self.changes(submitted, from: current.defaults)
                if visit.form["action"] == "reset" || EmailTemplatePart.set(in: changed).isEmpty {
                    if current.overridden { try await admin.resetEmailTemplate(appID: app, purpose: purpose, language: language, by: visit.actor) }
                    return ConsoleFeature.redirect(back)
                }
                do {
                    let saved = try await admin.setEmailTemplate(changed, appID: app, purpose: purpose, language: language, by: visit.actor)
                    return ConsoleFeature.redirect("/console/apps/\(app)/email-templates/\(saved.purpose)/\(saved.language)")
                } catch let error as APIError where error.status == .unprocessableContent {
                    let errors = error.fields.map { field in
                        PageError(field: "template-\(field.field)", message: Self.message(for: field, in: visit.language))
                    }
                    return try editPage(visit, appID: app, template: current, shown: submitted, errors: errors)
                }
            }
        }
        table.on(.post, one + "/preview", operation: "consolePreviewEmailTemplate", access: .consolePage(.viewer), form: ["subject", "text", "html"])
        {
            request,
            context in
            try await console.visit(request, context) { visit in
                let (app, purpose, language) = try Self.key(context)
                let html: String
                do {
                    html =
                        try await admin.previewEmailTemplate(
                            Self.parts(of: visit.form),
                            appID: app,
                            purpose: purpose,
                            language: language,
                            by: visit.actor
                        )
                        .html ?? ""
                } catch let error as APIError where error.status == .unprocessableContent {
                    let lines = error.fields.map { "\($0.field): " + Self.message(for: $0, in: visit.language) }
                    html =
                        "<!DOCTYPE html><html lang=\"\(visit.language.rawValue)\"><title>-</title><pre>"
                        + EmailHTMLContentType.escape(lines.joined(separator: "\n")) + "</pre></html>"
                }
                var headers: HTTPFields = [.contentType: "text/html; charset=utf-8", .contentSecurityPolicy: Self.previewPolicy]
                headers[.xFrameOptions] = "SAMEORIGIN"
                return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html)))
            }
        }
    }

    private func editPage(
        _ visit: ConsoleFeature.Visit,
        appID: String,
        template: EmailTemplate,
        shown: EmailTemplateParts,
        errors: [PageError]
    ) throws
        -> Response
    {
        let path = "/console/apps/\(appID)/email-templates/\(template.purpose)/\(template.language)"
        var page = try console.render(
            "console/email-template",
            "console.email_template.title",
            visit,
            values: [
                "appID": appID, "purpose": template.purpose, "language": template.language, "path": path,
                "overridden": template.overridden, "lastError": template.lastError ?? "", "hasError": template.lastError != nil,
                "subject": shown.subject ?? "", "text": shown.text ?? "", "html": shown.html ?? "",
                "variables": template.variables.joined(separator: ", "), "required": template.required.joined(separator: ", "),
            ],
            errors: errors
        )
        page.headers[.contentSecurityPolicy] = (page.headers[.contentSecurityPolicy] ?? "") + "; frame-src 'self'"
        return page
    }

    /// The parts of a posted form; a browser sends a textarea's lines with CRLF.
    private static func parts(of form: [String: String]) -> EmailTemplateParts {
        let value = { (name: String) in form[name].map { $0.replacingOccurrences(of: "\r\n", with: "\n") } }
        return EmailTemplateRequest(subject: value("subject"), text: value("text"), html: value("html")).parts
    }

    /// The parts of `submitted` that differ from the defaults: the form shows what is sent, so an
    /// untouched part stays the default's (and follows it when the server's default changes).
    private static func changes(_ submitted: EmailTemplateParts, from defaults: EmailTemplateParts) -> EmailTemplateParts {
        let changed = { (part: EmailTemplatePart) in part.source(in: submitted).flatMap { $0 == part.source(in: defaults) ? nil : $0 } }
        return EmailTemplateParts(subject: changed(.subject), text: changed(.text), html: changed(.html))
    }

    private static func message(for field: FieldError, in language: Language) -> String {
        Messages.fieldMessage(for: field, in: language) + (field.reason.map { ": \($0)" } ?? "")
    }
}
