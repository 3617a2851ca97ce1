import Foundation
import HTTPTypes
import Hummingbird

/// Cross-origin access only for origins an app lists in its settings. A request naming its app
/// (`Latchkey-Client-Id`, else the audience of its bearer token) is checked against that app's
/// list; a preflight, and a request naming no app, against the union of all apps' lists.
/// Unlisted origins get no CORS headers, so browsers block them.
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
        if let clientID = request.headers[.clientID] ?? Self.bearerAudience(of: request) {
            allowed = try await apps.app(clientID: clientID)?.settings.cors.corsOrigins.contains(origin) ?? false
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

    /// The `aud` claim of the request's bearer token, read without verifying it: it only picks
    /// whose list an origin is checked against, and a forged one gets its sender nothing (the
    /// request itself is refused). An operator's token (`lko_…`) is no JWT and names no app.
    private static func bearerAudience(of request: Request) -> String? {
        guard let token = Authenticator.bearerToken(in: request), token.utf8.count <= CompactJWS.Policy.accessToken.maximumLength else { return nil }
        let parts = token.split(separator: ".")
        guard parts.count == 3, let payload = Base64URL.decode(parts[1]),
            let claims = try? JSONSerialization.jsonObject(with: Data(payload)) as? [String: Any]
        else { return nil }
        return claims["aud"] as? String
    }
}
