import Foundation

/// One external sign-in provider of an app: an OpenID Connect issuer (Apple, Google, any other)
/// whose ID tokens are verified against its JWKS, Facebook, whose access tokens are checked
/// with the Graph API's `debug_token`, or a plain OAuth 2.0 provider without ID tokens (GitHub,
/// Discord), whose user-info answer names the user. URLs are settings so tests can point at a
/// local provider.
public struct ProviderSettings: Codable, Sendable, Equatable {
    /// How the provider's tokens are checked.
    public enum Kind: String, Codable, Sendable {
        /// OpenID Connect ID tokens (JWT) verified against the issuer's JWKS.
        case openIDConnect = "oidc"
        /// Facebook user access tokens checked with `GET /debug_token`.
        case facebook
        /// OAuth 2.0 without ID tokens: the hosted login's code flow, then the user-info URL.
        case oauth2
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
    /// OpenID Connect: the scopes the hosted login's provider button asks for (default `openid
    /// email profile`; Apple takes `openid name email`).
    public var scopes: [String]?
    /// OpenID Connect: how the provider sends the browser back to the hosted login (default
    /// `query`). Apple requires `form_post` when the name or email scope is asked.
    public var responseMode: ResponseMode?
    /// Sign in with Apple: the team id and the key id of the `.p8` key the client secret is made
    /// with. With both set, ``clientSecret`` holds the `.p8` key (PEM), and the secret sent to
    /// the token endpoint is an ES256 JWT it signs (``AppleClientSecret``).
    public var teamID: String?
    public var keyID: String?
    /// OAuth 2.0: the authorization endpoint, the token endpoint and the user-info URL (`GET`
    /// with the access token as bearer; its JSON object names the user).
    public var authorizationURL: String?
    public var tokenURL: String?
    public var userInfoURL: String?
    /// OAuth 2.0: where in the user-info JSON the user's id, email, email verification and name
    /// are (dotted paths; default `id`, `email`, none, `name`).
    public var claimPaths: ClaimPaths?

    /// Dotted paths (`data.user.id`) into a user-info JSON object.
    public struct ClaimPaths: Codable, Sendable, Equatable {
        /// The user's stable id at the provider: a string or a number.
        public var id: String
        public var email: String?
        /// A JSON boolean (or the string `"true"`); without it, the email counts as unverified.
        public var emailVerified: String?
        public var name: String?

        /// Creates claim paths.
        public init(id: String = "id", email: String? = "email", emailVerified: String? = nil, name: String? = "name") {
            self.id = id
            self.email = email
            self.emailVerified = emailVerified
            self.name = name
        }
    }

    /// How a provider sends the authorization code back (OAuth 2.0 Form Post Response Mode).
    public enum ResponseMode: String, Codable, Sendable {
        /// A redirect with the code in the query string.
        case query
        /// A cross-site form `POST` with the code in the body.
        case formPost = "form_post"
    }

    /// Creates provider settings.
    public init(
        kind: Kind,
        issuer: String? = nil,
        clientIDs: [String],
        jwksURL: String? = nil,
        clientSecret: String? = nil,
        graphURL: String? = nil,
        scopes: [String]? = nil,
        responseMode: ResponseMode? = nil,
        teamID: String? = nil,
        keyID: String? = nil,
        authorizationURL: String? = nil,
        tokenURL: String? = nil,
        userInfoURL: String? = nil,
        claimPaths: ClaimPaths? = nil
    ) {
        self.kind = kind
        self.issuer = issuer
        self.clientIDs = clientIDs
        self.jwksURL = jwksURL
        self.clientSecret = clientSecret
        self.graphURL = graphURL
        self.scopes = scopes
        self.responseMode = responseMode
        self.teamID = teamID
        self.keyID = keyID
        self.authorizationURL = authorizationURL
        self.tokenURL = tokenURL
        self.userInfoURL = userInfoURL
        self.claimPaths = claimPaths
    }

    /// GitHub as a plain OAuth 2.0 provider: its numeric user id, its public profile email
    /// (unverified: GitHub's `/user` says nothing of verification, so it never links accounts by
    /// itself), its name. Register `<public URL>/oauth/authorize/provider/callback` as the OAuth
    /// app's callback URL.
    public static func github(clientID: String, clientSecret: String?) -> ProviderSettings {
        ProviderSettings(
            kind: .oauth2,
            clientIDs: [clientID],
            clientSecret: clientSecret,
            scopes: ["read:user", "user:email"],
            authorizationURL: "https://github.com/login/oauth/authorize",
            tokenURL: "https://github.com/login/oauth/access_token",
            userInfoURL: "https://api.github.com/user",
            claimPaths: ClaimPaths(id: "id", email: "email", emailVerified: nil, name: "name")
        )
    }

    /// The scopes the hosted login asks for: by default OpenID Connect's, none for plain OAuth 2.0.
    var requestedScopes: [String] { scopes ?? (kind == .oauth2 ? [] : ["openid", "email", "profile"]) }

    private var scopesProblem: String? {
        guard let scopes else { return nil }
        let valid =
            !scopes.isEmpty && scopes.count <= 20
            && scopes.allSatisfy { $0.range(of: "^[!#-\\[\\]-~]{1,100}$", options: .regularExpression) != nil }
        return valid ? nil : "scopes are 1 to 20 names of printable characters without spaces, quotes or backslashes"
    }

    /// The Graph API base URL in use.
    var graphBaseURL: String { graphURL ?? "https://graph.facebook.com" }

    /// What is wrong with these settings, or nil. Every URL is https (http only to a loopback host).
    func problem() -> String? {
        if clientIDs.isEmpty { return "at least one client id is needed" }
        switch kind {
        case .openIDConnect:
            guard let issuer else { return "an OpenID Connect provider needs an issuer URL" }
            if let problem = scopesProblem ?? AppleClientSecret.problem(of: self) { return problem }
            return OutboundHTTP.problem(discoveryIssuer ?? issuer, name: "the issuer")
                ?? jwksURL.flatMap { OutboundHTTP.problem($0, name: "the JWKS URL") }
        case .facebook:
            if clientSecret?.isEmpty ?? true { return "a Facebook provider needs the app secret" }
            return graphURL.flatMap { OutboundHTTP.problem($0, name: "the Graph API URL") }
        case .oauth2:
            let urls = [(authorizationURL, "the authorization URL"), (tokenURL, "the token URL"), (userInfoURL, "the user-info URL")]
            for (url, name) in urls {
                guard let url else { return "an OAuth 2.0 provider needs \(name)" }
                if let problem = OutboundHTTP.problem(url, name: name) { return problem }
            }
            let paths = claimPaths ?? ClaimPaths()
            let valid = [paths.id, paths.email, paths.emailVerified, paths.name].compactMap { $0 }.allSatisfy {
                $0.range(of: "^[A-Za-z0-9_-]{1,64}(\\.[A-Za-z0-9_-]{1,64}){0,7}$", options: .regularExpression) != nil
            }
            return scopesProblem ?? (valid ? nil : "claim paths are 1 to 8 names of letters, digits, _ and - joined by dots")
        }
    }
}
