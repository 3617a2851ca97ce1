import Foundation
import Hummingbird
import LatchkeyWire

/// The parent's pages, `GET /v1/consent?token=…` and its form's `POST /v1/consent`: server-rendered,
/// localized, without script (the email-action page's CSP). Opening a link changes nothing — mail
/// scanners fetch links — it shows the child, the consent's state, for a manage link the child's
/// whole export, and a button per action the link may carry out; the button's `POST` uses the link up.
struct ConsentPage {
    let requests: RequestReader
    let consent: ParentConsent

    func routes(into table: inout RouteTable) {
        table.on(.get, "/v1/consent", operation: "consentPage", access: .anyone) { request, _ in
            let language = Language(of: request)
            guard let token = request.uri.queryParameters["token"].map(String.init) else {
                return EmailAction.page("link_incomplete", in: language, status: .badRequest)
            }
            guard let link = try await consent.link(token: token) else { return try await expired(token: token, in: language) }
            return try await page(for: link, token: token, in: language)
        }

        table.on(.post, "/v1/consent", operation: "consentAction", access: .anyone) { request, _ in
            let language = Language(of: request)
            guard let form = try await requests.form(of: request, recognized: ["token", "action"]), let token = form["token"],
                let name = form["action"]
            else { return EmailAction.page("link_incomplete", in: language, status: .badRequest) }
            if name == Self.newLink { return try await renew(token: token, in: language) }
            guard let action = ParentAction(rawValue: name) else { return EmailAction.page("link_incomplete", in: language, status: .badRequest) }
            guard let link = try await consent.link(token: token), try await consent.perform(action, on: link, token: token) else {
                return try await expired(token: token, in: language)
            }
            var body = "<p>\(EmailAction.escape(Self.text("done.\(action.rawValue).message", link, in: language)))</p>\n"
            if action != .delete { body += Self.newLinkForm(token: token, in: language) }
            return EmailAction.html(
                title: Self.text("done.\(action.rawValue).title", link, in: language), body: body, language: language, status: .ok)
        }
    }

    /// The form action that emails the parent a fresh manage link for a spent one.
    private static let newLink = "newLink"

    /// Sends a fresh manage link for a spent one; the limits' `429` is a page too.
    private func renew(token: String, in language: Language) async throws -> Response {
        do {
            guard try await consent.renew(token: token, language: language) else { return try await expired(token: nil, in: language) }
        } catch let error as APIError {
            let text = Messages.text(for: error.code, in: language)
            return EmailAction.page(
                title: EmailAction.text("failed.title", in: language), message: text.detail ?? text.title, language: language,
                status: error.status)
        }
        return EmailAction.page("consent.renewed", in: language)
    }

    /// A button that emails the parent a fresh manage link in place of `token`.
    private static func newLinkForm(token: String, in language: Language) -> String {
        """
        <form method="post" action="/v1/consent">
        <input type="hidden" name="token" value="\(EmailAction.escape(token))">
        <input type="hidden" name="action" value="\(newLink)">
        <p>\(EmailAction.escape(EmailAction.text("consent.later", in: language)))</p>
        <p><button type="submit">\(EmailAction.escape(EmailAction.text("consent.button.newLink", in: language)))</button></p>
        </form>

        """
    }

    /// The page of a live link: who and what, and a form per action.
    private func page(for link: ParentConsent.Link, token: String, in language: Language) async throws -> Response {
        var body = "<p>\(EmailAction.escape(Self.text("request", link, in: language)))</p>\n"
        body += "<p><strong>\(EmailAction.escape(Self.text("status.\(link.status.rawValue)", link, in: language)))</strong></p>\n"
        for action in link.actions {
            body += """
                <form method="post" action="/v1/consent">
                <input type="hidden" name="token" value="\(EmailAction.escape(token))">
                <input type="hidden" name="action" value="\(action.rawValue)">
                <p><button type="submit">\(EmailAction.escape(Self.text("button.\(action.rawValue)", link, in: language)))</button></p>
                </form>

                """
        }
        if link.purpose == .parentManage {
            let export = try await consent.export(of: link)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            encoder.dateEncodingStrategy = .iso8601
            let json = String(decoding: try encoder.encode(export), as: UTF8.self)
            body += "<h2>\(EmailAction.escape(Self.text("review", link, in: language)))</h2>\n"
            body += "<pre style=\"white-space: pre-wrap\">\(EmailAction.escape(json))</pre>\n"
        }
        return EmailAction.html(title: Self.text("title", link, in: language), body: body, language: language, status: .ok)
    }

    /// The page of a link that is unknown, used up or expired; a spent link still on record gets
    /// the button for a fresh one.
    private func expired(token: String?, in language: Language) async throws -> Response {
        var body = "<p>\(EmailAction.escape(EmailAction.text("consent.expired.message", in: language)))</p>\n"
        if let token, try await consent.isRenewable(token: token) { body += Self.newLinkForm(token: token, in: language) }
        return EmailAction.html(title: EmailAction.text("consent.expired.title", in: language), body: body, language: language, status: .badRequest)
    }

    /// The catalog text `page.consent.<id>` with the child's name and the app's filled in.
    private static func text(_ id: String, _ link: ParentConsent.Link, in language: Language) -> String {
        EmailAction.text("consent.\(id)", in: language)
            .replacingOccurrences(of: "{child}", with: link.child.username ?? link.child.email ?? "")
            .replacingOccurrences(of: "{app}", with: link.app.name)
    }
}
