import Hummingbird

/// `/healthz` (the process answers), `/readyz` (the database answers) and `/metrics` (Prometheus).
struct OpsFeature: Feature {
    static let id = "ops"
    let backend: LatchkeyBackend

    init(backend: LatchkeyBackend) {
        self.backend = backend
    }

    var module: ModuleDeclaration? { ModuleDeclaration(title: "Health, readiness and metrics", access: .anyone) }

    func routes(into table: inout RouteTable) {
        table.on(.get, "/healthz", operation: "getHealth", access: .anyone) { _, _ in
            try JSONResponse.make(object: ["status": "ok"])
        }

        table.on(.get, "/readyz", operation: "getReadiness", access: .anyone) { _, _ in
            do {
                _ = try await backend.driver.read { db in try await db.raw("SELECT 1 AS ok").first() }
                return try JSONResponse.make(object: ["status": "ok", "database": "ok"])
            } catch {
                return try JSONResponse.make(object: ["status": "unavailable", "database": "unreachable"], status: .serviceUnavailable)
            }
        }

        table.on(.get, "/metrics", operation: "getMetrics", access: .anyone) { _, _ in
            let live = try await backend.sessions.liveCount(at: backend.time.now())
            return Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(
                    byteBuffer: ByteBuffer(
                        bytes: backend.metrics.render(
                            activeSessionCount: live, appliedChangeSequence: backend.changeBus.appliedSequence))))
        }
    }
}
