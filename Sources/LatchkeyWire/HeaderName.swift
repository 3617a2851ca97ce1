/// HTTP header names that Latchkey's API defines.
public enum HeaderName {
    /// Names the app (tenant) of an app-scoped request that carries no bearer token.
    public static let clientID = "Latchkey-Client-Id"
    /// Echoes (or assigns) the request id.
    public static let requestID = "X-Request-Id"
}
