import Crypto
import CryptoExtras
public import Foundation
import Hummingbird
import Logging
import NIOConcurrencyHelpers

/// A fake identity provider on 127.0.0.1: an OpenID Connect issuer (discovery and JWKS) that
/// signs real ID tokens with its own RSA and P-256 keys, with an authorization endpoint that
/// signs in the user a test names and a token endpoint that checks what a real one checks (code
/// single use, redirect URI, client, PKCE S256); a plain OAuth 2.0 provider like GitHub
/// (`/oauth2/authorize`, `/oauth2/token` answering only an access token, and `/user` with a
/// numeric `id`); and a Facebook Graph API (`debug_token`, `/me`) that knows the access tokens a
/// test registers. A real HTTP server, started on port 0,
/// shared by the server and SDK test targets.
public final class FakeIdentityProvider: Sendable {
    /// How a test token is signed.
    public enum Signer: Sendable {
        /// RS256 with the published RSA key.
        case rsa
        /// ES256 with the published P-256 key.
        case ec
        /// RS256 with a key that is not published, under the RSA key's `kid`.
        case forged
        /// `alg: none`, no signature.
        case none
        /// RS256 with a key published only after ``publishLateKey()``.
        case late
    }

    /// A Facebook user access token as `debug_token` describes it.
    public struct FacebookToken: Sendable {
        public var userID: String
        public var appID: String = FakeIdentityProvider.facebookAppID
        public var isValid = true
        public var expiresAt: Int = 0
        public var name: String?
        public var email: String?
        /// `first_name`, `birthday` (`MM/DD/YYYY`) and `gender`, as the Graph API gives them.
        public var firstName: String?
        public var birthday: String?
        public var gender: String?

        /// Describes a token of `userID`.
        public init(
            userID: String,
            appID: String = FakeIdentityProvider.facebookAppID,
            isValid: Bool = true,
            expiresAt: Int = 0,
            name: String? = nil,
            email: String? = nil,
            firstName: String? = nil,
            birthday: String? = nil,
            gender: String? = nil
        ) {
            self.userID = userID
            self.appID = appID
            self.isValid = isValid
            self.expiresAt = expiresAt
            self.name = name
            self.email = email
            self.firstName = firstName
            self.birthday = birthday
            self.gender = gender
        }
    }

    /// The Facebook app id and secret the Graph API fake expects in `debug_token`'s app token.
    public static let facebookAppID = "fb-app-1"
    public static let facebookSecret = "fb-secret-1"

    private let rsaKey: _RSA.Signing.PrivateKey
    private let forgedKey: _RSA.Signing.PrivateKey
    private let lateKey: _RSA.Signing.PrivateKey
    private let ecKey: P256.Signing.PrivateKey
    private let state: NIOLockedValueBox<State>
    private let service: RunningService

    /// The port it listens on.
    public var port: Int { service.port }

    private struct State {
        var lateKeyPublished = false
        var jwksFetches = 0
        var facebookTokens: [String: FacebookToken] = [:]
        var user = (subject: "browser-user", email: "browser-user@example.com", now: Date())
        var codes: [String: IssuedCode] = [:]
        var authorizationRequests: [[String: String]] = []
        var tokenRequests: [[String: String]] = []
        var appleSecrets: [AppleSecret] = []
        var accessTokens: [String: (subject: String, email: String)] = [:]
    }

    /// A Sign in with Apple client secret the token endpoint accepted: its header and claims.
    public struct AppleSecret: Sendable {
        public var header: [String: String]
        public var claims: [String: String]
        public var lifetime: Int
    }

    /// A code the authorization endpoint issued and the token endpoint has not yet redeemed.
    private struct IssuedCode {
        var clientID: String
        var redirectURI: String
        var challenge: String
        var nonce: String?
        var subject: String
        var email: String
        var issuedAt: Date
    }

    /// A client secret the token endpoint requires (nil: a public client, PKCE alone).
    public static let webClientSecret = "web-secret-1"

    /// Sign in with Apple: the team's `.p8` key (PEM), team id and key id. The token endpoint
    /// also takes, instead of ``webClientSecret``, an ES256 JWT client secret signed with this
    /// key as Apple requires it (`iss` the team, `sub` the client id, `aud`
    /// `https://appleid.apple.com`, `kid` the key id, unexpired, valid at most six months).
    private static let appleKey = P256.Signing.PrivateKey()
    public static var appleKeyPEM: String { appleKey.pemRepresentation }
    public static let appleTeamID = "TEAM123456"
    public static let appleKeyID = "KEY7654321"

    /// The Apple client secrets the token endpoint accepted, in order.
    public var appleSecrets: [AppleSecret] { state.withLockedValue { $0.appleSecrets } }

    /// The issuer URL (`iss`) of the tokens this provider signs.
    public var issuer: String { "http://127.0.0.1:\(port)" }

    /// How many times the JWKS was fetched.
    public var jwksFetches: Int { state.withLockedValue { $0.jwksFetches } }

    /// Starts a provider with fresh keys.
    public static func start() async throws -> FakeIdentityProvider {
        let state = NIOLockedValueBox(State())
        let keys = (
            rsa: try _RSA.Signing.PrivateKey(keySize: .bits2048), forged: try _RSA.Signing.PrivateKey(keySize: .bits2048),
            late: try _RSA.Signing.PrivateKey(keySize: .bits2048), ec: P256.Signing.PrivateKey()
        )
        var logger = Logger(label: "fake-identity-provider")
        logger.logLevel = .critical
        let router = Router()
        let provider = UncheckedBox<FakeIdentityProvider>()
        router.get(".well-known/openid-configuration") { _, _ in
            let issuer = provider.value.issuer
            return try json([
                "issuer": issuer, "jwks_uri": issuer + "/jwks", "authorization_endpoint": issuer + "/authorize",
                "token_endpoint": issuer + "/token",
            ])
        }
        router.get("authorize") { request, _ in
            let location = try provider.value.authorize(query: request.uri.query ?? "")
            return Response(status: .found, headers: [.location: location])
        }
        router.post("token") { request, _ in
            var request = request
            let body = try await request.collectBody(upTo: 64 * 1024)
            return try provider.value.token(form: String(buffer: body))
        }
        router.get("oauth2/authorize") { request, _ in
            let location = try provider.value.authorize(query: request.uri.query ?? "", openID: false)
            return Response(status: .found, headers: [.location: location])
        }
        router.post("oauth2/token") { request, _ in
            var request = request
            let body = try await request.collectBody(upTo: 64 * 1024)
            return try provider.value.token(form: String(buffer: body), idToken: false)
        }
        router.get("user") { request, _ in try provider.value.user(authorization: request.headers[.authorization]) }
        // Microsoft's multi-tenant discovery lives under `common`, beside the tenants' issuers.
        router.get("common/v2.0/.well-known/openid-configuration") { _, _ in
            let issuer = provider.value.issuer
            return try json([
                "issuer": issuer + "/{tenantid}/v2.0", "jwks_uri": issuer + "/jwks", "authorization_endpoint": issuer + "/authorize",
                "token_endpoint": issuer + "/token",
            ])
        }
        router.get("jwks") { _, _ in try json(["keys": provider.value.publishedKeys()]) }
        router.get("debug_token") { request, _ in try provider.value.debugToken(request.uri.queryParameters) }
        router.get("me") { request, _ in try provider.value.me(request.uri.queryParameters) }
        let service = try await RunningService.start(logger: logger) { reportPort in
            Application(
                router: router,
                configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: nil),
                onServerRunning: { channel in reportPort(channel.localAddress?.port ?? 0) },
                logger: logger
            )
        }
        provider.value = FakeIdentityProvider(keys: keys, state: state, service: service)
        return provider.value
    }

    private init(
        keys: (rsa: _RSA.Signing.PrivateKey, forged: _RSA.Signing.PrivateKey, late: _RSA.Signing.PrivateKey, ec: P256.Signing.PrivateKey),
        state: NIOLockedValueBox<State>,
        service: RunningService
    ) {
        rsaKey = keys.rsa
        forgedKey = keys.forged
        lateKey = keys.late
        ecKey = keys.ec
        self.state = state
        self.service = service
    }

    /// Stops the server.
    public func stop() async {
        await service.stop()
    }

    /// Adds the ``Signer/late`` key to the JWKS (a key rotation at the provider).
    public func publishLateKey() {
        state.withLockedValue { $0.lateKeyPublished = true }
    }

    /// The user the authorization endpoint signs in from now on, and the time its ID tokens are
    /// issued at (the server's clock in tests that set it).
    public func signInNext(subject: String, email: String, at now: Date = Date()) {
        state.withLockedValue { $0.user = (subject, email, now) }
    }

    /// The query fields of every authorization request, in order.
    public var authorizationRequests: [[String: String]] { state.withLockedValue { $0.authorizationRequests } }

    /// The form fields of every token request, in order.
    public var tokenRequests: [[String: String]] { state.withLockedValue { $0.tokenRequests } }

    /// The authorization endpoint: checks the request as a provider does and answers with where it
    /// sends the browser back — the redirect URI with a code (or `error`) and the state. An
    /// OpenID Connect request must ask for the `openid` scope; a plain OAuth 2.0 one need not.
    public func authorize(query: String, openID: Bool = true) throws -> String {
        let fields = Self.fields(query)
        guard let redirectURI = fields["redirect_uri"], var components = URLComponents(string: redirectURI) else {
            throw FakeProviderRefusal(reason: "no redirect_uri")
        }
        var answer = [URLQueryItem(name: "state", value: fields["state"])]
        let code = UUID().uuidString
        let issued = state.withLockedValue { state -> Bool in
            state.authorizationRequests.append(fields)
            guard fields["response_type"] == "code", fields["code_challenge_method"] == "S256", let challenge = fields["code_challenge"],
                let clientID = fields["client_id"], !openID || fields["scope"]?.split(separator: " ").contains("openid") == true
            else { return false }
            state.codes[code] = IssuedCode(
                clientID: clientID,
                redirectURI: redirectURI,
                challenge: challenge,
                nonce: fields["nonce"],
                subject: state.user.subject,
                email: state.user.email,
                issuedAt: state.user.now
            )
            return true
        }
        answer.append(issued ? URLQueryItem(name: "code", value: code) : URLQueryItem(name: "error", value: "invalid_request"))
        components.queryItems = (components.queryItems ?? []) + answer
        return components.string ?? redirectURI
    }

    /// The token endpoint: a code once, for its client and redirect URI, with the verifier of its
    /// challenge and the client's secret; an ID token for its user and nonce, or (plain OAuth 2.0)
    /// only an access token that `/user` knows.
    private func token(form: String, idToken withIDToken: Bool = true) throws -> Response {
        let fields = Self.fields(form)
        let issued = state.withLockedValue { state -> IssuedCode? in
            state.tokenRequests.append(fields)
            return fields["code"].flatMap { state.codes.removeValue(forKey: $0) }
        }
        guard fields["grant_type"] == "authorization_code", let issued, fields["redirect_uri"] == issued.redirectURI,
            fields["client_id"] == issued.clientID,
            fields["client_secret"] == Self.webClientSecret || appleSecret(fields["client_secret"], clientID: issued.clientID, at: issued.issuedAt),
            let verifier = fields["code_verifier"], Self.base64URL(Data(SHA256.hash(data: Data(verifier.utf8)))) == issued.challenge
        else { return try json(["error": "invalid_grant"], status: .badRequest) }
        guard withIDToken else {
            let accessToken = UUID().uuidString
            state.withLockedValue { $0.accessTokens[accessToken] = (issued.subject, issued.email) }
            return try json(["access_token": accessToken, "token_type": "bearer", "scope": "read:user,user:email"])
        }
        var extra: [String: Any] = ["email": issued.email, "email_verified": true]
        extra["nonce"] = issued.nonce
        let idToken = try self.idToken(claims(subject: issued.subject, audience: issued.clientID, at: issued.issuedAt, extra: extra))
        return try json(["access_token": UUID().uuidString, "token_type": "Bearer", "expires_in": 3600, "id_token": idToken])
    }

    /// Whether `secret` is an Apple client secret JWT for `clientID`, checked as Apple does; the
    /// accepted ones are recorded.
    private func appleSecret(_ secret: String?, clientID: String, at now: Date) -> Bool {
        let parts = (secret ?? "").split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let headerData = Self.base64URLDecode(parts[0]), let claimsData = Self.base64URLDecode(parts[1]),
            let signature = Self.base64URLDecode(parts[2]),
            let header = try? JSONSerialization.jsonObject(with: headerData) as? [String: Any],
            let claims = try? JSONSerialization.jsonObject(with: claimsData) as? [String: Any],
            let ecdsa = try? P256.Signing.ECDSASignature(rawRepresentation: signature),
            Self.appleKey.publicKey.isValidSignature(ecdsa, for: Data((parts[0] + "." + parts[1]).utf8)),
            header["alg"] as? String == "ES256", header["kid"] as? String == Self.appleKeyID,
            claims["iss"] as? String == Self.appleTeamID, claims["sub"] as? String == clientID,
            claims["aud"] as? String == "https://appleid.apple.com",
            let issuedAt = (claims["iat"] as? NSNumber)?.intValue, let expiry = (claims["exp"] as? NSNumber)?.intValue,
            expiry > Int(now.timeIntervalSince1970), expiry - issuedAt <= 15_777_000
        else { return false }
        let record = AppleSecret(
            header: header.compactMapValues { $0 as? String },
            claims: claims.mapValues { "\($0)" },
            lifetime: expiry - issuedAt
        )
        state.withLockedValue { $0.appleSecrets.append(record) }
        return true
    }

    private static func base64URLDecode(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }

    private static func fields(_ query: String) -> [String: String] {
        var components = URLComponents()
        components.percentEncodedQuery = query.replacingOccurrences(of: "+", with: "%20")
        return Dictionary((components.queryItems ?? []).map { ($0.name, $0.value ?? "") }) { first, _ in first }
    }

    /// Makes `token` a Facebook access token the Graph API fake knows.
    public func register(facebookToken token: String, _ description: FacebookToken) {
        state.withLockedValue { $0.facebookTokens[token] = description }
    }

    /// Standard ID-token claims for `subject`, issued at `now` for an hour, for `audience`, with a
    /// fresh `jti`: each call makes a new token (a server accepts a token once).
    public func claims(subject: String, audience: Any = "client-1", at now: Date, extra: [String: Any] = [:]) -> [String: Any] {
        let issuedAt = Int(now.timeIntervalSince1970)
        let base: [String: Any] = [
            "iss": issuer, "sub": subject, "aud": audience, "iat": issuedAt, "exp": issuedAt + 3600, "jti": UUID().uuidString,
        ]
        return base.merging(extra) { $1 }
    }

    /// A compact JWS of `claims` signed by `signer`; `kid` overrides the key id in the header.
    public func idToken(_ claims: [String: Any], signer: Signer = .rsa, kid: String? = nil) throws -> String {
        let (algorithm, defaultKid): (String, String) =
            switch signer {
            case .rsa, .forged: ("RS256", "rsa-1")
            case .late: ("RS256", "rsa-late")
            case .ec: ("ES256", "ec-1")
            case .none: ("none", "rsa-1")
            }
        let header = ["alg": algorithm, "kid": kid ?? defaultKid, "typ": "JWT"]
        let input =
            Self.base64URL(try JSONSerialization.data(withJSONObject: header)) + "."
            + Self.base64URL(try JSONSerialization.data(withJSONObject: claims))
        let digest = SHA256.hash(data: Data(input.utf8))
        let signature: Data =
            switch signer {
            case .rsa: try rsaKey.signature(for: digest, padding: .insecurePKCS1v1_5).rawRepresentation
            case .forged: try forgedKey.signature(for: digest, padding: .insecurePKCS1v1_5).rawRepresentation
            case .late: try lateKey.signature(for: digest, padding: .insecurePKCS1v1_5).rawRepresentation
            case .ec: P256Malleation.lowS(try ecKey.signature(for: digest).rawRepresentation)
            case .none: Data()
            }
        return input + "." + Self.base64URL(signature)
    }

    private func publishedKeys() throws -> [[String: String]] {
        let published = state.withLockedValue { state -> Bool in
            state.jwksFetches += 1
            return state.lateKeyPublished
        }
        var keys = [try Self.jwk(rsaKey.publicKey, kid: "rsa-1"), Self.jwk(ecKey.publicKey, kid: "ec-1")]
        if published { keys.append(try Self.jwk(lateKey.publicKey, kid: "rsa-late")) }
        return keys
    }

    /// A plain OAuth 2.0 access token of `subject` that `/user` knows, as the provider would give
    /// any app of its own.
    public func issueAccessToken(subject: String, email: String) -> String {
        let token = UUID().uuidString
        state.withLockedValue { $0.accessTokens[token] = (subject, email) }
        return token
    }

    /// GitHub's `GET /user`: the bearer token's user, its id a number when the subject is digits.
    private func user(authorization: String?) throws -> Response {
        let token = authorization.map { String($0.dropFirst("Bearer ".count)) } ?? ""
        guard let user = state.withLockedValue({ $0.accessTokens[token] }) else {
            return try json(["message": "Bad credentials"], status: .unauthorized)
        }
        let id: Any = Int(user.subject) ?? user.subject
        return try json(["id": id, "login": "user\(user.subject)", "name": "Octo Cat", "email": user.email])
    }

    private func debugToken(_ query: Parameters) throws -> Response {
        guard query["access_token"].map(String.init) == "\(Self.facebookAppID)|\(Self.facebookSecret)" else {
            return try json(["error": ["message": "bad app token"]], status: .badRequest)
        }
        guard let token = query["input_token"].map(String.init),
            let known = state.withLockedValue({ $0.facebookTokens[token] })
        else { return try json(["data": ["is_valid": false]]) }
        return try json([
            "data": ["app_id": known.appID, "is_valid": known.isValid, "expires_at": known.expiresAt, "user_id": known.userID]
        ])
    }

    private func me(_ query: Parameters) throws -> Response {
        guard let token = query["access_token"].map(String.init), let known = state.withLockedValue({ $0.facebookTokens[token] }) else {
            return try json(["error": ["message": "bad token"]], status: .badRequest)
        }
        var profile: [String: Any] = ["id": known.userID]
        // Like the Graph API, only the fields asked for.
        let fields = Set((query["fields"].map(String.init) ?? "id,name").split(separator: ",").map(String.init))
        let values: [String: String?] = [
            "name": known.name, "email": known.email, "first_name": known.firstName, "birthday": known.birthday, "gender": known.gender,
        ]
        for (field, value) in values where fields.contains(field) { profile[field] = value }
        return try json(profile)
    }

    private static func jwk(_ key: _RSA.Signing.PublicKey, kid: String) throws -> [String: String] {
        let primitives = try key.getKeyPrimitives()
        return [
            "kty": "RSA", "kid": kid, "use": "sig", "alg": "RS256", "n": base64URL(primitives.modulus), "e": base64URL(primitives.publicExponent),
        ]
    }

    private static func jwk(_ key: P256.Signing.PublicKey, kid: String) -> [String: String] {
        let raw = key.rawRepresentation
        return ["kty": "EC", "kid": kid, "crv": "P-256", "x": base64URL(raw.prefix(32)), "y": base64URL(raw.suffix(32))]
    }

    public static func base64URL(_ data: some DataProtocol) -> String {
        Data(data).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}

/// What the fake's authorization endpoint refuses without a redirect.
public struct FakeProviderRefusal: Error {
    public var reason: String
}

/// A JSON response.
private func json(_ object: Any, status: HTTPResponse.Status = .ok) throws -> Response {
    let body = try JSONSerialization.data(withJSONObject: object)
    return Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: body)))
}

/// Lets the routes reach the provider object that is made after the router.
private final class UncheckedBox<Value>: @unchecked Sendable {
    // @unchecked: written once before the server answers its first request, read-only after.
    private var stored: Value?
    var value: Value {
        get { stored! }
        set { stored = newValue }
    }
}

extension FakeIdentityProvider: TestServer {}
