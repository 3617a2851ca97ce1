import Hummingbird

/// Adds the headers every response carries: no sniffing, no framing, no referrer, HSTS, and
/// `no-store` on API answers (tokens must not be cached).
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = LatchkeyRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.xFrameOptions] = "DENY"
        response.headers[.referrerPolicy] = "no-referrer"
        response.headers[.strictTransportSecurity] = "max-age=31536000; includeSubDomains"
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
        return response
    }
}
