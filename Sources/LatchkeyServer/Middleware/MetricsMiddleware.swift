import Hummingbird

/// Counts requests by route template and status and records their latency.
struct MetricsMiddleware: RouterMiddleware {
    typealias Context = LatchkeyRequestContext
    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        metrics.recordRequest(
            route: context.endpointPath ?? "unmatched",
            method: request.method.rawValue,
            status: Int(response.status.code),
            duration: ContinuousClock.now - start
        )
        return response
    }
}
