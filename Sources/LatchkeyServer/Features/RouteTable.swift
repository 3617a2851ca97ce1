import HTTPTypes
import Hummingbird

/// The routes every feature declares, gathered before the router is built: each with its method,
/// its path as the OpenAPI document writes it (`/v1/me/sessions/{id}`), the operation it serves,
/// the feature that owns it and the ``Access`` it needs. The router, the 405 answer and the
/// tests that hold the OpenAPI document to what is served all read this one table.
struct RouteTable: Sendable {
    /// A handler: the request and its context, with the principal already established.
    typealias Handler = @Sendable (Request, LatchkeyRequestContext) async throws -> Response

    /// One declared route.
    struct Route: Sendable {
        /// The HTTP method.
        var method: HTTPRequest.Method
        /// The path, OpenAPI style: `{name}` captures one segment.
        var path: String
        /// The OpenAPI `operationId`.
        var operation: String
        /// The feature that declared the route.
        var feature: String
        /// What the caller needs.
        var access: Access
        /// The fields of the browser form the route reads, when it reads one: the table reads
        /// them and checks the form's token (CSRF) before the handler; nil for other routes.
        var form: Set<String>?
        /// The handler.
        var handler: Handler
    }

    /// Every route, in declaration order.
    private(set) var routes: [Route] = []
    /// The feature whose routes are being declared.
    var feature = ""
    /// Reads the bodies of typed routes (``json(_:_:operation:access:body:status:handler:)``).
    let requests: RequestReader

    /// An empty table whose typed routes read bodies with `requests`.
    init(requests: RequestReader) {
        self.requests = requests
    }

    /// Declares a route of the current feature.
    mutating func on(
        _ method: HTTPRequest.Method,
        _ path: String,
        operation: String,
        access: Access,
        form: Set<String>? = nil,
        handler: @escaping Handler
    ) {
        routes.append(
            Route(method: method, path: path, operation: operation, feature: feature, access: access, form: form, handler: handler)
        )
    }

    /// Adds every route to `router`, each authenticating its caller before its handler runs.
    func register(on router: Router<LatchkeyRequestContext>, authenticator: Authenticator) {
        for route in routes {
            router.on(RouterPath(route.routerPath), method: route.method, use: route.authenticated(by: authenticator))
        }
    }
}

extension RouteTable.Route {
    /// Whether the route is a catch-all: one segment with text after its capture (the data tree's
    /// `/{path}.json`, whose capture spans any number of segments). The router serves it for
    /// every path no other route serves (`**`, the least specific match), so its handler checks
    /// the suffix and answers 404 for anything else.
    var isCatchAll: Bool {
        let segments = path.split(separator: "/")
        return segments.count == 1 && segments[0].hasPrefix("{") && !segments[0].hasSuffix("}")
    }

    /// What a catch-all route's paths end with (`.json` for `/{path}.json`); nil for other routes.
    var catchAllSuffix: Substring? {
        isCatchAll ? path.drop { $0 != "}" }.dropFirst() : nil
    }

    /// The handler, run once the caller is authenticated as the route's ``access`` asks and its
    /// ``form`` is read; an operator's change is held to its audit row (``AuditTrail``). A
    /// catch-all route answers 404 for paths without its suffix before anything else: those are
    /// no route's, so nobody is asked who they are.
    func authenticated(by authenticator: Authenticator) -> RouteTable.Handler {
        let audited = AuditTrail.applies(to: method, access: access)
        return { [handler, access, form, catchAllSuffix, operation] request, context in
            if let catchAllSuffix, !request.uri.path.hasSuffix(catchAllSuffix) { throw HTTPError(.notFound) }
            var context = context
            context.clientInfo = authenticator.requests.client(of: request, context: context)
            context.language = Language(of: request)
            context.principal = try await authenticator.principal(for: request, access: access)
            if let form { context.form = try await authenticator.form(of: request, fields: form) }
            // Messages queued for the request can use an email template in a language only it names.
            return try await EmailLanguage.$acceptLanguage.withValue(request.headers[.acceptLanguage]) {
                guard audited else { return try await handler(request, context) }
                return try await AuditTrail.account(for: operation, logger: context.logger) {
                    try await handler(request, context)
                }
            }
        }
    }

    /// The path in the router's syntax (`:name` captures).
    var routerPath: String {
        if isCatchAll { return "**" }
        return path.split(separator: "/").map { segment in
            segment.hasPrefix("{") ? ":" + segment.dropFirst().dropLast() : String(segment)
        }.joined(separator: "/")
    }
}
