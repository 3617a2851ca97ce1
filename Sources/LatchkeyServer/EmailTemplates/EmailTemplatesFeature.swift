import Foundation
import HTTPTypes
import Hummingbird
import LatchkeyWire
import SQLKit

/// Emails operators can edit: every email purpose ships a branded default in every shipped
/// language (``ShippedEmailTemplates``); operators override its subject, text and HTML per app
/// and language — a shipped one or any other they add — through
/// `/v1/operator/apps/{id}/email-templates/…`, `latchkey email-templates` and the console.
/// Overrides are checked on save and never stop a message (``EmailComposer``).
struct EmailTemplatesFeature: Feature {
    static let id = "emailTemplates"
    let admin: AdminService
    /// The console, whose sign-in, form checks and layout the template pages share.
    let console: ConsoleFeature

    init(backend: LatchkeyBackend) {
        admin = backend.admin
        console = ConsoleFeature(backend: backend)
    }

    static let errorCodes: [ErrorCode] = [.invalidTemplate]

    static let module: ModuleDeclaration? = ModuleDeclaration(title: "Email templates (operators)", access: .operator(.viewer))

    static let migrations = [
        Migration(
            1,
            [
                """
                CREATE TABLE email_templates (
                    app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                    purpose TEXT NOT NULL,
                    language TEXT NOT NULL,
                    subject TEXT,
                    text TEXT,
                    html TEXT,
                    updated_at BIGINT NOT NULL,
                    last_error TEXT,
                    fallback_at BIGINT,
                    PRIMARY KEY (app_id, purpose, language)
                )
                """
            ]
        )
    ]

    static let tables: [OwnedTable] = [.shared("email_templates", why: "each app's email templates, per purpose and language")]

    func routes(into table: inout RouteTable) {
        let one = "/v1/operator/apps/{id}/email-templates/{purpose}/{language}"
        table.json(.get, "/v1/operator/apps/{id}/email-templates", operation: "listEmailTemplatesAsOperator", access: .operator(.viewer)) {
            _,
            context in
            Listing(items: try await admin.emailTemplates(appID: try context.parameters.require("id"), by: try Self.actor(context)))
        }
        table.json(.get, one, operation: "getEmailTemplateAsOperator", access: .operator(.viewer)) { _, context in
            let (app, purpose, language) = try Self.key(context)
            return try await admin.emailTemplate(appID: app, purpose: purpose, language: language, by: try Self.actor(context))
        }
        table.json(.put, one, operation: "setEmailTemplateAsOperator", access: .operator(.admin), body: EmailTemplateRequest.self) {
            body,
            _,
            context in
            let (app, purpose, language) = try Self.key(context)
            return try await admin.setEmailTemplate(body.parts, appID: app, purpose: purpose, language: language, by: try Self.actor(context))
        }
        table.on(.delete, one, operation: "resetEmailTemplateAsOperator", access: .operator(.admin)) { _, context in
            let (app, purpose, language) = try Self.key(context)
            try await admin.resetEmailTemplate(appID: app, purpose: purpose, language: language, by: try Self.actor(context))
            return Response(status: .noContent)
        }
        table.json(
            .post,
            one + "/preview",
            operation: "previewEmailTemplateAsOperator",
            access: .operator(.viewer),
            body: EmailTemplateRequest.self
        ) { body, _, context in
            let (app, purpose, language) = try Self.key(context)
            return try await admin.previewEmailTemplate(body.parts, appID: app, purpose: purpose, language: language, by: try Self.actor(context))
        }
        consoleRoutes(into: &table)
    }

    private static func actor(_ context: LatchkeyRequestContext) throws -> AdminActor {
        AdminActor(try context.operator.operator, address: context.clientInfo.ipAddress)
    }

    static func key(_ context: LatchkeyRequestContext) throws -> (app: String, purpose: String, language: String) {
        (try context.parameters.require("id"), try context.parameters.require("purpose"), try context.parameters.require("language"))
    }
}
