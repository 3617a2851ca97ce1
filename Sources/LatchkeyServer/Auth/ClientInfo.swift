/// Who is on the other end of a request, as far as the server can tell.
struct ClientInfo: Sendable {
    /// The client IP (from the socket, or `X-Forwarded-For` behind a trusted proxy).
    var ipAddress: String?
    /// The `User-Agent` header.
    var userAgent: String?
}
