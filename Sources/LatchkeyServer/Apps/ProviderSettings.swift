import Foundation

/// One external sign-in provider of an app: an OpenID Connect issuer (Apple, Google, any other)
/// whose ID tokens are verified against its JWKS, or Facebook, whose access tokens are checked
/// with the Graph API's `debug_token`. URLs are settings so tests can point at a local provider.
public struct ProviderSettings: Codable, Sendable, Equatable {
    /// How the provider's tokens are checked.
    public enum Kind: String, Codable, Sendable {
        /// OpenID Connect ID tokens (JWT) verified against the issuer's JWKS.
        case openIDConnect = "oidc"
        /// Facebook user access tokens checked with `GET /debug_token`.
        case facebook
    }

    /// How the provider's tokens are checked.
    public var kind: Kind
    /// OpenID Connect: the issuer, exactly as in the `iss` claim (`https://accounts.google.com`).
    public var issuer: String?
    /// The app's client ids at the provider: accepted ID-token audiences (OIDC; the first is the
    /// one the hosted login's provider button signs in with), or the Facebook app id that
    /// `debug_token` must report.
    public var clientIDs: [String]
    /// OpenID Connect: the JWKS URL; nil discovers it from the issuer's
    /// `/.well-known/openid-configuration`.
    public var jwksURL: String?
    /// Facebook: the app secret, for the app access token `debug_token` needs. OpenID Connect:
    /// the secret of the first client id, sent to the token endpoint when the hosted login's
    /// provider button exchanges a code (none: a public client, PKCE alone).
    public var clientSecret: String?
    /// Facebook: the Graph API base URL (default `https://graph.facebook.com`).
    public var graphURL: String?

    /// Creates provider settings.
    public init(
        kind: Kind, issuer: String? = nil, clientIDs: [String], jwksURL: String? = nil, clientSecret: String? = nil,
        graphURL: String? = nil
    ) {
        self.kind = kind
        self.issuer = issuer
        self.clientIDs = clientIDs
        self.jwksURL = jwksURL
        self.clientSecret = clientSecret
        self.graphURL = graphURL
    }

    /// The Graph API base URL in use.
    var graphBaseURL: String { graphURL ?? "https://graph.facebook.com" }

    /// What is wrong with these settings, or nil. Every URL is https (http only to a loopback host).
    func problem() -> String? {
        if clientIDs.isEmpty { return "at least one client id is needed" }
        switch kind {
        case .openIDConnect:
            guard let issuer else { return "an OpenID Connect provider needs an issuer URL" }
            return OutboundHTTP.problem(issuer, name: "the issuer") ?? jwksURL.flatMap { OutboundHTTP.problem($0, name: "the JWKS URL") }
        case .facebook:
            if clientSecret?.isEmpty ?? true { return "a Facebook provider needs the app secret" }
            return graphURL.flatMap { OutboundHTTP.problem($0, name: "the Graph API URL") }
        }
    }
}
