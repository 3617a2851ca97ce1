import LatchkeyWire

extension SessionTokens {
    /// The tokens as a refresh answers them: the members the wire encoder would write, in its
    /// order (sorted by name), without going through `JSONEncoder` (see ``JSONObjectWriter``).
    var json: String {
        var object = JSONObjectWriter()
        object.add("accessToken", accessToken)
        object.add("expiresAt", expiresAt)
        object.add("expiresIn", expiresIn)
        object.add("refreshToken", refreshToken)
        object.add("scope", scope)
        object.add("tokenType", tokenType)
        return object.finish()
    }
}
