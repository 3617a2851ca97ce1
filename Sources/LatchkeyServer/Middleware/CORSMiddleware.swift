import HTTPTypes
import Hummingbird

/// Cross-origin access only for origins an app lists in its settings. A request naming its app
/// (`Latchkey-Client-Id`) is checked against that app's list; a preflight, which names no app,
/// against the union of all apps' lists. Unlisted origins get no CORS headers, so browsers block them.
struct CORSMiddleware: RouterMiddleware {
    typealias Context = LatchkeyRequestContext
    let apps: AppDirectory

    static let allowedHeaders = "authorization, content-type, latchkey-client-id, x-request-id, accept-language, if-match, if-none-match"
    static let allowedMethods = "GET, POST, PUT, PATCH, DELETE, OPTIONS"

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let origin = request.headers[.origin] else { return try await next(request, context) }
        if request.method == .options, request.headers[.accessControlRequestMethod] != nil {
            var response = Response(status: .noContent)
            response.headers[.vary] = "Origin"
            if try await apps.allowedOrigins().contains(origin) {
                response.headers[.accessControlAllowOrigin] = origin
                response.headers[.accessControlAllowMethods] = Self.allowedMethods
                response.headers[.accessControlAllowHeaders] = Self.allowedHeaders
                response.headers[.accessControlMaxAge] = "600"
            }
            return response
        }
        var response = try await next(request, context)
        let allowed: Bool
        if let clientID = request.headers[.clientID] {
            allowed = try await apps.app(clientID: clientID)?.settings.corsOrigins.contains(origin) ?? false
        } else {
            allowed = try await apps.allowedOrigins().contains(origin)
        }
        response.headers[.vary] = "Origin"
        if allowed {
            response.headers[.accessControlAllowOrigin] = origin
            response.headers[.accessControlExposeHeaders] = "x-request-id, retry-after, www-authenticate, etag"
        }
        return response
    }
}
