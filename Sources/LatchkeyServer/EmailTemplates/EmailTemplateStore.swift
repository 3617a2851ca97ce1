import Foundation
import LatchkeyWire
import SQLKit

/// The templates operators saved, per app, purpose and language, with the last time one could
/// not be used (so operators see that the default went instead).
struct EmailTemplateStore: Sendable {
    /// One saved override.
    struct Row: Sendable {
        var purpose: String
        var language: String
        var parts: EmailTemplateParts
        var updatedAt: Date
        var lastError: String?
        var fallbackAt: Date?
    }

    let driver: any StoreDriver

    /// Every override of the app.
    func rows(appID: String) async throws -> [Row] {
        try await driver.read { db in try await rows(appID: appID, where: "", in: db) }
    }

    /// The app's overrides of `purpose`, every language, inside the caller's transaction.
    func rows(appID: String, purpose: EmailPurpose, in db: any SQLDatabase) async throws -> [Row] {
        try await rows(appID: appID, where: " AND purpose = \(bind: purpose.rawValue)", in: db)
    }

    /// Stores (or replaces) an override; a new save clears the last fallback.
    func save(_ parts: EmailTemplateParts, appID: String, purpose: EmailPurpose, language: String, at now: Date) async throws {
        try await driver.write { db in
            try await db.raw(
                """
                INSERT INTO email_templates (app_id, purpose, language, subject, text, html, updated_at, last_error, fallback_at)
                VALUES (\(bind: appID), \(bind: purpose.rawValue), \(bind: language), \(bind: parts.subject), \(bind: parts.text),
                        \(bind: parts.html), \(bind: now.epochSeconds), NULL, NULL)
                ON CONFLICT (app_id, purpose, language) DO UPDATE SET subject = excluded.subject, text = excluded.text,
                    html = excluded.html, updated_at = excluded.updated_at, last_error = NULL, fallback_at = NULL
                """
            ).run()
        }
    }

    /// Removes an override; whether there was one.
    func delete(appID: String, purpose: EmailPurpose, language: String) async throws -> Bool {
        try await driver.write { db in
            try await db.raw(
                """
                DELETE FROM email_templates WHERE app_id = \(bind: appID) AND purpose = \(bind: purpose.rawValue)
                    AND language = \(bind: language) RETURNING app_id
                """
            ).first() != nil
        }
    }

    /// Notes that the default was sent instead of an override, and why.
    func recordFallback(_ error: String, appID: String, purpose: EmailPurpose, language: String, at now: Date, in db: any SQLDatabase) async throws {
        try await db.raw(
            """
            UPDATE email_templates SET last_error = \(bind: String(error.prefix(500))), fallback_at = \(bind: now.epochSeconds)
            WHERE app_id = \(bind: appID) AND purpose = \(bind: purpose.rawValue) AND language = \(bind: language)
            """
        ).run()
    }

    private func rows(appID: String, where condition: SQLQueryString, in db: any SQLDatabase) async throws -> [Row] {
        try await db.raw(
            """
            SELECT purpose, language, subject, text, html, updated_at, last_error, fallback_at FROM email_templates
            WHERE app_id = \(bind: appID)\(condition) ORDER BY purpose, language
            """
        ).all().map { row in
            Row(
                purpose: try row.decode(column: "purpose", as: String.self),
                language: try row.decode(column: "language", as: String.self),
                parts: EmailTemplateParts(
                    subject: try row.decode(column: "subject", as: String?.self),
                    text: try row.decode(column: "text", as: String?.self),
                    html: try row.decode(column: "html", as: String?.self)
                ),
                updatedAt: Date(epochSeconds: try row.decode(column: "updated_at", as: Int64.self)),
                lastError: try row.decode(column: "last_error", as: String?.self),
                fallbackAt: try row.decode(column: "fallback_at", as: Int64?.self).map(Date.init(epochSeconds:))
            )
        }
    }
}
