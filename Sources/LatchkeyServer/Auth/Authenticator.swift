import Foundation
import HTTPTypes
import Hummingbird
import LatchkeyWire
import Logging

/// Establishes a request's ``Principal`` from what its route's ``Access`` asks for: the app a
/// public client names, or `Authorization: Bearer <jwt>` — signature and claims (cached once
/// verified), the app named by `aud`, agreement with `Latchkey-Client-Id`, then a live session
/// for a user or the scopes of a confidential client's token.
struct Authenticator: Sendable {
    let appDirectory: AppDirectory
    let codec: AccessTokenCodec
    let gate: SessionGate
    let logger: Logger
    let time: any TimeSource
    let tokenCache: VerifiedTokenCache
    let operators: OperatorService
    let pages: PageRenderer
    let requests: RequestReader
    let csrf: CSRFProtection

    init(backend: LatchkeyBackend) {
        self.operators = backend.operators
        self.pages = backend.pages
        self.requests = backend.requests
        self.csrf = backend.csrf
        self.appDirectory = backend.appDirectory
        self.codec = backend.codec
        self.gate = backend.gate
        self.logger = backend.logger
        self.time = backend.time
        self.tokenCache = backend.tokenCache
    }

    /// The principal `access` asks for; nil for routes that need none (or authenticate their
    /// OAuth client themselves). Throws `401`/`403` problems as RFC 6750 §3.1 describes.
    func principal(for request: Request, access: Access) async throws -> Principal? {
        switch access {
        case .anyone, .oauthClient:
            return nil
        case .anyoneNamed:
            return await anyPrincipal(for: request)
        case .app:
            return .app(try await app(namedBy: request))
        case .user(let scope):
            let user = try await principal(for: request)
            try Self.require(scope, in: user.claims.scope)
            return .user(user)
        case .client(let scope):
            let client = try await client(for: request)
            try Self.require(scope, in: client.scopes)
            return .client(client)
        case .operator(let role):
            let signedIn = try await signedInOperator(for: request)
            guard signedIn.operator.role >= role else { throw APIError(.forbidden, .forbidden) }
            return .operator(signedIn)
        case .consolePage(let role):
            return .operator(try await consoleOperator(for: request, role: role))
        case .consoleSecondStep:
            return .operatorSigningIn(try await consoleOperatorSigningIn(for: request))
        case .browser:
            return .browser(sessionCookie: BrowserSessionStore.cookie(of: request))
        case .scheme(let scheme):
            return try await scheme.resolve(request)
        }
    }

    /// The operator whose live session token the request bears, or `401 invalid_token`.
    func signedInOperator(for request: Request) async throws -> OperatorPrincipal {
        guard let token = Self.bearerToken(in: request) else { throw APIError.invalidToken(.unauthorized) }
        guard let (row, session) = try await operators.authenticate(token: token, stage: .live) else { throw APIError.invalidToken() }
        return OperatorPrincipal(operator: row.operator, sessionID: session.id)
    }

    /// The app an unauthenticated request names with `Latchkey-Client-Id`. A missing header is
    /// a missing credential of the `clientId` security scheme: 401 `unknown_client`, as for an
    /// unknown client id.
    func app(namedBy request: Request) async throws -> App {
        guard let clientID = request.headers[.clientID], let app = try await appDirectory.app(clientID: clientID) else {
            throw APIError(.unauthorized, .unknownClient)
        }
        return app
    }

    /// Whoever a bearer token names, user or confidential client; nil without a usable token.
    /// For answers that describe rather than guard (`hello`).
    func anyPrincipal(for request: Request) async -> Principal? {
        guard Self.bearerToken(in: request) != nil else { return nil }
        if let user = try? await principal(for: request) { return .user(user) }
        return (try? await client(for: request)).map(Principal.client)
    }

    /// The signed-in user, or `401` with `WWW-Authenticate: Bearer error="invalid_token"`.
    func principal(for request: Request) async throws -> UserPrincipal {
        let (claims, app) = try await bearer(of: request)
        return try await user(claims: claims, app: app)
    }

    /// The user of verified `claims` of `app` whose session is live, or `401` like
    /// ``principal(for:)``. A confidential client's token is refused with `403`: it is valid,
    /// but not for a user's routes (as a user's token is refused on server-to-server ones).
    func user(claims: AccessTokenClaims, app: App) async throws -> UserPrincipal {
        if Self.client(claims: claims, app: app) != nil { throw Self.insufficientScope }
        guard let sessionID = claims.sid,
            let session = try await gate.liveSession(id: sessionID, at: time.now()),
            session.userID == claims.sub, session.appID == app.id
        else { throw APIError.invalidToken() }
        return UserPrincipal(claims: claims, app: app)
    }

    /// The confidential client of a `client_credentials` token. A user's token is refused with
    /// `403`: it is valid, but not for server-to-server routes.
    func client(for request: Request) async throws -> ClientPrincipal {
        let (claims, app) = try await bearer(of: request)
        guard let client = Self.client(claims: claims, app: app) else { throw Self.insufficientScope }
        return client
    }

    /// The confidential client of verified `claims` of `app`; nil for a user's token (one with a
    /// session, or another subject than the app's client).
    static func client(claims: AccessTokenClaims, app: App) -> ClientPrincipal? {
        guard claims.sid == nil, claims.sub == ClientPrincipal.subject(of: app) else { return nil }
        return ClientPrincipal(app: app, scopes: Scope.parse(claims.scope))
    }

    /// The verified claims of the request's bearer token and the app they belong to, which a
    /// `Latchkey-Client-Id` sent alongside must name too.
    private func bearer(of request: Request) async throws -> (claims: AccessTokenClaims, app: App) {
        guard let token = Self.bearerToken(in: request) else { throw APIError.invalidToken(.unauthorized) }
        let (claims, app) = try await verified(token)
        if let named = request.headers[.clientID], named != claims.aud {
            throw APIError(.unauthorized, .clientMismatch, headers: [.wwwAuthenticate: #"Bearer error="invalid_token""#])
        }
        return (claims, app)
    }

    /// The verified claims of `token` and the app they belong to, however the token was carried.
    func verified(_ token: String) async throws -> (claims: AccessTokenClaims, app: App) {
        let claims = try await verifiedClaims(token)
        guard let app = try await appDirectory.app(clientID: claims.aud), app.id == claims.appId,
            claims.sid != nil || Self.accepts(clientTokenIssuedAt: claims.iat, of: app)
        else {
            throw APIError.invalidToken()
        }
        return (claims, app)
    }

    /// Whether a confidential client's token issued at `issuedAt` (seconds) still stands: a
    /// client-secret rotation or a service-account key revocation ends every client token of the
    /// app issued before it — in its second too, so none minted with the old credential survives;
    /// the client fetches another with the credential it still holds.
    static func accepts(clientTokenIssuedAt issuedAt: Int, of app: App) -> Bool {
        app.clientCredentialsChangedAt.map { Int64(issuedAt) > $0 } ?? true
    }

    /// Refuses a token whose scopes lack `scope` (RFC 6750 §3.1: 403 `insufficient_scope`).
    static func require(_ scope: Scope, in granted: Set<Scope>) throws {
        guard granted.contains(scope) else { throw insufficientScope }
    }

    /// ``require(_:in:)`` over a token's `scope` claim.
    static func require(_ scope: Scope, in claim: String) throws {
        try require(scope, in: Scope.parse(claim))
    }

    private static let insufficientScope = APIError(
        .forbidden,
        .insufficientScope,
        headers: [.wwwAuthenticate: #"Bearer error="insufficient_scope""#]
    )

    /// The claims of a token whose signature, header, issuer and times check out.
    func verifiedClaims(_ token: String) async throws -> AccessTokenClaims {
        let now = time.now()
        if let claims = tokenCache.claims(for: token, at: now) { return claims }
        do {
            let claims = try await codec.verify(token, at: now)
            tokenCache.insert(token, claims: claims, at: now)
            return claims
        } catch {
            logger.debug("access token refused", metadata: ["reason": "\(error)"])
            throw APIError.invalidToken()
        }
    }

    /// The token of an `Authorization: Bearer` header (RFC 6750 §2.1), if present.
    static func bearerToken(in request: Request) -> String? {
        guard let header = request.headers[.authorization] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        // Trimmed without Foundation, whose string bridging every authenticated request would pay.
        var token = parts[1]
        while token.first?.isWhitespace == true { token.removeFirst() }
        while token.last?.isWhitespace == true { token.removeLast() }
        return token.isEmpty ? nil : String(token)
    }
}
