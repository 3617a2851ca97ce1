import Hummingbird
import LatchkeyWire

/// A request the router found no route for. RFC 9110 §15.5.6: one whose path is served, but
/// not with its method, is answered 405 `method_not_allowed` with an `Allow` header listing the
/// methods that are. A path no other route serves is the catch-alls' (the data tree's
/// `/{path}.json`, see ``RouteTable/Route/isCatchAll``): the one of its method serves it, or 405
/// names theirs. Anything else stays the router's 404.
///
/// The router tries a path's first segment as a constant before it tries the catch-all, and
/// does not come back to it when the rest of the path then matches nothing: without this,
/// `/v1/x.json` (below a top-level key named like the first segment of the server's own routes)
/// would be a 404 while `/v1.json` is the tree's.
struct NoRouteMiddleware: RouterMiddleware {
    typealias Context = LatchkeyRequestContext

    /// Each served route as its path segments (`{name}` captures any one segment) and method.
    private let routes: [(segments: [Substring], method: HTTPRequest.Method)]
    /// Each catch-all route as the suffix of the paths it serves, its method and its handler: it
    /// serves a path no other route does.
    private let catchAlls: [(suffix: Substring, method: HTTPRequest.Method, handler: RouteTable.Handler)]

    init(routes: [RouteTable.Route], authenticator: Authenticator) {
        self.routes = routes.filter { !$0.isCatchAll }.map { ($0.path.split(separator: "/"), $0.method) }
        self.catchAlls = routes.compactMap { route in
            route.catchAllSuffix.map { ($0, route.method, route.authenticated(by: authenticator)) }
        }
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let path = request.uri.path
            var allowed = routedMethods(for: path)
            if allowed.isEmpty {
                let catching = catchAlls.filter { path.hasSuffix($0.suffix) }
                if let route = catching.first(where: { $0.method == request.method }) { return try await route.handler(request, context) }
                allowed = Set(catching.map(\.method.rawValue)).sorted()
            }
            guard !allowed.isEmpty, !allowed.contains(request.method.rawValue) else { throw error }
            throw APIError(.methodNotAllowed, .methodNotAllowed, headers: [.allow: allowed.joined(separator: ", ")])
        }
    }

    /// The methods the routes other than the catch-alls serve at `path`, sorted; empty when none
    /// of them matches it (the path is then the catch-alls').
    ///
    /// Where several route paths match (`/users/import` and `/users/{user}`), only the one the
    /// router resolves counts: its trie tries a segment's constants before its parameters, so the
    /// path whose first differing segment is a constant wins, and `GET /users/import` is never the
    /// `{user}` route's.
    private func routedMethods(for path: String) -> [String] {
        let segments = path.split(separator: "/")
        let matching = routes.filter { route in
            route.segments.count == segments.count
                && zip(route.segments, segments).allSatisfy { pattern, segment in Self.isParameter(pattern) || pattern == segment }
        }
        guard let resolved = matching.map({ Self.constantSegments($0.segments) }).max(by: { $0.lexicographicallyPrecedes($1) }) else {
            return []
        }
        return Set(matching.filter { Self.constantSegments($0.segments) == resolved }.map(\.method.rawValue)).sorted()
    }

    private static func isParameter(_ pattern: Substring) -> Bool { pattern.hasPrefix("{") }

    /// Which of a route's segments are constants (1) rather than parameters (0), in order: the
    /// larger, compared segment by segment, the earlier the router tries the route.
    private static func constantSegments(_ segments: [Substring]) -> [Int] {
        segments.map { isParameter($0) ? 0 : 1 }
    }
}
