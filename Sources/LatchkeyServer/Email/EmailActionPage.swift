import Foundation
import Hummingbird
import LatchkeyWire

/// The server's own landing page for email links, `GET /v1/auth/action?mode=…&token=…`, used
/// when an app sets no `emailActionURL`. Opening the link changes nothing — mail scanners that
/// fetch links must not use them up — the page asks for a click (or the new password), and that
/// `POST`, carrying the page's form token, does the work. A refused new password shows the form
/// again with the reason in its error summary. A sign-in link of a user with a second factor asks
/// for its code (`POST /v1/auth/action/mfa`) — enrolling an authenticator first where the app
/// requires one the user lacks — as the hosted login does. Each page wears the brand of the
/// link's app, and a confirmed address offers to continue the app's sign-in the browser was in
/// (``PendingAuthorization``).
struct EmailActionPage {
    let requests: RequestReader
    let links: EmailLinks
    let emailSignIn: EmailSignIn
    let mfa: MFASignIn
    let factors: SecondFactorService
    let browser: BrowserSessionStore
    let apps: AppDirectory
    let time: any TimeSource
    let pages: PageRenderer
    let csrf: CSRFProtection

    func routes(into table: inout RouteTable) {
        table.on(.get, "/v1/auth/action", operation: "emailActionPage", access: .anyone) { request, context in
            let language = context.language
            guard let mode = request.uri.queryParameters["mode"].flatMap({ EmailAction.Mode(rawValue: String($0)) }),
                let token = request.uri.queryParameters["token"]
            else { return try pages.render(.message("link_incomplete", in: language, status: .badRequest)) }
            var page = EmailAction.form(mode: mode, token: String(token), csrf: csrf.issue(for: request), in: language)
            if let app = try await links.app(ofLink: String(token)) { page.brand(app) }
            return try pages.render(page)
        }

        table.on(.post, "/v1/auth/action", operation: "emailAction", access: .browser, form: ["mode", "token", "password"]) { request, context in
            let language = context.language
            guard let mode = context.form["mode"].flatMap(EmailAction.Mode.init(rawValue:)), let token = context.form["token"]
            else { return try pages.render(.message("link_incomplete", in: language, status: .badRequest)) }
            // The app is read before the link is used: a used one is still on record, but read
            // first, the page is branded whatever the link's fate.
            let app = try await links.app(ofLink: token)
            var page = try await carryOut(
                mode,
                token: token,
                password: context.form["password"],
                request: request,
                client: context.clientInfo,
                browserCookie: context.browserSessionCookie,
                in: language
            )
            if let app {
                page.brand(app)
                if [.verifyEmail, .changeEmail, .signIn].contains(mode), page.status == .ok, page.template == "message",
                    let pending = await PendingAuthorization.request(of: request, app: app, apps: apps)
                {
                    page.continues(pending, saysConfirmed: mode != .signIn, in: language)
                }
            }
            return try pages.render(page)
        }

        table.on(.post, "/v1/auth/action/mfa", operation: "emailActionSecondFactor", access: .browser, form: ["challenge", "code"]) {
            request,
            context in
            try pages.render(
                try await completeSecondFactor(
                    challenge: context.form["challenge"] ?? "",
                    code: context.form["code"] ?? "",
                    request: request,
                    client: context.clientInfo,
                    browserCookie: context.browserSessionCookie,
                    in: context.language
                )
            )
        }
    }

    /// The second step of a sign-in link: the code (or a recovery code) completes the challenge,
    /// and the browser is signed in; a wrong one shows the code page again, a challenge that
    /// cannot be used any more says to open a new link.
    private func completeSecondFactor(
        challenge: String,
        code: String,
        request: Request,
        client: ClientInfo,
        browserCookie: String?,
        in language: Language
    ) async throws -> Page {
        do {
            let app = try await mfa.app(ofChallenge: challenge)
            let answer = try await mfa.complete(MFASignIn.completion(challenge: challenge, typed: code), app: app, client: client)
            return try await signedIn(answer, app: app, browserCookie: browserCookie, in: language)
        } catch let error as APIError where error.code == .mfaChallengeExpired {
            return failure(error, in: language)
        } catch let error as APIError {
            var page = secondFactorPage(SecondFactorPrompt(challenge: challenge), request: request, in: language)
            let message = Messages.text(for: error.code, in: language).title
            page.values["fieldErrors"] = ["code": message]
            page.values["autofocus"] = false
            page.errors = [PageError(field: "code", message: message)]
            page.status = error.status
            return page
        }
    }

    /// The browser signed in to the hosted login of `app` by `answer`: the page saying so — with
    /// the recovery codes of an authenticator the sign-in just enrolled — and the session's cookie.
    private func signedIn(_ answer: AuthResponse, app: App, browserCookie: String?, in language: Language) async throws -> Page {
        var page = Page.message("email_signed_in", in: language)
        if let codes = answer.recoveryCodes {
            page = Page("email/recovery-codes", title: "email_signed_in.title", language: language, values: ["recoveryCodes": codes])
        }
        if case let (_, cookie)? = try await browser.adopt(answer, app: app, replacing: browserCookie, at: time.now()) {
            page.headers[.setCookie] = cookie.description
        }
        return page
    }

    /// The code page of a sign-in link's second step.
    private func secondFactorPage(_ prompt: SecondFactorPrompt, request: Request, in language: Language) -> Page {
        var values = prompt.values(in: language, pages: pages)
        values["autofocus"] = true
        var page = Page("email/mfa", title: "mfa.title", language: language, values: values)
        page.csrf = csrf.issue(for: request)
        return page
    }

    /// The page saying why a link or a code did not work.
    private func failure(_ error: APIError, in language: Language) -> Page {
        let messages = error.fields.map { Messages.fieldMessage(for: $0, in: language) }
        let text = Messages.text(for: error.code, in: language)
        return .message(title: "failed.title", text: messages.first ?? text.detail ?? text.title, in: language, status: error.status)
    }

    /// Uses the link: the page saying it is done, the form again for a refused password, or the
    /// page saying why it did not work. A sign-in link signs the browser in to the hosted login
    /// of the link's app, so the app's web sign-in finds the user signed in.
    private func carryOut(
        _ mode: EmailAction.Mode,
        token: String,
        password: String?,
        request: Request,
        client: ClientInfo,
        browserCookie: String?,
        in language: Language
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
                return try await signedIn(answer, app: app, browserCookie: browserCookie, in: language)
            }
        } catch let error as APIError where error.code == .mfaRequired {
            guard let challenge = error.challenge?.token else { throw error }
            let prompt = try await SecondFactorPrompt.start(error, app: try await mfa.app(ofChallenge: challenge), factors: factors)
            return secondFactorPage(prompt, request: request, in: language)
        } catch let error as APIError {
            let messages = error.fields.map { Messages.fieldMessage(for: $0, in: language) }
            if mode == .resetPassword, error.status == .unprocessableContent, let reason = messages.first {
                var page = EmailAction.form(mode: mode, token: token, csrf: csrf.issue(for: request), in: language)
                page.values["passwordError"] = reason
                page.errors = messages.map { PageError(field: "password", message: $0) }
                page.status = error.status
                return page
            }
            return failure(error, in: language)
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
        let title =
            switch mode {
            case .resetPassword: "reset_password.title"
            case .signIn: "email_sign_in.title"
            case .verifyEmail, .changeEmail, .restoreEmail: "verify_email.title"
            }
        var page = Page(
            "email/action",
            title: title,
            language: language,
            values: ["mode": mode.rawValue, "token": token, "asksPassword": mode == .resetPassword, "signsIn": mode == .signIn]
        )
        page.csrf = csrf
        return page
    }
}
