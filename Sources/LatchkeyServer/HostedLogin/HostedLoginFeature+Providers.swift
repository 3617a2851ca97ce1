import Foundation
import Hummingbird
import LatchkeyWire
import Logging

/// The sign-in page's provider buttons: each starts the provider's authorization-code flow
/// (``ProviderLogin``), and the provider's answer signs the user in as `POST /v1/auth/external`
/// does with the ID token it gives (a plain OAuth 2.0 provider: with the user-info its access
/// token reads) — the same checks, throttling and account rules — before the hosted login's flow
/// goes on.
extension HostedLoginFeature {
    /// The providers of an app that can sign in from the pages (OpenID Connect and plain OAuth
    /// 2.0), by name.
    static func pageProviders(of app: App) -> [(name: String, settings: ProviderSettings)] {
        app.settings.signInProviders.providers.filter { _, provider in
            guard !provider.clientIDs.isEmpty else { return false }
            switch provider.kind {
            case .openIDConnect: return provider.issuer != nil
            case .oauth2: return provider.authorizationURL != nil && provider.tokenURL != nil && provider.userInfoURL != nil
            case .facebook: return false
            }
        }
        .sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// `GET /oauth/authorize/provider?provider=…&request=…`: to the provider's authorization
    /// endpoint, with the flow's cookie. The scopes and response mode are the provider's settings.
    func providerStart(_ request: Request) async throws -> Response {
        let parameters = request.uri.queryParameters
        let name = parameters["provider"].map(String.init) ?? ""
        return try await providerStep(request, query: parameters["request"].map(String.init) ?? "") { authz, language in
            guard let settings = Self.pageProviders(of: authz.app).first(where: { $0.name == name })?.settings,
                let clientID = settings.clientIDs.first
            else { return try errorPage("provider", request: request, status: .badRequest) }
            let endpoints = try await ProviderEndpoints.of(settings)
            let (flow, cookie) = try providerLogin.start(provider: name, request: authz.query, at: time.now())
            var parameters = [
                "response_type": "code", "client_id": clientID, "redirect_uri": issuer.current + ProviderLogin.callbackPath,
                "state": flow.state, "code_challenge": providerLogin.challenge(of: flow), "code_challenge_method": "S256",
            ]
            let scopes = settings.requestedScopes
            if !scopes.isEmpty { parameters["scope"] = scopes.joined(separator: " ") }
            // Only an ID token carries the nonce back.
            if settings.kind == .openIDConnect { parameters["nonce"] = providerLogin.nonce(of: flow) }
            parameters["response_mode"] = settings.responseMode?.rawValue
            parameters["ui_locales"] = language.rawValue
            parameters["login_hint"] = authz.loginHint
            return Self.redirect(to: AuthorizationRequest.redirect(to: endpoints.authorization, parameters), cookie: cookie)
        }
    }

    /// `GET` or `POST /oauth/authorize/provider/callback` (`code`, `state`): the provider's
    /// answer, in the query or, with `response_mode=form_post`, as a form. The code is exchanged
    /// (with the flow's PKCE verifier) for an ID token, which signs the user in.
    ///
    /// A form posted from the provider's site comes without the flow's `SameSite=Lax` cookie,
    /// which keeps the flow bound to this browser (login CSRF). Rather than loosen the cookie to
    /// `SameSite=None` (which needs https, and lets any site post with it), such a post gets a
    /// page that sends the browser on to this callback's `GET` with the same fields, now from this
    /// site, cookie included. A `GET`, not a post: the browser checks a form's `form-action`
    /// against every redirect after it, and the relay page cannot know the app's redirect URI.
    func providerCallback(_ request: Request, context: LatchkeyRequestContext) async throws -> Response {
        guard let providerAnswer = try await ProviderAnswer(request, reader: requests) else {
            return try errorPage("provider_state", request: request, status: .badRequest)
        }
        guard let flow = providerLogin.flow(of: request, state: providerAnswer.fields["state"], at: time.now()) else {
            if providerAnswer.isPosted, providerAnswer.fields["state"]?.isEmpty == false {
                return try relayPage(providerAnswer, request: request)
            }
            return try errorPage("provider_state", request: request, status: .badRequest)
        }
        let parameters = providerAnswer.fields
        var response = try await providerStep(request, query: flow.request) { authz, language in
            guard let settings = Self.pageProviders(of: authz.app).first(where: { $0.name == flow.provider })?.settings,
                let clientID = settings.clientIDs.first
            else { return try errorPage("provider", request: request, status: .badRequest) }
            guard parameters["error"] == nil, let code = parameters["code"], !code.isEmpty else {
                return try signInPage(authz, request: request, language: language, errors: [pageError("login.provider.cancelled", language)])
            }
            let endpoints = try await ProviderEndpoints.of(settings)
            var fields = [
                "grant_type": "authorization_code", "code": code, "redirect_uri": issuer.current + ProviderLogin.callbackPath,
                "client_id": clientID, "code_verifier": providerLogin.verifier(of: flow),
            ]
            fields["client_secret"] = try AppleClientSecret.secret(for: settings, clientID: clientID, at: time.now())
            let answer = try await ProviderHTTP.postForm(endpoints.token, fields)
            // An OpenID Connect provider proves the user with its ID token; a plain OAuth 2.0
            // one with the access token it gave for this very code, read at its user-info URL.
            let tokenField = settings.kind == .oauth2 ? "access_token" : "id_token"
            guard answer.status == 200, let token = answer.object[tokenField] as? String else {
                logger.info("provider token endpoint refused the code", metadata: ["provider": "\(flow.provider)", "status": "\(answer.status)"])
                return try signInPage(
                    authz,
                    request: request,
                    language: language,
                    errors: [pageError("login.provider.failed", language)],
                    status: .badGateway
                )
            }
            let client = context.clientInfo
            return try await finishSignIn(authz, request: request, browserCookie: context.browserSessionCookie, client: client, language: language) {
                try await providerAccounts.signIn(
                    ExternalSignInRequest(
                        provider: flow.provider,
                        token: token,
                        nonce: settings.kind == .openIDConnect ? providerLogin.nonce(of: flow) : nil
                    ),
                    app: authz.app,
                    client: client,
                    postedName: ProviderAnswer.name(inUser: parameters["user"]),
                    exchanged: true
                ).0
            } refused: { error in
                try signInPage(
                    authz,
                    request: request,
                    language: language,
                    errors: pageErrors(error, fields: [], language: language),
                    status: error.status
                )
            }
        }
        response.setCookie(providerLogin.endingCookie)
        return response
    }

    /// The page that sends a provider's cross-site form on from this site (see
    /// ``providerCallback(_:context:)``); its script follows its link at once, a click without script.
    private func relayPage(_ answer: ProviderAnswer, request: Request) throws -> Response {
        var page = Page("login/provider-relay", title: "login.provider.relay_title", language: Language(uiLocales: nil, of: request))
        page.unbranded()
        page.values["href"] = answer.relayURL
        page.values["message"] = text("login.provider.relay", page.language)
        page.headers = [.cacheControl: "no-store"]
        return try pages.render(page)
    }

    /// Runs `body` on the authorization request `query`; a provider that cannot be reached is
    /// the sign-in page again, saying so (`503`).
    private func providerStep(
        _ request: Request,
        query: String,
        _ body: (AuthorizationRequest, Language) async throws -> Response
    ) async throws -> Response {
        do {
            let authz = try await AuthorizationRequest.parse(query: query, apps: apps)
            let language = authz.language(of: request)
            do {
                return try await body(authz, language)
            } catch ProviderCheckFailure.unreachable(let reason) {
                logger.warning("provider unreachable", metadata: ["reason": "\(reason)"])
                return try signInPage(
                    authz,
                    request: request,
                    language: language,
                    errors: [pageError("login.provider.unreachable", language)],
                    status: .serviceUnavailable
                )
            }
        } catch let failure as AuthorizationFailure {
            return try answer(failure, request: request)
        }
    }

    private func pageError(_ id: String, _ language: Language) -> PageError {
        PageError(field: "", message: text(id, language))
    }
}
