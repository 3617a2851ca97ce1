import Hummingbird

/// Adds the headers every response carries: no sniffing, no framing (unless the response allows
/// its own origin), no referrer, HSTS, and `no-store` on API answers (tokens must not be cached).
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = LatchkeyRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.xContentTypeOptions] = "nosniff"
        // A response that may be framed by the server's own pages (an email preview) says so itself.
        if response.headers[.xFrameOptions] == nil { response.headers[.xFrameOptions] = "DENY" }
        response.headers[.referrerPolicy] = "no-referrer"
        response.headers[.strictTransportSecurity] = "max-age=31536000; includeSubDomains"
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
        return response
    }
}
