import Foundation
import Hummingbird
import LatchkeyWire

/// `/oauth/*`: the token endpoint (authorization_code with PKCE from the hosted login,
/// refresh_token, client_credentials, RFC 7523's JWT-bearer grant for service-account keys, and
/// password where the app enables it), revocation (RFC 7009),
/// introspection (RFC 7662) and userinfo, in RFC 6749's format.
struct OAuthFeature: Feature {
    static let id = "oauth"
    let clients: ClientAuthenticator
    let codec: AccessTokenCodec
    let gate: SessionGate
    let issuer: Issuer
    let sessions: SessionStore
    let time: any TimeSource
    let userCache: UserCache
    let requests: RequestReader
    let tokens: TokenMinter
    let serviceAccounts: ServiceAccountGrant
    let codeGrant: AuthorizationCodeGrant

    let accounts: AccountService
    init(backend: LatchkeyBackend) {
        self.clients = ClientAuthenticator(backend: backend)
        self.codec = backend.codec
        self.gate = backend.gate
        self.issuer = backend.issuer
        self.sessions = backend.sessions
        self.time = backend.time
        self.userCache = backend.userCache
        self.requests = backend.requests
        self.tokens = backend.tokens
        self.accounts = AccountService(backend: backend)
        self.serviceAccounts = ServiceAccountGrant(backend: backend)
        self.codeGrant = AuthorizationCodeGrant(backend: backend)
    }

    static let module: ModuleDeclaration? = ModuleDeclaration(title: "OAuth 2.0 token, revocation, introspection and userinfo", access: .anyone)

    static let settingsSection: SettingSection? = .signIn

    static let settings: [AppSetting] = [
        .list("redirectURIs", \OAuthSettings.redirectURIs, flag: "redirect-uri", help: "Allowed redirect URI (repeatable; replaces the list)."),
        .boolean("passwordGrantEnabled", \OAuthSettings.passwordGrantEnabled, flag: "password-grant", help: "Enable the OAuth password grant."),
    ]

    /// The form parameters the token endpoint reads; it ignores the rest (RFC 6749 §3.1).
    static let tokenParameters: Set<String> = [
        "grant_type", "refresh_token", "username", "password", "client_id", "client_secret", "scope", "assertion",
        "code", "redirect_uri", "code_verifier",
    ]
    /// The form parameters revocation and introspection read; they ignore the rest.
    static let tokenHintParameters: Set<String> = ["token", "token_type_hint", "client_id", "client_secret"]

    func routes(into table: inout RouteTable) {

        table.on(.post, "/oauth/token", operation: "oauthToken", access: .oauthClient) { request, context in
            let form = try await form(of: request, reading: Self.tokenParameters)
            if form["grant_type"] == ServiceAccountGrant.grantType {
                return try await serviceAccountToken(request, context: context, form: form)
            }
            let client = try await clients.identify(request, context: context, form: form)
            let app = client.app
            let answer: AuthResponse
            switch form["grant_type"] {
            case "authorization_code":
                return try tokenResponse(
                    try await codeGrant.tokens(form: form, app: app, client: context.clientInfo)
                )
            case "refresh_token":
                guard let token = form["refresh_token"] else { throw OAuthError.invalidRequest("refresh_token is required.") }
                try Self.checkRefreshScope(form["scope"])
                do {
                    answer = try await accounts.refresh(token, app: app).response
                } catch let error as APIError where error.code == .sessionExpired {
                    throw OAuthError.invalidGrant("The refresh token is invalid, expired or revoked.")
                }
            case "password":
                guard app.settings.oauth.passwordGrantEnabled else {
                    throw OAuthError(error: "unauthorized_client", description: "The password grant is not enabled for this client.")
                }
                guard let username = form["username"], let password = form["password"] else {
                    throw OAuthError.invalidRequest("username and password are required.")
                }
                do {
                    let isEmail = username.contains("@")
                    answer = try await accounts.signIn(
                        username: isEmail ? nil : username,
                        email: isEmail ? username : nil,
                        password: password,
                        app: app,
                        client: context.clientInfo
                    )
                } catch let error as APIError where error.code == .invalidCredentials || error.code == .accountDisabled {
                    throw OAuthError.invalidGrant("The credentials are invalid.")
                } catch let error as APIError where error.code == .mfaRequired {
                    throw OAuthError.invalidGrant("The user signs in with a second factor: use the authorization code flow.")
                }
            case "client_credentials":
                guard client.isConfidential else {
                    throw OAuthError(
                        error: "unauthorized_client",
                        description: "Only confidential clients may use client_credentials."
                    )
                }
                return try clientToken(app: app, scope: form["scope"])
            case nil:
                throw OAuthError.invalidRequest("grant_type is required.")
            default:
                throw OAuthError(error: "unsupported_grant_type", description: "The grant type is not supported.")
            }
            guard let session = answer.session else { throw OAuthError.invalidGrant("No session was issued.") }
            return try tokenResponse([
                "access_token": session.accessToken, "token_type": "Bearer", "expires_in": session.expiresIn,
                "refresh_token": session.refreshToken, "scope": session.scope ?? TokenMinter.userScope,
            ])
        }

        table.on(.post, "/oauth/revoke", operation: "oauthRevoke", access: .oauthClient) { request, context in
            let form = try await form(of: request, reading: Self.tokenHintParameters)
            let client = try await clients.identify(request, context: context, form: form)
            guard let token = form["token"] else { throw OAuthError.invalidRequest("token is required.") }
            if let sessionID = try await sessionID(of: token, app: client.app) { try await accounts.revoke(sessionID: sessionID) }
            return Response(status: .ok, headers: [.cacheControl: "no-store"])
        }

        table.on(.post, "/oauth/introspect", operation: "oauthIntrospect", access: .oauthClient) { request, context in
            let form = try await form(of: request, reading: Self.tokenHintParameters)
            let client = try await clients.identify(request, context: context, form: form)
            guard client.isConfidential else { throw OAuthError.invalidClient(basic: false) }
            guard let token = form["token"] else { throw OAuthError.invalidRequest("token is required.") }
            return try tokenResponse(try await introspection(of: token, app: client.app))
        }

        let userinfo: RouteTable.Handler = { _, context in
            let principal = try context.user
            guard let account = try await userCache.account(id: principal.userID, appID: principal.app.id) else {
                throw APIError.invalidToken()
            }
            return try JSONResponse.make(object: account.userInfoClaims, headers: [.cacheControl: "no-store"])
        }
        table.on(.get, "/oauth/userinfo", operation: "getUserInfo", access: .user(.openid), handler: userinfo)
        table.on(.post, "/oauth/userinfo", operation: "postUserInfo", access: .user(.openid), handler: userinfo)
    }

    /// A confidential client's access token for `app`, as `client_credentials` and service-account
    /// assertions get it: no session, no refresh token, the scopes ``grantedScope(_:)`` gives.
    private func clientToken(app: App, scope requested: String?) throws -> Response {
        let scope = try grantedScope(requested).map(\.rawValue).sorted().joined(separator: " ")
        let (token, _) = try tokens.accessToken(app: app, subject: ClientPrincipal.subject(of: app), sessionID: nil, scope: scope)
        return try tokenResponse([
            "access_token": token, "token_type": "Bearer", "expires_in": app.settings.auth.accessTokenTTL, "scope": scope,
        ])
    }

    /// RFC 7523 §2.1: the assertion of a service-account key is the client's authentication (§3.1);
    /// a client that authenticates as well (RFC 6749 §2.3) must be the assertion's app.
    private func serviceAccountToken(_ request: Request, context: LatchkeyRequestContext, form: [String: String]) async throws -> Response {
        guard let assertion = form["assertion"] else { throw OAuthError.invalidRequest("assertion is required.") }
        let client: ClientAuthentication? =
            if form["client_id"] != nil || request.headers[.authorization] != nil {
                try await clients.identify(request, context: context, form: form)
            } else {
                nil
            }
        let app = try await serviceAccounts.app(for: assertion, at: time.now())
        if let client, client.app.id != app.id { throw OAuthError.invalidGrant("The assertion belongs to another client.") }
        return try clientToken(app: app, scope: form["scope"])
    }

    /// The scopes a confidential client's token request gets: those it asks for, every server-to-server
    /// scope when it asks for none (RFC 6749 §3.3 lets the server default), `invalid_scope` for
    /// one the server does not know.
    private func grantedScope(_ requested: String?) throws -> Set<Scope> {
        let known = Set(FeatureSet.all.flatMap { $0.clientScopes.map(\.scope) })
        guard let requested else { return known }
        let asked = Scope.parse(requested)
        guard !asked.isEmpty, asked.isSubset(of: known) else {
            throw OAuthError(error: "invalid_scope", description: "The requested scope is unknown or not allowed.")
        }
        return asked
    }

    /// RFC 6749 §6: a refresh may ask for no scope beyond what the session was granted, which is
    /// at most a user session's (``TokenMinter/userScope``): asking for more is `invalid_scope`,
    /// before the token is spent. A narrower request gets the session's own scope, which the
    /// answer's `scope` names (§3.3 lets the server decide).
    private static func checkRefreshScope(_ requested: String?) throws {
        guard let requested, !Scope.parse(requested).isSubset(of: Scope.parse(TokenMinter.userScope)) else { return }
        throw OAuthError(error: "invalid_scope", description: "The requested scope exceeds what the session was granted.")
    }

    private func form(of request: Request, reading parameters: Set<String>) async throws -> [String: String] {
        guard request.headers[.contentType]?.lowercased().hasPrefix("application/x-www-form-urlencoded") ?? false else {
            throw OAuthError.invalidRequest("The body must be application/x-www-form-urlencoded.")
        }
        guard let form = try await requests.form(of: request, recognized: parameters) else {
            throw OAuthError.invalidRequest("The form body is malformed or repeats a parameter.")
        }
        return form
    }

    private func tokenResponse(_ object: [String: Any]) throws -> Response {
        try JSONResponse.make(object: object, headers: [.cacheControl: "no-store", .pragma: "no-cache"])
    }

    /// The session a refresh or access token of `app` belongs to, whatever its state.
    private func sessionID(of token: String, app: App) async throws -> String? {
        if token.hasPrefix("lkr_") {
            guard let sessionID = try await sessions.sessionID(ofRefreshToken: token),
                let session = try await sessions.find(id: sessionID), session.appID == app.id
            else { return nil }
            return sessionID
        }
        guard let claims = try? await codec.verify(token, at: time.now()), claims.aud == app.clientID else {
            return nil
        }
        return claims.sid
    }

    /// RFC 7662 §2.2: the token's metadata if it is active and belongs to the caller's app, else
    /// `{"active": false}`.
    private func introspection(of token: String, app: App) async throws -> [String: Any] {
        let inactive: [String: Any] = ["active": false]
        let now = time.now()
        if token.hasPrefix("lkr_") {
            guard let sessionID = try await sessions.sessionID(ofRefreshToken: token, unusedOnly: true),
                let session = try await sessions.find(id: sessionID), session.appID == app.id,
                session.isLive(at: now, idleTTL: app.settings.auth.sessionIdleTTL),
                let account = try await userCache.account(id: session.userID, appID: app.id)
            else { return inactive }
            return [
                "active": true, "token_type": "refresh_token", "client_id": app.clientID, "sub": session.userID,
                "sid": session.id, "exp": Int(session.expiresAt.timeIntervalSince1970),
                "iat": Int(session.createdAt.timeIntervalSince1970), "iss": issuer.current,
                "scope": TokenMinter.scope(of: account),
            ]
        }
        guard let claims = try? await codec.verify(token, at: now), claims.aud == app.clientID else { return inactive }
        if let sid = claims.sid {
            guard let session = try await gate.liveSession(id: sid, at: now), session.userID == claims.sub else {
                return inactive
            }
        }
        var answer: [String: Any] = [
            "active": true, "token_type": "access_token", "client_id": claims.clientId, "sub": claims.sub,
            "aud": claims.aud, "iss": claims.iss, "exp": claims.exp, "iat": claims.iat, "nbf": claims.nbf,
            "jti": claims.jti, "scope": claims.scope,
        ]
        if let sid = claims.sid { answer["sid"] = sid }
        return answer
    }
}
