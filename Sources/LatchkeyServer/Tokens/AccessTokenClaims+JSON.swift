import LatchkeyWire

extension AccessTokenClaims {
    /// The claims as a token's payload: the members the wire encoder would write, in its order
    /// (sorted by name), without going through `JSONEncoder` (see ``JSONObjectWriter``).
    var json: String {
        var object = JSONObjectWriter()
        object.add("app_id", appId)
        object.add("aud", aud)
        object.add("client_id", clientId)
        object.add("exp", exp)
        object.add("iat", iat)
        object.add("is_anonymous", isAnonymous)
        object.add("iss", iss)
        object.add("jti", jti)
        object.add("nbf", nbf)
        object.add("scope", scope)
        object.add("sid", sid)
        object.add("sub", sub)
        return object.finish()
    }
}
