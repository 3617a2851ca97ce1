/// The claims of a Latchkey access token (RFC 9068 profile), as KWS's `metadata` shows them.
/// No personal data: ids, app and scope only.
public struct AccessTokenClaims: Codable, Sendable, Equatable {
    /// Issuer: the server's public base URL.
    public var iss: String
    /// Subject: the user id.
    public var sub: String
    /// Audience: the app's client id.
    public var aud: String
    /// Expiry, seconds since 1970.
    public var exp: Int
    /// Issued at, seconds since 1970.
    public var iat: Int
    /// Not before, seconds since 1970.
    public var nbf: Int
    /// A unique token id.
    public var jti: String
    /// The session id; absent on client-credentials tokens, which belong to no user session.
    public var sid: String?
    /// Space-separated scopes.
    public var scope: String
    /// The app id (KWS `appId`).
    public var appId: String
    /// The client id (KWS `clientId`).
    public var clientId: String
    /// `true` on a guest's tokens (Supabase's `is_anonymous`), so an app's own server can treat
    /// guests apart without a lookup; absent otherwise.
    public var isAnonymous: Bool?

    enum CodingKeys: String, CodingKey {
        case iss, sub, aud, exp, iat, nbf, jti, sid, scope
        case appId = "app_id"
        case clientId = "client_id"
        case isAnonymous = "is_anonymous"
    }

    /// Creates a claim set.
    public init(
        iss: String,
        sub: String,
        aud: String,
        exp: Int,
        iat: Int,
        nbf: Int,
        jti: String,
        sid: String?,
        scope: String,
        appId: String,
        clientId: String,
        isAnonymous: Bool? = nil
    ) {
        self.iss = iss
        self.sub = sub
        self.aud = aud
        self.exp = exp
        self.iat = iat
        self.nbf = nbf
        self.jti = jti
        self.sid = sid
        self.scope = scope
        self.appId = appId
        self.clientId = clientId
        self.isAnonymous = isAnonymous
    }
}
