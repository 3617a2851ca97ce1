import Foundation
import Hummingbird
import LatchkeyWire

/// The server's own landing page for email links, `GET /v1/auth/action?mode=…&token=…`, used
/// when an app sets no `emailActionURL`. Opening the link changes nothing — mail scanners that
/// fetch links must not use them up — the page asks for a click (or the new password), and that
/// `POST`, carrying the page's form token, does the work. A refused new password shows the form
/// again with the reason in its error summary.
struct EmailActionPage {
    let requests: RequestReader
    let links: EmailLinks
    let emailSignIn: EmailSignIn
    let browser: BrowserSessionStore
    let time: any TimeSource
    let pages: PageRenderer
    let csrf: CSRFProtection

    func routes(into table: inout RouteTable) {
        table.on(.get, "/v1/auth/action", operation: "emailActionPage", access: .anyone) { request, _ in
            let language = Language(of: request)
            guard let mode = request.uri.queryParameters["mode"].flatMap({ EmailAction.Mode(rawValue: String($0)) }),
                let token = request.uri.queryParameters["token"]
            else { return try pages.render(.message("link_incomplete", in: language, status: .badRequest)) }
            return try pages.render(EmailAction.form(mode: mode, token: String(token), csrf: csrf.issue(for: request), in: language))
        }

        table.on(.post, "/v1/auth/action", operation: "emailAction", access: .anyone) { request, context in
            let language = Language(of: request)
            guard let form = try await requests.form(of: request, recognized: ["mode", "token", "password", CSRFProtection.fieldName]),
                let mode = form["mode"].flatMap(EmailAction.Mode.init(rawValue:)), let token = form["token"]
            else { return try pages.render(.message("link_incomplete", in: language, status: .badRequest)) }
            guard csrf.verify(request, form: form) else { return try pages.render(.refusedForm(in: language)) }
            let client = requests.client(of: request, context: context)
            return try pages.render(
                try await carryOut(mode, token: token, password: form["password"], request: request, client: client, in: language))
        }
    }

    /// Uses the link: the page saying it is done, the form again for a refused password, or the
    /// page saying why it did not work. A sign-in link signs the browser in to the hosted login
    /// of the link's app, so the app's web sign-in finds the user signed in.
    private func carryOut(
        _ mode: EmailAction.Mode, token: String, password: String?, request: Request, client: ClientInfo, in language: Language
    ) async throws -> Page {
        do {
            switch mode {
            case .verifyEmail, .changeEmail, .restoreEmail:
                try await links.verify(token: token, language: language)
                return .message("email_confirmed", in: language)
            case .resetPassword:
                try await links.confirmReset(token: token, password: password ?? "")
                return .message("password_changed", in: language)
            case .signIn:
                let (answer, app, _) = try await emailSignIn.signIn(linkToken: token, app: nil, client: client, language: language)
                var page = Page.message("email_signed_in", in: language)
                if case let (_, cookie)? = try await browser.adopt(answer, app: app, replacing: request, at: time.now()) {
                    page.headers[.setCookie] = cookie.description
                }
                return page
            }
        } catch let error as APIError {
            let messages = error.fields.map { Messages.fieldMessage(for: $0, in: language) }
            if mode == .resetPassword, error.status == .unprocessableContent, let reason = messages.first {
                var page = EmailAction.form(mode: mode, token: token, csrf: csrf.issue(for: request), in: language)
                page.values["passwordError"] = reason
                page.errors = messages.map { PageError(field: "password", message: $0) }
                page.status = error.status
                return page
            }
            let text = Messages.text(for: error.code, in: language)
            return .message(title: "failed.title", text: messages.first ?? text.detail ?? text.title, in: language, status: error.status)
        }
    }
}

/// The modes of an email link and the page that acts on one.
enum EmailAction {
    /// What a link does, as its `mode` query parameter says (the names Firebase uses).
    enum Mode: String, Sendable {
        case verifyEmail
        case changeEmail
        case resetPassword
        case restoreEmail
        /// Signs in by email link (``EmailSignIn``).
        case signIn

        init(_ purpose: OneTimeCodeStore.Purpose) {
            switch purpose {
            case .changeEmail: self = .changeEmail
            case .resetPassword: self = .resetPassword
            case .restoreEmail: self = .restoreEmail
            case .emailSignIn: self = .signIn
            // Parents' links have pages of their own (``ConsentPage``); they never come here.
            case .verifyEmail, .phoneSignIn, .linkPhone, .signUpAttempt, .parentConsent, .parentManage: self = .verifyEmail
            }
        }
    }

    /// The page asking to confirm, or to choose the new password (`templates/email/action`).
    static func form(mode: Mode, token: String, csrf: CSRFToken, in language: Language) -> Page {
        let title = switch mode {
        case .resetPassword: "reset_password.title"
        case .signIn: "email_sign_in.title"
        case .verifyEmail, .changeEmail, .restoreEmail: "verify_email.title"
        }
        var page = Page(
            "email/action", title: title, language: language,
            values: ["mode": mode.rawValue, "token": token, "asksPassword": mode == .resetPassword, "signsIn": mode == .signIn])
        page.csrf = csrf
        return page
    }
}
