/// An OpenID Connect provider's authorization and token endpoints, from its discovery document
/// (`<issuer>/.well-known/openid-configuration`), each an https URL (or loopback).
struct ProviderEndpoints: Sendable {
    var authorization: String
    var token: String

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
