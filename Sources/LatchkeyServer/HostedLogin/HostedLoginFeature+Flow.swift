import Foundation
import HTTPTypes
import Hummingbird
import LatchkeyWire

/// The authorization endpoint and the steps of its pages: each step checks the form's token and
/// the authorization request again, and one that signs the user in ends at the client's redirect
/// URI with a code (or at the consent screen of a third-party app).
extension HostedLoginFeature {
    /// `GET /oauth/authorize`: a usable browser session goes straight back to the client with a
    /// code; otherwise the sign-in page (or `login_required` for `prompt=none`).
    func authorize(_ request: Request, context: LatchkeyRequestContext) async throws -> Response {
        try await page(request) { authz, language in
            let now = time.now()
            if authz.prompt != .login, let session = try await browser.find(cookie: context.browserSessionCookie, app: authz.app, at: now),
                authz.maxAge.map({ now.timeIntervalSince(session.authenticatedAt) <= TimeInterval($0) }) ?? true
            {
                return try await signedIn(authz, session: session, request: request, language: language, cookie: nil)
            }
            if authz.prompt == .noInteraction { throw refuse(authz, "login_required", "The user is not signed in.") }
            return try signInPage(authz, request: request, language: language)
        }
    }

    /// A page of an authorization request named by the request's own query.
    func page(_ request: Request, _ body: (AuthorizationRequest, Language) async throws -> Response) async throws -> Response {
        do {
            let authz = try await AuthorizationRequest.parse(query: AuthorizationRequest.query(of: request), apps: apps)
            return try await body(authz, authz.language(of: request))
        } catch let failure as AuthorizationFailure {
            return try answer(failure, request: request)
        }
    }

    /// A form's step (its fields read and its token checked by the route table, see
    /// ``step(_:)``): the authorization request it carries, then `body`.
    func step(
        _ request: Request,
        _ context: LatchkeyRequestContext,
        _ body: (AuthorizationRequest, [String: String], Language) async throws -> Response
    ) async throws -> Response {
        let form = context.form
        do {
            let authz = try await AuthorizationRequest.parse(query: form["request"] ?? "", apps: apps)
            return try await body(authz, form, authz.language(of: request))
        } catch let failure as AuthorizationFailure {
            return try answer(failure, request: request)
        }
    }

    /// An error for the client at its redirect URI (RFC 6749 §4.1.2.1).
    func refuse(_ authz: AuthorizationRequest, _ error: String, _ description: String) -> AuthorizationFailure {
        .redirect(error, description, to: authz.redirectURI, state: authz.state)
    }

    func answer(_ failure: AuthorizationFailure, request: Request) throws -> Response {
        switch failure {
        case .untrusted(let reason):
            return try errorPage(reason, request: request, status: .badRequest)
        case .redirect(let error, let description, let uri, let state):
            var parameters = ["error": error, "error_description": description, "iss": issuer.current]
            parameters["state"] = state
            return Self.redirect(to: AuthorizationRequest.redirect(to: uri, parameters))
        }
    }

    /// A `303 See Other` to `location`, never cached, with `cookie` when given.
    static func redirect(to location: String, cookie: Cookie? = nil) -> Response {
        var response = Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
        if let cookie { response.setCookie(cookie) }
        return response
    }

    /// The user of `session` is signed in: the consent screen when a third-party app lacks their
    /// consent, else a code for the client.
    func signedIn(
        _ authz: AuthorizationRequest,
        session: SessionRecord,
        request: Request,
        language: Language,
        cookie: Cookie?
    ) async throws -> Response {
        guard let account = try await userCache.account(id: session.userID, appID: authz.app.id), !account.disabled else {
            return try signInPage(authz, request: request, language: language)
        }
        if !authz.app.settings.hostedLogin.firstParty, try await !consents.covers(authz.scopes, userID: account.id, appID: authz.app.id) {
            if authz.prompt == .noInteraction { throw refuse(authz, "consent_required", "The user has not consented to this client.") }
            return try consentPage(authz, account: account, request: request, language: language, cookie: cookie)
        }
        let grant = AuthorizationCodeStore.Grant(
            appID: authz.app.id,
            userID: account.id,
            browserSessionID: session.id,
            redirectURI: authz.redirectURI,
            codeChallenge: authz.codeChallenge,
            scope: authz.scopes.joined(separator: " "),
            nonce: authz.nonce,
            authTime: session.authenticatedAt
        )
        let code = try await codes.issue(grant, at: time.now())
        var response = Self.redirect(to: authz.redirect(["code": code], issuer: issuer.current), cookie: cookie)
        response.setCookie(pending.cleared)
        return response
    }

    /// A sign-in by a page (password, sign-up, PIN) started a session: it becomes the browser's
    /// session of the app under a fresh cookie, and the flow goes on. An email sign-up of an app
    /// that hides taken emails starts none: the page says to follow the emailed link and sign in.
    func adopt(
        _ answer: AuthResponse,
        authz: AuthorizationRequest,
        request: Request,
        browserCookie: String?,
        language: Language
    ) async throws -> Response {
        guard answer.session != nil else { return try messagePage(authz, "login.sign_up.check_email", request: request, language: language) }
        guard case let (session, cookie)? = try await browser.adopt(answer, app: authz.app, replacing: browserCookie, at: time.now()) else {
            return try signInPage(authz, request: request, language: language)
        }
        return try await signedIn(authz, session: session, request: request, language: language, cookie: cookie)
    }

    /// A page's sign-in (password, PIN, email code, provider): its answer becomes the browser's
    /// session and the flow goes on; `mfa_required` is the code page (``askForSecondFactor``);
    /// any other refusal is what the page itself shows (`refused`), so every first factor meets
    /// the second in one place.
    func finishSignIn(
        _ authz: AuthorizationRequest,
        request: Request,
        browserCookie: String?,
        client: ClientInfo,
        language: Language,
        _ signIn: () async throws -> AuthResponse,
        refused: (APIError) throws -> Response
    ) async throws -> Response {
        do {
            return try await adopt(try await signIn(), authz: authz, request: request, browserCookie: browserCookie, language: language)
        } catch let error as APIError where error.code == .mfaRequired {
            return try await askForSecondFactor(
                error,
                authz: authz,
                request: request,
                browserCookie: browserCookie,
                client: client,
                language: language
            )
        } catch let error as APIError {
            return try refused(error)
        }
    }

    /// `POST /oauth/authorize/sign-in`: the account service's sign-in, with its throttling and
    /// its rule that unknown users and wrong passwords answer alike.
    func signIn(_ request: Request, context: LatchkeyRequestContext) async throws -> Response {
        try await step(request, context) { authz, form, language in
            let identifier = form["identifier"]?.trimmingCharacters(in: .whitespaces) ?? ""
            let password = form["password"] ?? ""
            var errors: [PageError] = []
            if identifier.isEmpty { errors.append(PageError(field: "identifier", message: text("login.sign_in.identifier_missing", language))) }
            if password.isEmpty { errors.append(PageError(field: "password", message: text("login.sign_in.password_missing", language))) }
            guard errors.isEmpty else {
                return try signInPage(authz, request: request, language: language, identifier: identifier, errors: errors, status: .badRequest)
            }
            let client = context.clientInfo
            return try await finishSignIn(authz, request: request, browserCookie: context.browserSessionCookie, client: client, language: language) {
                let isEmail = identifier.contains("@")
                return try await accounts.signIn(
                    username: isEmail ? nil : identifier,
                    email: isEmail ? identifier : nil,
                    password: password,
                    app: authz.app,
                    client: client
                )
            } refused: { error in
                // A refusal naming a field (a malformed email) is the identifier's error; wrong
                // credentials name none, since they may be either field's.
                let field = error.fields.isEmpty ? "" : "identifier"
                return try signInPage(
                    authz,
                    request: request,
                    language: language,
                    identifier: identifier,
                    errors: [PageError(field: field, message: Messages.text(for: error.code, in: language).title)],
                    status: error.status
                )
            }
        }
    }

    /// `POST /oauth/authorize/passkey`: the passkey's answer to the options the sign-in page
    /// carried, posted by the page's script as `toJSON()` gives it; verified as
    /// `POST /v1/auth/passkey` verifies it.
    func passkeySignIn(_ request: Request, context: LatchkeyRequestContext) async throws -> Response {
        try await step(request, context) { authz, form, language in
            let client = context.clientInfo
            return try await finishSignIn(authz, request: request, browserCookie: context.browserSessionCookie, client: client, language: language) {
                guard let json = form["credential"],
                    let credential = try? JSONDecoder().decode(PasskeyAssertionCredential.self, from: Data(json.utf8))
                else { throw APIError(.badRequest, .invalidRequest, fields: [FieldError(field: "credential", code: .invalidRequest)]) }
                return try await passkeys.signIn(credential, app: authz.app, client: client)
            } refused: { error in
                try signInPage(
                    authz,
                    request: request,
                    language: language,
                    errors: [PageError(field: "", message: Messages.text(for: error.code, in: language).title)],
                    status: error.status
                )
            }
        }
    }

    /// `POST /oauth/authorize/sign-up`: the JSON sign-up's validation, policy and limits. An
    /// email sign-up of an app that hides taken emails has no session yet: the page says to
    /// follow the emailed link and sign in.
    func signUp(_ request: Request, context: LatchkeyRequestContext) async throws -> Response {
        try await step(request, context) { authz, form, language in
            let username = form["username"].flatMap { $0.isEmpty ? nil : $0 }
            let email = form["email"].flatMap { $0.isEmpty ? nil : $0 }
            let body = SignUpRequest(username: username, email: email, password: form["password"] ?? "")
            let client = context.clientInfo
            return try await finishSignIn(authz, request: request, browserCookie: context.browserSessionCookie, client: client, language: language) {
                try await accounts.signUp(body, app: authz.app, client: client, language: language)
            } refused: { error in
                try signUpPage(
                    authz,
                    request: request,
                    language: language,
                    username: username,
                    email: email,
                    errors: pageErrors(error, fields: ["username", "email", "password"], language: language),
                    status: error.status
                )
            }
        }
    }

    /// `POST /oauth/authorize/reset`: the email-link reset; the same answer whether or not the
    /// address has an account.
    func reset(_ request: Request, context: LatchkeyRequestContext) async throws -> Response {
        try await step(request, context) { authz, form, language in
            let email = form["email"]?.trimmingCharacters(in: .whitespaces) ?? ""
            do {
                try await links.requestReset(
                    email: email,
                    app: authz.app,
                    client: context.clientInfo,
                    language: language
                )
                return try messagePage(authz, "login.reset.sent", request: request, language: language)
            } catch let error as APIError {
                return try emailPage(
                    "login/reset",
                    title: "login.reset.title",
                    authz,
                    request: request,
                    language: language,
                    email: email,
                    errors: pageErrors(error, fields: ["email"], language: language),
                    status: error.status
                )
            }
        }
    }

    /// `POST /oauth/authorize/phone`: sends a PIN (the phone service's limits), then asks for it.
    func phoneStart(_ request: Request, context: LatchkeyRequestContext) async throws -> Response {
        try await step(request, context) { authz, form, language in
            let number = form["phone"]?.trimmingCharacters(in: .whitespaces) ?? ""
            do {
                let started = try await phone.start(
                    PhoneStartRequest(phone: number),
                    app: authz.app,
                    client: context.clientInfo,
                    language: language
                )
                return try pinPage(authz, request: request, language: language, phone: started.phone, requestID: started.requestId)
            } catch let error as APIError {
                return try phonePage(
                    authz,
                    request: request,
                    language: language,
                    phone: number,
                    errors: pageErrors(error, fields: ["phone"], language: language),
                    status: error.status
                )
            }
        }
    }

    /// `POST /oauth/authorize/phone/verify`: the PIN signs the user in (creating the account on
    /// first use, as the phone API does).
    func phoneVerify(_ request: Request, context: LatchkeyRequestContext) async throws -> Response {
        try await step(request, context) { authz, form, language in
            let number = form["phone"] ?? ""
            let requestID = form["request_id"] ?? ""
            let client = context.clientInfo
            return try await finishSignIn(authz, request: request, browserCookie: context.browserSessionCookie, client: client, language: language) {
                try await phone.verify(
                    PhoneVerifyRequest(phone: number, requestId: requestID, pin: form["pin"] ?? ""),
                    app: authz.app,
                    client: client
                ).0
            } refused: { error in
                try pinPage(
                    authz,
                    request: request,
                    language: language,
                    phone: number,
                    requestID: requestID,
                    errors: pageErrors(error, fields: ["pin"], typed: "pin", language: language),
                    status: error.status
                )
            }
        }
    }

    /// `POST /oauth/authorize/consent`: the user's answer to a third-party app; a refusal is
    /// `access_denied` for the client.
    func consent(_ request: Request, context: LatchkeyRequestContext) async throws -> Response {
        try await step(request, context) { authz, form, language in
            guard let session = try await browser.find(cookie: context.browserSessionCookie, app: authz.app, at: time.now()) else {
                return try signInPage(authz, request: request, language: language)
            }
            guard form["decision"] == "allow" else { throw refuse(authz, "access_denied", "The user declined.") }
            try await consents.grant(authz.scopes, userID: session.userID, appID: authz.app.id, at: time.now())
            return try await signedIn(authz, session: session, request: request, language: language, cookie: nil)
        }
    }

    /// A refused request's field errors for the page: those of the form's `fields` beside their
    /// field, the rest for the form as a whole. A refusal without fields is about `typed` when
    /// the form has one field the user types (a wrong or spent code is that field's error, so the
    /// field is marked invalid and described by it), else about the whole form.
    func pageErrors(_ error: APIError, fields: Set<String>, typed: String? = nil, language: Language) -> [PageError] {
        guard !error.fields.isEmpty else {
            return [PageError(field: typed ?? "", message: Messages.text(for: error.code, in: language).title)]
        }
        return error.fields.map { field in
            PageError(field: fields.contains(field.field) ? field.field : "", message: Messages.fieldMessage(for: field, in: language))
        }
    }

    /// The page text `page.<id>` in `language`.
    func text(_ id: String, _ language: Language) -> String {
        pages.text(id, in: language)
    }
}
