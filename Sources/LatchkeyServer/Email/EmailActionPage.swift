import Foundation
import Hummingbird
import LatchkeyWire

/// The server's own landing page for email links, `GET /v1/auth/action?mode=…&token=…`, used
/// when an app sets no `emailActionURL`. Opening the link changes nothing — mail scanners that
/// fetch links must not use them up — the page asks for a click (or the new password), and that
/// `POST` does the work.
struct EmailActionPage {
    let requests: RequestReader
    let links: EmailLinks

    func routes(into table: inout RouteTable) {
        table.on(.get, "/v1/auth/action", operation: "emailActionPage", access: .anyone) { request, _ in
            let query = request.uri.queryParameters
            let language = Language(of: request)
            guard let mode = query["mode"].flatMap({ EmailAction.Mode(rawValue: String($0)) }), let token = query["token"] else {
                return EmailAction.page("link_incomplete", in: language, status: .badRequest)
            }
            return EmailAction.form(mode: mode, token: String(token), in: language)
        }

        table.on(.post, "/v1/auth/action", operation: "emailAction", access: .anyone) { request, _ in
            let language = Language(of: request)
            guard let form = try await requests.form(of: request, recognized: ["mode", "token", "password"]),
                let mode = form["mode"].flatMap(EmailAction.Mode.init(rawValue:)), let token = form["token"]
            else { return EmailAction.page("link_incomplete", in: language, status: .badRequest) }
            do {
                switch mode {
                case .verifyEmail, .changeEmail, .restoreEmail:
                    try await links.verify(token: token, language: language)
                    return EmailAction.page("email_confirmed", in: language)
                case .resetPassword:
                    try await links.confirmReset(token: token, password: form["password"] ?? "")
                    return EmailAction.page("password_changed", in: language)
                }
            } catch let error as APIError {
                let text = Messages.text(for: error.code, in: language)
                let reason = error.fields.first.map { Messages.fieldMessage(for: $0, in: language) } ?? text.detail ?? text.title
                return EmailAction.page(
                    title: EmailAction.text("failed.title", in: language), message: reason, language: language, status: error.status)
            }
        }
    }
}

/// The modes of an email link and the HTML of the action page.
enum EmailAction {
    /// What a link does, as its `mode` query parameter says (the names Firebase uses).
    enum Mode: String, Sendable {
        case verifyEmail
        case changeEmail
        case resetPassword
        case restoreEmail

        init(_ purpose: OneTimeCodeStore.Purpose) {
            switch purpose {
            case .changeEmail: self = .changeEmail
            case .resetPassword: self = .resetPassword
            case .restoreEmail: self = .restoreEmail
            // Parents' links have pages of their own (``ConsentPage``); they never come here.
            case .verifyEmail, .phoneSignIn, .signUpAttempt, .parentConsent, .parentManage: self = .verifyEmail
            }
        }
    }

    /// The page asking to confirm (or to choose the new password), its texts from the catalog's
    /// `page.verify_email.*` or `page.reset_password.*`.
    static func form(mode: Mode, token: String, in language: Language) -> Response {
        let page = mode == .resetPassword ? "reset_password" : "verify_email"
        let field =
            mode == .resetPassword
            ? #"<p><label>\#(escape(text("reset_password.label", in: language))) <input type="password" name="password" autocomplete="new-password" required minlength="8"></label></p>"#
            : ""
        let button = escape(text("\(page).button", in: language))
        let body = """
            <form method="post" action="/v1/auth/action">
            <input type="hidden" name="mode" value="\(escape(mode.rawValue))">
            <input type="hidden" name="token" value="\(escape(token))">
            \(field)<p><button type="submit">\(button)</button></p>
            </form>
            """
        return html(title: text("\(page).title", in: language), body: body, language: language, status: .ok)
    }

    /// The catalog's page `page.<name>.title` with its message `page.<name>.message`.
    static func page(_ name: String, in language: Language, status: HTTPResponse.Status = .ok) -> Response {
        page(title: text("\(name).title", in: language), message: text("\(name).message", in: language), language: language, status: status)
    }

    /// A page with a title and a message.
    static func page(title: String, message: String, language: Language, status: HTTPResponse.Status) -> Response {
        html(title: title, body: "<p>\(escape(message))</p>", language: language, status: status)
    }

    /// The catalog text `page.<id>`.
    static func text(_ id: String, in language: Language) -> String {
        StringCatalog.shipped.text("page.\(id)", in: language) ?? id
    }

    /// A complete page; `body` is HTML, `title` text.
    static func html(title: String, body: String, language: Language, status: HTTPResponse.Status) -> Response {
        let document = """
            <!doctype html>
            <html lang="\(language.rawValue)"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(title))</title></head>
            <body style="font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem">
            <h1>\(escape(title))</h1>
            \(body)
            </body></html>
            """
        var headers: HTTPFields = [.contentType: "text/html; charset=utf-8"]
        headers[.contentSecurityPolicy] = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: document)))
    }

    /// HTML-escapes text for element content and quoted attributes.
    static func escape(_ text: String) -> String {
        var escaped = ""
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
