import Foundation
import NIOConcurrencyHelpers
import Prometheus

/// The Prometheus metrics `/metrics` exposes: requests by route and status, request latency,
/// sign-ins by outcome, live sessions (counted periodically by ``SessionGaugeService``, never at
/// scrape time), the data tree's streams open on this node (set by their housekeeping each second)
/// and the change-feed sequence this node has applied, to compare with the database's
/// (`change_sequence`).
final class ServerMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    private let activeSessions: Gauge
    private let appliedChangeSequence: Gauge
    private let openStreams: Gauge
    /// The collectors of each route/method/status seen so far, so the hot path does one
    /// dictionary lookup instead of asking the registry to resolve labelled metrics.
    private let routeCollectors = NIOLockedValueBox<[RouteKey: (Counter, DurationHistogram)]>([:])

    private struct RouteKey: Hashable {
        var route: String
        var method: String
        var status: Int
    }

    init() {
        activeSessions = registry.makeGauge(
            descriptor: MetricNameDescriptor(
                metricName: "latchkey_active_sessions",
                unitName: "",
                helpText: "Sessions neither revoked nor expired."
            )
        )
        appliedChangeSequence = registry.makeGauge(
            descriptor: MetricNameDescriptor(
                metricName: "latchkey_change_feed_applied_sequence",
                unitName: "",
                helpText: "Every change event up to this sequence has been applied here (-1: not read yet)."
            )
        )
        openStreams = registry.makeGauge(
            descriptor: MetricNameDescriptor(
                metricName: "latchkey_tree_streams",
                unitName: "",
                helpText: "Streams of the data tree open on this node, each holding one of its places."
            )
        )
    }

    /// Counts one request and records its duration.
    func recordRequest(route: String, method: String, status: Int, duration: Duration) {
        let key = RouteKey(route: route, method: method, status: status)
        let (counter, histogram) = routeCollectors.withLockedValue { collectors in
            if let known = collectors[key] { return known }
            let made = (
                registry.makeCounter(
                    descriptor: MetricNameDescriptor(metricName: "latchkey_http_requests", unitName: "total", helpText: "HTTP requests."),
                    labels: [("route", route), ("method", method), ("status", String(status))]
                ),
                registry.makeDurationHistogram(
                    descriptor: MetricNameDescriptor(
                        metricName: "latchkey_http_request_duration",
                        unitName: "seconds",
                        helpText: "HTTP request latency."
                    ),
                    labels: [("route", route)],
                    buckets: Self.latencyBuckets
                )
            )
            collectors[key] = made
            return made
        }
        counter.increment()
        histogram.record(duration)
    }

    /// Counts one sign-in attempt by outcome (`success`, `invalid_credentials`, `rate_limited`, …).
    func recordSignIn(outcome: String) {
        registry.makeCounter(
            descriptor: MetricNameDescriptor(metricName: "latchkey_sign_ins", unitName: "total", helpText: "Sign-in attempts by outcome."),
            labels: [("outcome", outcome)]
        ).increment()
    }

    /// Records a scheduled backup taken and checked: when, its size and how long it took, so an
    /// alert can fire when the last success grows old.
    func recordBackupSuccess(at date: Date, bytes: Int64, seconds: Double) {
        registry.makeCounter(
            descriptor: MetricNameDescriptor(metricName: "latchkey_backups", unitName: "total", helpText: "Scheduled backups taken and checked.")
        ).increment()
        for (name, unit, help, value) in [
            (
                "latchkey_backup_last_success_timestamp", "seconds", "When the last scheduled backup was taken and checked (Unix time).",
                date.timeIntervalSince1970
            ),
            ("latchkey_backup_last_size", "bytes", "Size of the last scheduled backup.", Double(bytes)),
            ("latchkey_backup_last_duration", "seconds", "How long the last scheduled backup took, checks included.", seconds),
        ] {
            registry.makeGauge(descriptor: MetricNameDescriptor(metricName: name, unitName: unit, helpText: help)).set(value)
        }
    }

    /// Counts a scheduled backup that failed and records when.
    func recordBackupFailure(at date: Date) {
        registry.makeCounter(
            descriptor: MetricNameDescriptor(metricName: "latchkey_backup_failures", unitName: "total", helpText: "Scheduled backups that failed.")
        ).increment()
        registry.makeGauge(
            descriptor: MetricNameDescriptor(
                metricName: "latchkey_backup_last_failure_timestamp",
                unitName: "seconds",
                helpText: "When the last scheduled backup failed (Unix time)."
            )
        ).set(date.timeIntervalSince1970)
    }

    /// Sets the live-session gauge.
    func setActiveSessions(_ count: Int) {
        activeSessions.set(Double(count))
    }

    /// Sets the open-streams gauge.
    func setOpenStreams(_ count: Int) {
        openStreams.set(Double(count))
    }

    /// The exposition text, after setting the gauge read from memory at scrape time.
    func render(appliedChangeSequence sequence: Int64?) -> [UInt8] {
        appliedChangeSequence.set(Double(sequence ?? -1))
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
