import Foundation
import Hummingbird
import LatchkeyWire

/// The parent's pages, `GET /v1/consent?token=…` and its forms' `POST /v1/consent`: server-rendered
/// from `templates/kids/`, localized, without script. Opening a link changes nothing — mail
/// scanners fetch links — it shows the child, the consent's state, for a manage link the child's
/// whole export, and a button per action the link may carry out; the button's `POST`, with the
/// page's form token, uses the link up. A page of a live link wears the app's brand (its name,
/// logo and colours, as the hosted login does); the others, whose link names no app, the hosted
/// pages' own look.
struct ConsentPage {
    let consent: ParentConsent
    let pages: PageRenderer
    let csrf: CSRFProtection

    func routes(into table: inout RouteTable) {
        table.on(.get, "/v1/consent", operation: "consentPage", access: .anyone) { request, context in
            let language = context.language
            guard let token = request.uri.queryParameters["token"].map(String.init) else {
                return try render(.message("link_incomplete", in: language, status: .badRequest))
            }
            let form = csrf.issue(for: request)
            guard let link = try await consent.link(token: token) else {
                return try render(try await expired(token: token, csrf: form, in: language))
            }
            return try render(try await page(for: link, token: token, csrf: form, in: language))
        }

        table.on(.post, "/v1/consent", operation: "consentAction", access: .anyone, form: ["token", "action"]) { request, context in
            let language = context.language
            guard let token = context.form["token"], let name = context.form["action"]
            else { return try render(.message("link_incomplete", in: language, status: .badRequest)) }
            return try render(try await carryOut(name, token: token, csrf: csrf.issue(for: request), in: language))
        }
    }

    /// Renders `page` in the app's brand it was given, else in the hosted pages' own look.
    private func render(_ page: Page) throws -> Response {
        var page = page
        if page.values["brandStylesheet"] == nil { page.unbranded() }
        return try pages.render(page)
    }

    /// The form action that emails the parent a fresh manage link for a spent one.
    private static let newLink = "newLink"

    /// Carries out the action named `name` with the link `token`: the page saying it is done
    /// (with the button for a fresh link, unless the account is gone), or why it was not.
    private func carryOut(_ name: String, token: String, csrf: CSRFToken, in language: Language) async throws -> Page {
        if name == Self.newLink { return try await renew(token: token, csrf: csrf, in: language) }
        guard let action = ParentAction(rawValue: name) else { return .message("link_incomplete", in: language, status: .badRequest) }
        guard let link = try await consent.link(token: token), try await consent.perform(action, on: link, token: token) else {
            return try await expired(token: token, csrf: csrf, in: language)
        }
        var page = Self.message(
            title: "consent.done.\(action.rawValue).title",
            text: Self.text("done.\(action.rawValue).message", link, in: language),
            renewing: action == .delete ? nil : token,
            csrf: csrf,
            in: language
        )
        page.brand(link.app)
        return page
    }

    /// Sends a fresh manage link for a spent one; the limits' `429` is a page too.
    private func renew(token: String, csrf: CSRFToken, in language: Language) async throws -> Page {
        do {
            guard try await consent.renew(token: token, language: language) else { return try await expired(token: nil, csrf: csrf, in: language) }
        } catch let error as APIError {
            let text = Messages.text(for: error.code, in: language)
            return .message(title: "failed.title", text: text.detail ?? text.title, in: language, status: error.status)
        }
        return .message("consent.renewed", in: language)
    }

    /// The page of a live link: who and what, and a form per action.
    private func page(for link: ParentConsent.Link, token: String, csrf: CSRFToken, in language: Language) async throws -> Page {
        var values: [String: Any] = [
            "token": token,
            "request": Self.text("request.\(link.status.rawValue)", link, in: language),
            "state": Self.text("status.\(link.status.rawValue)", link, in: language),
            // The actions that end or refuse the consent are the secondary buttons.
            "actions": link.actions.map { action -> [String: Any] in
                ["action": action.rawValue, "label": Self.text("button.\(action.rawValue)", link, in: language), "secondary": action != .grant]
            },
            "hasExport": link.purpose == .parentManage,
        ]
        if link.purpose == .parentManage {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            encoder.dateEncodingStrategy = .iso8601
            values["export"] = String(decoding: try encoder.encode(try await consent.export(of: link)), as: UTF8.self)
            values["review"] = Self.text("review", link, in: language)
        }
        var page = Page("kids/consent", title: "consent.title", language: language, values: values)
        page.csrf = csrf
        page.brand(link.app)
        return page
    }

    /// The page of a link that is unknown, used up or expired; a spent link still on record gets
    /// the button for a fresh one.
    private func expired(token: String?, csrf: CSRFToken, in language: Language) async throws -> Page {
        var renewable: String?
        if let token, try await consent.isRenewable(token: token) { renewable = token }
        var page = Self.message(
            title: "consent.expired.title",
            text: PageRenderer.shipped.text("consent.expired.message", in: language),
            renewing: renewable,
            csrf: csrf,
            in: language
        )
        page.status = .badRequest
        return page
    }

    /// A page telling `text`, with the button that emails a fresh manage link in place of
    /// `renewing` when there is one (`templates/kids/message`).
    private static func message(title: String, text: String, renewing token: String?, csrf: CSRFToken, in language: Language) -> Page {
        var page = Page("kids/message", title: title, language: language, values: ["message": text, "renewable": token != nil])
        if let token {
            page.values["token"] = token
            page.csrf = csrf
        }
        return page
    }

    /// The catalog text `page.consent.<id>` with the child's name and the app's filled in.
    private static func text(_ id: String, _ link: ParentConsent.Link, in language: Language) -> String {
        PageRenderer.shipped.text("consent.\(id)", in: language)
            .replacingOccurrences(of: "{child}", with: link.child.username ?? link.child.email ?? "")
            .replacingOccurrences(of: "{app}", with: link.app.name)
    }
}
