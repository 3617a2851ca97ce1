import Hummingbird
import OTel
public import ServiceLifecycle
import Tracing

/// Spans for operators and for performance work: one per request and one per store call, sent to
/// an OpenTelemetry collector over OTLP/HTTP.
///
/// Off unless the server is given a collector (``LatchkeyConfiguration/otlpTracesEndpoint``,
/// `latchkey serve --otlp-traces-endpoint`). Off, none of it is on the request path: no
/// middleware, no driver wrapper, so it costs nothing. On, the standard `OTEL_*` environment
/// variables (protocol, headers, sampler, batch delay) apply as the OpenTelemetry specification
/// defines them.
public enum OTLPTracing {
    /// Bootstraps the process's tracer for the collector at `endpoint` (the whole URL, e.g.
    /// `http://127.0.0.1:4318/v1/traces`) and returns the service that batches and exports the
    /// spans; run it with the server, which stops it last, so the spans of the last requests
    /// are flushed. Call once per process.
    public static func bootstrap(endpoint: String) throws -> any Service {
        var configuration = OTel.Configuration.default
        configuration.serviceName = "latchkey"
        configuration.metrics.enabled = false
        configuration.logs.enabled = false
        configuration.traces.otlpExporter.endpoint = endpoint
        let (tracer, service) = try OTel.makeTracingBackend(configuration: configuration)
        InstrumentationSystem.bootstrap(tracer)
        return service
    }

    /// Query parameters whose values never go into a span: credentials (the data tree's `auth`
    /// and `access_token`, link and OAuth codes) and what names a person (a user search).
    static let redactedQueryParameters: Set<String> = [
        "auth", "access_token", "token", "code", "state", "nonce", "code_challenge", "id_token", "refresh_token",
        "client_secret", "password", "auth_variable_override", "q", "email", "phone", "login_hint",
    ]

    /// The middleware that starts each request's span (the route as its name), continuing a
    /// caller's trace from its `traceparent` header.
    static func middleware() -> TracingMiddleware<LatchkeyRequestContext> {
        TracingMiddleware(redactingQueryParameters: redactedQueryParameters)
    }
}
