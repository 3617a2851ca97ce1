import Foundation
import HTTPTypes
import Hummingbird
import LatchkeyTestSupport
import Logging
import NIOConcurrencyHelpers
import Testing

/// `latchkey serve --otlp-traces-endpoint`: a span per request and per store call reaches an
/// OTLP/HTTP collector, continuing the caller's trace, with no credential in it.
@Suite struct TracingTests {
    @Test func requestsAndStoreCallsReachTheCollectorWithoutCredentials() async throws {
        let collector = try await TraceCollector.start()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-trace-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try await ServerProcess(
            dataDirectory: directory,
            extraArguments: ["--otlp-traces-endpoint", "http://127.0.0.1:\(collector.port)/v1/traces"],
            // The JSON form of OTLP (which the test reads), and batches sent every 100 ms.
            environment: ["OTEL_EXPORTER_OTLP_PROTOCOL": "http/json", "OTEL_BSP_SCHEDULE_DELAY": "100"]
        )
        do {
            let clientID = try #require(server.stdout.firstMatch(of: /client id: +(lk_\w+)/)?.1).description
            let traceID = "4bf92f3577b34da6a3ce929d0e0e4736"
            var headers = HTTPFields()
            headers[HTTPField.Name("traceparent")!] = "00-\(traceID)-00f067aa0ba902b7-01"
            let signUp = try await server.request(
                "POST",
                "/v1/auth/signup",
                json: ["username": "traced", "password": "correct horse battery"],
                clientID: clientID,
                headers: headers
            )
            #expect(signUp.status == .created)
            let token = try #require(signUp.string("session.accessToken"))
            let uid = try #require(signUp.string("user.id"))
            #expect(try await server.request("GET", "/v1/me", token: token).status == .ok)
            #expect(try await server.request("GET", "/users/\(uid).json?ns=\(clientID)&auth=\(token)").status == .ok)

            let spans = try await collector.spans { spans in
                // The data tree's REST paths are one catch-all route.
                spans.contains { $0.name == "/v1/me" } && spans.contains { $0.name == "/**" }
            }
            // The sign-up continues the caller's trace, and its store calls are its children.
            let signUpSpan = try #require(spans.first { $0.name == "/v1/auth/signup" }, "\(spans.map(\.name))")
            #expect(signUpSpan.traceID == traceID)
            #expect(signUpSpan.kind == 2)  // SPAN_KIND_SERVER
            let storeCalls = spans.filter { $0.parentSpanID == signUpSpan.spanID }
            #expect(storeCalls.contains { $0.name == "db.write" && $0.kind == 3 }, "\(storeCalls.map(\.name))")  // SPAN_KIND_CLIENT
            #expect(storeCalls.allSatisfy { $0.traceID == traceID })
            // A request without a caller's trace starts its own.
            let me = try #require(spans.first { $0.name == "/v1/me" })
            #expect(me.traceID != traceID && me.parentSpanID.isEmpty)
            // The access token sent as the protocol's `auth` query parameter is in no span.
            let exported = collector.bodies.joined()
            #expect(!exported.contains(token))
            #expect(exported.contains("auth=REDACTED"), "the query is recorded, with the credential's value left out")
            #expect(exported.contains("latchkey"))  // the service's name
            // Store calls outside requests (key reloads, the janitor) make no root spans.
            #expect(spans.filter { $0.parentSpanID.isEmpty }.allSatisfy { $0.name.hasPrefix("/") }, "\(spans.map(\.name))")
            #expect(try await server.stop() == 0)
        } catch {
            try await server.stop()
            await collector.stop()
            throw error
        }
        await collector.stop()
    }
}

/// A stand-in OpenTelemetry collector: keeps each OTLP/HTTP JSON export it receives.
private struct TraceCollector {
    let port: Int
    private let received: NIOLockedValueBox<[String]>
    private let service: RunningService

    /// One exported span, as the test reads it.
    struct Span {
        var name: String
        var traceID: String
        var spanID: String
        var parentSpanID: String
        var kind: Int
    }

    static func start() async throws -> TraceCollector {
        let received = NIOLockedValueBox<[String]>([])
        let router = Router()
        router.post("v1/traces") { request, _ -> Response in
            var request = request
            let body = try await request.collectBody(upTo: 16 * 1024 * 1024)
            received.withLockedValue { $0.append(String(buffer: body)) }
            return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: .init(string: "{}")))
        }
        let logger = Logger(label: "trace-collector")
        let service = try await RunningService.start(logger: logger) { reportPort in
            Application(
                router: router,
                configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: nil),
                onServerRunning: { channel in reportPort(channel.localAddress?.port ?? 0) },
                logger: logger
            )
        }
        return TraceCollector(port: service.port, received: received, service: service)
    }

    /// Every export body received so far.
    var bodies: [String] { received.withLockedValue { $0 } }

    /// The spans received once `done` holds for them (within 20 s).
    func spans(until done: ([Span]) -> Bool) async throws -> [Span] {
        var spans: [Span] = []
        for _ in 0..<200 {
            spans = try bodies.flatMap(Self.spans(in:))
            if done(spans) { return spans }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("the collector did not get the spans in time: \(spans.map(\.name))")
        return spans
    }

    /// The spans of one `ExportTraceServiceRequest` in OTLP's JSON encoding, ids in hex (OTLP
    /// JSON has them in hex; swift-otel's protobuf JSON in base64: either is read).
    private static func spans(in body: String) throws -> [Span] {
        let root = try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any] ?? [:]
        let resourceSpans = root["resourceSpans"] as? [[String: Any]] ?? []
        return resourceSpans.flatMap { resource in
            (resource["scopeSpans"] as? [[String: Any]] ?? []).flatMap { scope in
                (scope["spans"] as? [[String: Any]] ?? []).map { span in
                    Span(
                        name: span["name"] as? String ?? "",
                        traceID: hex(span["traceId"]),
                        spanID: hex(span["spanId"]),
                        parentSpanID: hex(span["parentSpanId"]),
                        kind: (span["kind"] as? Int) ?? Self.kinds[span["kind"] as? String ?? ""] ?? 0
                    )
                }
            }
        }
    }

    private static func hex(_ id: Any?) -> String {
        guard let id = id as? String, !id.isEmpty else { return "" }
        if id.allSatisfy(\.isHexDigit), id.count == 32 || id.count == 16 { return id }
        guard let bytes = Data(base64Encoded: id) else { return id }
        return bytes.map { String(format: "%02x", $0) }.joined()
    }

    /// OTLP JSON may spell a span's kind by name.
    private static let kinds = ["SPAN_KIND_INTERNAL": 1, "SPAN_KIND_SERVER": 2, "SPAN_KIND_CLIENT": 3]

    func stop() async { await service.stop() }
}
