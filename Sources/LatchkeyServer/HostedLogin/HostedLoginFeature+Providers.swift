import Foundation
import Hummingbird
import LatchkeyWire
import Logging

/// The sign-in page's provider buttons: each starts the provider's authorization-code flow
/// (``ProviderLogin``), and the provider's answer signs the user in as `POST /v1/auth/external`
/// does with the ID token it gives — the same checks, throttling and account rules — before the
/// hosted login's flow goes on.
extension HostedLoginFeature {
    /// The OpenID Connect providers of an app that can sign in from the pages, by name.
    static func pageProviders(of app: App) -> [(name: String, settings: ProviderSettings)] {
        app.settings.providers.filter { $0.value.kind == .openIDConnect && $0.value.issuer != nil && !$0.value.clientIDs.isEmpty }
            .sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// `GET /oauth/authorize/provider?provider=…&request=…`: to the provider's authorization
    /// endpoint, with the flow's cookie.
    func providerStart(_ request: Request) async throws -> Response {
        let parameters = request.uri.queryParameters
        let name = parameters["provider"].map(String.init) ?? ""
        return try await providerStep(request, query: parameters["request"].map(String.init) ?? "") { authz, language in
            guard let settings = Self.pageProviders(of: authz.app).first(where: { $0.name == name })?.settings,
                let issuerURL = settings.issuer, let clientID = settings.clientIDs.first
            else { return try errorPage("provider", request: request, status: .badRequest) }
            let endpoints = try await ProviderEndpoints.discover(issuer: issuerURL)
            let (flow, cookie) = try providerLogin.start(provider: name, request: authz.query, at: time.now())
            var parameters = [
                "response_type": "code", "client_id": clientID, "redirect_uri": issuer.current + ProviderLogin.callbackPath,
                "scope": "openid email profile", "state": flow.state, "nonce": providerLogin.nonce(of: flow),
                "code_challenge": providerLogin.challenge(of: flow), "code_challenge_method": "S256",
            ]
            parameters["ui_locales"] = language.rawValue
            parameters["login_hint"] = authz.loginHint
            return Self.redirect(to: AuthorizationRequest.redirect(to: endpoints.authorization, parameters), cookie: cookie)
        }
    }

    /// `GET /oauth/authorize/provider/callback?code=…&state=…`: the provider's answer. The code
    /// is exchanged (with the flow's PKCE verifier) for an ID token, which signs the user in.
    func providerCallback(_ request: Request, context: LatchkeyRequestContext) async throws -> Response {
        let parameters = request.uri.queryParameters
        guard let flow = providerLogin.flow(of: request, state: parameters["state"].map(String.init), at: time.now()) else {
            return try errorPage("provider_state", request: request, status: .badRequest)
        }
        var response = try await providerStep(request, query: flow.request) { authz, language in
            guard let settings = Self.pageProviders(of: authz.app).first(where: { $0.name == flow.provider })?.settings,
                let issuerURL = settings.issuer, let clientID = settings.clientIDs.first
            else { return try errorPage("provider", request: request, status: .badRequest) }
            guard parameters["error"] == nil, let code = parameters["code"].map(String.init), !code.isEmpty else {
                return try signInPage(authz, request: request, language: language, errors: [pageError("login.provider.cancelled", language)])
            }
            let endpoints = try await ProviderEndpoints.discover(issuer: issuerURL)
            var fields = [
                "grant_type": "authorization_code", "code": code, "redirect_uri": issuer.current + ProviderLogin.callbackPath,
                "client_id": clientID, "code_verifier": providerLogin.verifier(of: flow),
            ]
            fields["client_secret"] = settings.clientSecret
            let answer = try await ProviderHTTP.postForm(endpoints.token, fields)
            guard answer.status == 200, let idToken = answer.object["id_token"] as? String else {
                logger.info("provider token endpoint refused the code", metadata: ["provider": "\(flow.provider)", "status": "\(answer.status)"])
                return try signInPage(
                    authz, request: request, language: language, errors: [pageError("login.provider.failed", language)], status: .badGateway)
            }
            let client = requests.client(of: request, context: context)
            return try await finishSignIn(authz, request: request, client: client, language: language) {
                try await providerAccounts.signIn(
                    ExternalSignInRequest(provider: flow.provider, token: idToken, nonce: providerLogin.nonce(of: flow)), app: authz.app,
                    client: client
                ).0
            } refused: { error in
                try signInPage(authz, request: request, language: language, errors: pageErrors(error, fields: [], language: language), status: error.status)
            }
        }
        response.setCookie(providerLogin.endingCookie)
        return response
    }

    /// Runs `body` on the authorization request `query`; a provider that cannot be reached is
    /// the sign-in page again, saying so (`503`).
    private func providerStep(
        _ request: Request, query: String, _ body: (AuthorizationRequest, Language) async throws -> Response
    ) async throws -> Response {
        do {
            let authz = try await AuthorizationRequest.parse(query: query, apps: apps)
            let language = authz.language(of: request)
            do {
                return try await body(authz, language)
            } catch ProviderCheckFailure.unreachable(let reason) {
                logger.warning("provider unreachable", metadata: ["reason": "\(reason)"])
                return try signInPage(
                    authz, request: request, language: language, errors: [pageError("login.provider.unreachable", language)],
                    status: .serviceUnavailable)
            }
        } catch let failure as AuthorizationFailure {
            return try answer(failure, request: request)
        }
    }

    private func pageError(_ id: String, _ language: Language) -> PageError {
        PageError(field: "", message: text(id, language))
    }
}
