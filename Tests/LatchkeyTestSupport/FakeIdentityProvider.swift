import Crypto
import CryptoExtras
public import Foundation
import Hummingbird
import Logging
import NIOConcurrencyHelpers

/// A fake identity provider on 127.0.0.1: an OpenID Connect issuer (discovery and JWKS) that
/// signs real ID tokens with its own RSA and P-256 keys, and a Facebook Graph API (`debug_token`,
/// `/me`) that knows the access tokens a test registers. A real HTTP server, started on port 0,
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
            userID: String, appID: String = FakeIdentityProvider.facebookAppID, isValid: Bool = true, expiresAt: Int = 0,
            name: String? = nil, email: String? = nil, firstName: String? = nil, birthday: String? = nil, gender: String? = nil
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
    }

    /// The issuer URL (`iss`) of the tokens this provider signs.
    public var issuer: String { "http://127.0.0.1:\(port)" }

    /// How many times the JWKS was fetched.
    public var jwksFetches: Int { state.withLockedValue { $0.jwksFetches } }

    /// Starts a provider with fresh keys.
    public static func start() async throws -> FakeIdentityProvider {
        let state = NIOLockedValueBox(State())
        let keys = (
            rsa: try _RSA.Signing.PrivateKey(keySize: .bits2048), forged: try _RSA.Signing.PrivateKey(keySize: .bits2048),
            late: try _RSA.Signing.PrivateKey(keySize: .bits2048), ec: P256.Signing.PrivateKey())
        var logger = Logger(label: "fake-identity-provider")
        logger.logLevel = .critical
        let router = Router()
        let provider = UncheckedBox<FakeIdentityProvider>()
        router.get(".well-known/openid-configuration") { _, _ in
            try json(["issuer": provider.value.issuer, "jwks_uri": provider.value.issuer + "/jwks"])
        }
        router.get("jwks") { _, _ in try json(["keys": provider.value.publishedKeys()]) }
        router.get("debug_token") { request, _ in try provider.value.debugToken(request.uri.queryParameters) }
        router.get("me") { request, _ in try provider.value.me(request.uri.queryParameters) }
        let service = try await RunningService.start(logger: logger) { reportPort in
            Application(
                router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: nil),
                onServerRunning: { channel in reportPort(channel.localAddress?.port ?? 0) }, logger: logger)
        }
        provider.value = FakeIdentityProvider(keys: keys, state: state, service: service)
        return provider.value
    }

    private init(
        keys: (rsa: _RSA.Signing.PrivateKey, forged: _RSA.Signing.PrivateKey, late: _RSA.Signing.PrivateKey, ec: P256.Signing.PrivateKey),
        state: NIOLockedValueBox<State>, service: RunningService
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
        return ["kty": "RSA", "kid": kid, "use": "sig", "alg": "RS256", "n": base64URL(primitives.modulus), "e": base64URL(primitives.publicExponent)]
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
