import Foundation
import Hummingbird
import LatchkeyWire

/// The server's own landing page for email links, `GET /v1/auth/action?mode=…&token=…`, used
/// when an app sets no `emailActionURL`. Opening the link changes nothing — mail scanners that
/// fetch links must not use them up — the page asks for a click (or the new password), and that
/// `POST` does the work.
struct EmailActionPage {
    let backend: LatchkeyBackend
    let links: EmailLinks

    func routes(into table: inout RouteTable) {
        table.on(.get, "/v1/auth/action", operation: "emailActionPage", access: .anyone) { request, _ in
            let query = request.uri.queryParameters
            guard let mode = query["mode"].flatMap({ EmailAction.Mode(rawValue: String($0)) }), let token = query["token"] else {
                return EmailAction.page(title: "Link not valid", message: "This link is incomplete.", status: .badRequest)
            }
            return EmailAction.form(mode: mode, token: String(token))
        }

        table.on(.post, "/v1/auth/action", operation: "emailAction", access: .anyone) { request, _ in
            let limit = backend.configuration.maximumBodyBytes
            guard let form = try await RequestBody.form(from: request, limit: limit, recognized: ["mode", "token", "password"]),
                let mode = form["mode"].flatMap(EmailAction.Mode.init(rawValue:)), let token = form["token"]
            else { return EmailAction.page(title: "Link not valid", message: "This link is incomplete.", status: .badRequest) }
            do {
                switch mode {
                case .verifyEmail, .changeEmail:
                    try await links.verify(token: token)
                    return EmailAction.page(title: "Email confirmed", message: "Your email address is confirmed. You can close this page.")
                case .resetPassword:
                    try await links.confirmReset(token: token, password: form["password"] ?? "")
                    return EmailAction.page(
                        title: "Password changed", message: "Your new password is set and you were signed out everywhere. Sign in again in the app.")
                }
            } catch let error as APIError {
                let language = Language(of: request)
                let text = Messages.text(for: error.code, in: language)
                let reason = error.fields.first.map { Messages.fieldMessage(for: $0, in: language) } ?? text.detail ?? text.title
                return EmailAction.page(title: "That did not work", message: reason, status: error.status)
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

        init(_ purpose: OneTimeCodeStore.Purpose) {
            switch purpose {
            case .changeEmail: self = .changeEmail
            case .resetPassword: self = .resetPassword
            case .verifyEmail, .phoneSignIn: self = .verifyEmail
            }
        }
    }

    /// The page asking to confirm (or to choose the new password).
    static func form(mode: Mode, token: String) -> Response {
        let field =
            mode == .resetPassword
            ? #"<p><label>New password <input type="password" name="password" autocomplete="new-password" required minlength="8"></label></p>"#
            : ""
        let title = mode == .resetPassword ? "Choose a new password" : "Confirm your email address"
        let button = mode == .resetPassword ? "Set password" : "Confirm"
        let body = """
            <form method="post" action="/v1/auth/action">
            <input type="hidden" name="mode" value="\(escape(mode.rawValue))">
            <input type="hidden" name="token" value="\(escape(token))">
            \(field)<p><button type="submit">\(button)</button></p>
            </form>
            """
        return html(title: title, body: body, status: .ok)
    }

    /// A page with a title and a message.
    static func page(title: String, message: String, status: HTTPResponse.Status = .ok) -> Response {
        html(title: title, body: "<p>\(escape(message))</p>", status: status)
    }

    private static func html(title: String, body: String, status: HTTPResponse.Status) -> Response {
        let document = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
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
