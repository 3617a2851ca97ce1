import Hummingbird
import Logging
import ServiceLifecycle

/// Signing keys, and `/.well-known/jwks.json` and `/.well-known/openid-configuration`, so other
/// services can verify Latchkey's tokens and find its endpoints (the hosted login's among them).
struct TokensFeature: Feature {
    static let id = "tokens"
    let issuer: Issuer
    let keyRing: KeyRing
    let logger: Logger

    init(backend: LatchkeyBackend) {
        self.issuer = backend.issuer
        self.keyRing = backend.keyRing
        self.logger = backend.logger
    }

    static let migrations = [
        Migration(
            1,
            baseline: 1,
            [
                """
                CREATE TABLE signing_keys (
                    kid TEXT PRIMARY KEY,
                    algorithm TEXT NOT NULL,
                    private_key TEXT NOT NULL,
                    created_at BIGINT NOT NULL,
                    retired_at BIGINT
                )
                """
            ]
        )
    ]

    static let tables: [OwnedTable] = [.shared("signing_keys", why: "the installation's token signing keys")]

    static let module: ModuleDeclaration? = ModuleDeclaration(title: "Token verification keys and OpenID discovery", access: .anyone)

    /// Every node re-reads the keys, so a rotation from the CLI or another node is seen within 5 s.
    var services: [any Service] {
        [KeyRefreshService(keyRing: keyRing, interval: .seconds(5), logger: logger)]
    }

    func routes(into table: inout RouteTable) {
        table.on(.get, "/.well-known/jwks.json", operation: "getJWKS", access: .anyone) { _, _ in
            let keys = keyRing.publishedKeys().map(\.publicJWK)
            return try JSONResponse.make(object: ["keys": keys], headers: [.cacheControl: "public, max-age=300"])
        }

        table.on(.get, "/.well-known/openid-configuration", operation: "getOpenIDConfiguration", access: .anyone) { _, _ in
            let issuer = issuer.current
            let document: [String: Any] = [
                "issuer": issuer,
                "jwks_uri": issuer + "/.well-known/jwks.json",
                "authorization_endpoint": issuer + "/oauth/authorize",
                "token_endpoint": issuer + "/oauth/token",
                "revocation_endpoint": issuer + "/oauth/revoke",
                "introspection_endpoint": issuer + "/oauth/introspect",
                "userinfo_endpoint": issuer + "/oauth/userinfo",
                "end_session_endpoint": issuer + "/oauth/logout",
                "grant_types_supported": [
                    "authorization_code", "refresh_token", "client_credentials", ServiceAccountGrant.grantType, "password",
                ],
                "response_types_supported": ["code"],
                "response_modes_supported": ["query"],
                "code_challenge_methods_supported": ["S256"],
                "prompt_values_supported": ["none", "login"],
                "ui_locales_supported": Language.allCases.map(\.rawValue),
                "authorization_response_iss_parameter_supported": true,
                "request_parameter_supported": false,
                "request_uri_parameter_supported": false,
                "token_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post", "none"],
                "revocation_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post", "none"],
                "introspection_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post"],
                "subject_types_supported": ["public"],
                "id_token_signing_alg_values_supported": [SigningKey.algorithm],
                "scopes_supported": AuthorizationRequest.supportedScopes.sorted(),
                "claims_supported": [
                    "sub", "iss", "aud", "exp", "iat", "auth_time", "nonce", "sid", "at_hash", "azp", "preferred_username", "email",
                    "email_verified", "updated_at",
                ],
            ]
            return try JSONResponse.make(object: document, headers: [.cacheControl: "public, max-age=300"])
        }
    }
}
