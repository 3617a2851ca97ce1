import Hummingbird

/// `/.well-known/jwks.json` and `/.well-known/openid-configuration`, so other services can verify
/// Latchkey's tokens and find its endpoints.
struct WellKnownRoutes {
    let backend: LatchkeyBackend

    func register(on router: Router<LatchkeyRequestContext>) {
        router.get(".well-known/jwks.json") { _, _ -> Response in
            let keys = backend.keyRing.publishedKeys().map(\.publicJWK)
            return try JSONResponse.make(object: ["keys": keys], headers: [.cacheControl: "public, max-age=300"])
        }

        router.get(".well-known/openid-configuration") { _, _ -> Response in
            let issuer = backend.issuer.current
            let document: [String: Any] = [
                "issuer": issuer,
                "jwks_uri": issuer + "/.well-known/jwks.json",
                "token_endpoint": issuer + "/oauth/token",
                "revocation_endpoint": issuer + "/oauth/revoke",
                "introspection_endpoint": issuer + "/oauth/introspect",
                "userinfo_endpoint": issuer + "/oauth/userinfo",
                "grant_types_supported": ["refresh_token", "client_credentials", "password"],
                "response_types_supported": [String](),
                "token_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post", "none"],
                "revocation_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post", "none"],
                "introspection_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post"],
                "subject_types_supported": ["public"],
                "id_token_signing_alg_values_supported": [SigningKey.algorithm],
                "scopes_supported": ["openid", "profile"],
                "claims_supported": ["sub", "iss", "aud", "exp", "iat", "preferred_username", "email", "email_verified"],
            ]
            return try JSONResponse.make(object: document, headers: [.cacheControl: "public, max-age=300"])
        }
    }
}
