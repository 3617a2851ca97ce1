import Foundation
import HTTPTypes
import Hummingbird
import LatchkeyWire

/// The hosted login's pages (`Resources/templates/login/`): each names the app (with its logo),
/// carries the authorization request in its forms, and may post to the client's redirect URI's
/// origin (`form-action`), where a step's `303` ends.
extension HostedLoginFeature {
    func signInPage(
        _ authz: AuthorizationRequest,
        request: Request,
        language: Language,
        identifier: String? = nil,
        errors: [PageError] = [],
        status: HTTPResponse.Status = .ok
    ) throws -> Response {
        var values: [String: Any] = ["identifier": identifier ?? authz.loginHint ?? ""]
        values["passkeyOptions"] = try passkeyOptions(authz.app)
        return try render(
            "login/sign-in",
            title: "login.sign_in.title",
            authz,
            request: request,
            language: language,
            values: values,
            errors: errors,
            status: status
        )
    }

    /// The request options the sign-in page's passkey button uses, as JSON; nil when the app has
    /// no passkeys. A challenge costs nothing until it is used, so every page gets a fresh one.
    private func passkeyOptions(_ app: App) throws -> String? {
        guard app.settings.auth.signInMethods.contains(.passkey) else { return nil }
        return String(decoding: try JSONEncoder().encode(try passkeys.options(app: app)), as: UTF8.self)
    }

    func signUpPage(
        _ authz: AuthorizationRequest,
        request: Request,
        language: Language,
        username: String? = nil,
        email: String? = nil,
        errors: [PageError] = [],
        status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let methods = authz.app.settings.auth.signInMethods
        return try render(
            "login/sign-up",
            title: "login.sign_up.title",
            authz,
            request: request,
            language: language,
            values: [
                "username": username ?? "", "email": email ?? authz.loginHint.flatMap { $0.contains("@") ? $0 : nil } ?? "",
                "usesUsername": methods.contains(.username), "usesEmail": methods.contains(.email),
                "passwordMinLength": authz.app.settings.auth.passwordMinLength,
            ],
            errors: errors,
            status: status
        )
    }

    /// A page whose one field is an email address, prefilled from an email `login_hint`: the
    /// password reset (`login/reset`) and "email me a code" (`login/email`).
    func emailPage(
        _ template: String,
        title: String,
        _ authz: AuthorizationRequest,
        request: Request,
        language: Language,
        email: String? = nil,
        errors: [PageError] = [],
        status: HTTPResponse.Status = .ok
    ) throws -> Response {
        try render(
            template,
            title: title,
            authz,
            request: request,
            language: language,
            values: ["email": email ?? authz.loginHint.flatMap { $0.contains("@") ? $0 : nil } ?? ""],
            errors: errors,
            status: status
        )
    }

    func phonePage(
        _ authz: AuthorizationRequest,
        request: Request,
        language: Language,
        phone: String? = nil,
        errors: [PageError] = [],
        status: HTTPResponse.Status = .ok
    ) throws -> Response {
        try render(
            "login/phone",
            title: "login.phone.title",
            authz,
            request: request,
            language: language,
            values: ["phone": phone ?? ""],
            errors: errors,
            status: status
        )
    }

    func pinPage(
        _ authz: AuthorizationRequest,
        request: Request,
        language: Language,
        phone: String,
        requestID: String,
        errors: [PageError] = [],
        status: HTTPResponse.Status = .ok
    ) throws -> Response {
        try render(
            "login/pin",
            title: "login.pin.title",
            authz,
            request: request,
            language: language,
            values: ["phone": phone, "requestID": requestID],
            errors: errors,
            status: status
        )
    }

    /// The code emailed to `email`, asked for.
    func emailCodeEntryPage(
        _ authz: AuthorizationRequest,
        request: Request,
        language: Language,
        email: String,
        errors: [PageError] = [],
        status: HTTPResponse.Status = .ok
    ) throws -> Response {
        try render(
            "login/email-code",
            title: "login.email_code.title",
            authz,
            request: request,
            language: language,
            values: ["email": email],
            errors: errors,
            status: status
        )
    }

    /// The second step of a sign-in: a code of the user's authenticator or a recovery code,
    /// under a new authenticator's QR code, link and key when the app requires one the user lacks.
    func secondFactorPage(
        _ authz: AuthorizationRequest,
        request: Request,
        language: Language,
        prompt: SecondFactorPrompt,
        errors: [PageError] = [],
        status: HTTPResponse.Status = .ok
    ) throws -> Response {
        try render(
            "login/mfa",
            title: "login.mfa.title",
            authz,
            request: request,
            language: language,
            values: prompt.values(in: language, pages: pages).merging(["offersRemember": true]) { $1 },
            errors: errors,
            status: status
        )
    }

    /// The recovery codes of a user whose sign-in just enrolled their first authenticator, shown
    /// once, with the browser's new session cookie; its form goes on with the flow.
    func recoveryCodesPage(
        _ authz: AuthorizationRequest,
        request: Request,
        language: Language,
        codes: [String],
        cookie: Cookie
    ) throws -> Response {
        var response = try render(
            "login/recovery-codes",
            title: "mfa.title",
            authz,
            request: request,
            language: language,
            values: ["recoveryCodes": codes]
        )
        response.setCookie(cookie)
        return response
    }

    func consentPage(
        _ authz: AuthorizationRequest,
        account: UserAccount,
        request: Request,
        language: Language,
        cookie: Cookie?
    ) throws -> Response {
        var response = try render(
            "login/consent",
            title: "login.consent.title",
            authz,
            request: request,
            language: language,
            values: [
                "user": account.username ?? account.email ?? account.phone ?? account.id,
                "scopes": authz.scopes.map { text("login.consent.scope.\($0)", language) },
            ]
        )
        if let cookie { response.setCookie(cookie) }
        return response
    }

    /// A page that only says something (a link was sent), with the way back to signing in.
    func messagePage(_ authz: AuthorizationRequest, _ message: String, request: Request, language: Language) throws -> Response {
        try render(
            "login/message",
            title: message + "_title",
            authz,
            request: request,
            language: language,
            values: ["message": text(message, language)]
        )
    }

    /// The page for a request that cannot go back to its client (`page.login.error.<reason>`).
    func errorPage(_ reason: String, request: Request, status: HTTPResponse.Status) throws -> Response {
        let uiLocales = AuthorizationRequest.fields(of: AuthorizationRequest.query(of: request))?["ui_locales"]?.first
        var page = Page("login/error", title: "login.error.title", language: Language(uiLocales: uiLocales, of: request))
        page.values["message"] = text("login.error.\(reason)", page.language)
        page.unbranded()
        page.status = status
        page.headers = [.cacheControl: "no-store"]
        return try pages.render(page)
    }

    /// A page of the flow: the app's name and logo, the request its forms carry, the links to
    /// the other pages, the form token, and the redirect URI's origin as a form action.
    private func render(
        _ template: String,
        title: String,
        _ authz: AuthorizationRequest,
        request: Request,
        language: Language,
        values: [String: Any],
        errors: [PageError] = [],
        status: HTTPResponse.Status = .ok
    ) throws -> Response {
        var page = Page(template, title: title, language: language, values: values)
        let query = authz.query
        let settings = authz.app.settings
        page.brand(authz.app)
        page.values["request"] = query
        page.values["signInURL"] = "/oauth/authorize?" + query
        page.values["signUpURL"] = "/oauth/authorize/sign-up?" + query
        page.values["resetURL"] = "/oauth/authorize/reset?" + query
        page.values["phoneURL"] = "/oauth/authorize/phone?" + query
        page.values["usesPhone"] = settings.auth.signInMethods.contains(.phone)
        page.values["emailCodeURL"] = "/oauth/authorize/email?" + query
        page.values["usesEmailCode"] = settings.auth.signInMethods.contains(.emailCode)
        let providers = Self.pageProviders(of: authz.app).map { provider in
            var button = [
                "href": "/oauth/authorize/provider?" + "provider=\(FormEncoding.encode(provider.name))&request=\(FormEncoding.encode(query))",
                "label": text("login.sign_in.provider", language).replacingOccurrences(of: "{provider}", with: provider.name.capitalized),
            ]
            // The provider's mark, for the providers the server has one of (`assets/provider-<name>.svg`).
            button["icon"] = pages.assets["provider-\(provider.name.lowercased()).svg"]?.url
            return button
        }
        page.values["providers"] = providers
        page.values["hasProviders"] = !providers.isEmpty
        page.values["usesPassword"] = settings.auth.signInMethods.contains(.username) || settings.auth.signInMethods.contains(.email)
        page.values["fieldErrors"] = Dictionary(errors.filter { !$0.field.isEmpty }.map { ($0.field, $0.message) }) { first, _ in first }
        page.values["autofocus"] = errors.isEmpty
        page.errors = errors
        page.csrf = csrf.issue(for: request)
        page.status = status
        page.formActions = authz.formActions
        page.headers = [.cacheControl: "no-store"]
        var response = try pages.render(page)
        response.setCookie(pending.cookie(for: authz))
        return response
    }
}
