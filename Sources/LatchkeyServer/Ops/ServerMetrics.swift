import Prometheus

/// The Prometheus metrics `/metrics` exposes: requests by route and status, request latency,
/// sign-ins by outcome, and live sessions (set at scrape time).
final class ServerMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    private let activeSessions: Gauge

    init() {
        activeSessions = registry.makeGauge(
            descriptor: MetricNameDescriptor(
                metricName: "latchkey_active_sessions", helpText: "Sessions neither revoked nor expired."))
    }

    /// Counts one request and records its duration.
    func recordRequest(route: String, method: String, status: Int, duration: Duration) {
        let labels = [("route", route), ("method", method), ("status", String(status))]
        registry.makeCounter(
            descriptor: MetricNameDescriptor(metricName: "latchkey_http_requests_total", helpText: "HTTP requests."),
            labels: labels
        ).increment()
        registry.makeDurationHistogram(
            descriptor: MetricNameDescriptor(
                metricName: "latchkey_http_request_duration_seconds", helpText: "HTTP request latency."),
            labels: [("route", route)],
            buckets: Self.latencyBuckets
        ).record(duration)
    }

    /// Counts one sign-in attempt by outcome (`success`, `invalid_credentials`, `rate_limited`, …).
    func recordSignIn(outcome: String) {
        registry.makeCounter(
            descriptor: MetricNameDescriptor(metricName: "latchkey_sign_ins_total", helpText: "Sign-in attempts by outcome."),
            labels: [("outcome", outcome)]
        ).increment()
    }

    /// The exposition text, after setting the live-session gauge.
    func render(activeSessionCount: Int) -> [UInt8] {
        activeSessions.set(Double(activeSessionCount))
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        return buffer
    }

    private static let latencyBuckets: [Duration] = [
        .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5),
        .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
        .milliseconds(500), .seconds(1), .seconds(2.5),
    ]
}
