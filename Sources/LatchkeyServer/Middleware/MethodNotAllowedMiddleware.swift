import Hummingbird
import LatchkeyWire

/// RFC 9110 §15.5.6: a request whose path is served but not with its method is answered 405
/// `method_not_allowed` with an `Allow` header listing the methods that are, instead of the
/// router's 404.
struct MethodNotAllowedMiddleware: RouterMiddleware {
    typealias Context = LatchkeyRequestContext

    /// Each served route as its path segments (`{name}` captures any one segment) and method.
    private let routes: [(segments: [Substring], method: HTTPRequest.Method)]
    /// Each catch-all route (``RouteTable/Route/isCatchAll``) as the suffix of the paths it
    /// serves and its method: it serves a path no other route does.
    private let catchAlls: [(suffix: Substring, method: HTTPRequest.Method)]

    init(routes: [RouteTable.Route]) {
        self.routes = routes.filter { !$0.isCatchAll }.map { ($0.path.split(separator: "/"), $0.method) }
        self.catchAlls = routes.filter(\.isCatchAll).map { route in
            (route.path.drop { $0 != "}" }.dropFirst(), route.method)
        }
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let allowed = allowedMethods(for: request.uri.path)
            guard !allowed.isEmpty, !allowed.contains(request.method.rawValue) else { throw error }
            throw APIError(.methodNotAllowed, .methodNotAllowed, headers: [.allow: allowed.joined(separator: ", ")])
        }
    }

    /// The methods served at `path`, sorted; empty when no route matches it.
    ///
    /// Where several route paths match (`/users/import` and `/users/{user}`), only the one the
    /// router resolves counts: its trie tries a segment's constants before its parameters, so the
    /// path whose first differing segment is a constant wins, and `GET /users/import` is never the
    /// `{user}` route's.
    private func allowedMethods(for path: String) -> [String] {
        let segments = path.split(separator: "/")
        let matching = routes.filter { route in
            route.segments.count == segments.count
                && zip(route.segments, segments).allSatisfy { pattern, segment in Self.isParameter(pattern) || pattern == segment }
        }
        if let resolved = matching.map({ Self.constantSegments($0.segments) }).max(by: { $0.lexicographicallyPrecedes($1) }) {
            return Set(matching.filter { Self.constantSegments($0.segments) == resolved }.map(\.method.rawValue)).sorted()
        }
        return Set(catchAlls.filter { path.hasSuffix($0.suffix) }.map(\.method.rawValue)).sorted()
    }

    private static func isParameter(_ pattern: Substring) -> Bool { pattern.hasPrefix("{") }

    /// Which of a route's segments are constants (1) rather than parameters (0), in order: the
    /// larger, compared segment by segment, the earlier the router tries the route.
    private static func constantSegments(_ segments: [Substring]) -> [Int] {
        segments.map { isParameter($0) ? 0 : 1 }
    }
}
