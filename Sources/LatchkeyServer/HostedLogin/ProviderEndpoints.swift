/// A provider's authorization and token endpoints: an OpenID Connect provider's from its
/// discovery document (`<issuer>/.well-known/openid-configuration`), a plain OAuth 2.0
/// provider's from its settings; each an https URL (or loopback).
struct ProviderEndpoints: Sendable {
    var authorization: String
    var token: String

    /// The endpoints of a provider the hosted login signs in with.
    static func of(_ settings: ProviderSettings) async throws(ProviderCheckFailure) -> ProviderEndpoints {
        if settings.kind == .oauth2, let authorization = settings.authorizationURL, let token = settings.tokenURL {
            return ProviderEndpoints(authorization: authorization, token: token)
        }
        guard let issuer = settings.discoveryIssuer else { throw .unreachable("no issuer configured") }
        return try await discover(issuer: issuer)
    }

    /// Reads `issuer`'s discovery document; ``ProviderCheckFailure/unreachable(_:)`` when it
    /// cannot be read or lacks either endpoint.
    static func discover(issuer: String) async throws(ProviderCheckFailure) -> ProviderEndpoints {
        let discovery = try await ProviderHTTP.getJSON(issuer.trimmingSuffix("/") + "/.well-known/openid-configuration")
        guard discovery.status == 200, let authorization = discovery.object["authorization_endpoint"] as? String,
            let token = discovery.object["token_endpoint"] as? String
        else { throw .unreachable("discovery document without authorization_endpoint and token_endpoint") }
        for (url, name) in [(authorization, "the authorization endpoint"), (token, "the token endpoint")] {
            if let problem = OutboundHTTP.problem(url, name: name) { throw .unreachable(problem) }
        }
        return ProviderEndpoints(authorization: authorization, token: token)
    }
}
