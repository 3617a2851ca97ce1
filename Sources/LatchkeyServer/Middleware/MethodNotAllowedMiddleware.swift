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
    private func allowedMethods(for path: String) -> [String] {
        let segments = path.split(separator: "/")
        let methods = routes.filter { route in
            route.segments.count == segments.count
                && zip(route.segments, segments).allSatisfy { pattern, segment in pattern.hasPrefix("{") || pattern == segment }
        }.map(\.method.rawValue)
        guard methods.isEmpty else { return Set(methods).sorted() }
        return Set(catchAlls.filter { path.hasSuffix($0.suffix) }.map(\.method.rawValue)).sorted()
    }
}
