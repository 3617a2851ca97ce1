import Hummingbird
import SQLKit

/// `/healthz` (the process answers), `/readyz` (the database answers) and `/metrics` (Prometheus).
struct OpsFeature: Feature {
    static let id = "ops"
    let driver: any StoreDriver
    let metrics: ServerMetrics
    let sessions: SessionStore
    let time: any TimeSource
    let changeBus: ChangeBus

    init(backend: LatchkeyBackend) {
        self.driver = backend.driver
        self.metrics = backend.metrics
        self.sessions = backend.sessions
        self.time = backend.time
        self.changeBus = backend.changeBus
    }

    static let module: ModuleDeclaration? = ModuleDeclaration(title: "Health, readiness and metrics", access: .anyone)

    func routes(into table: inout RouteTable) {
        table.on(.get, "/healthz", operation: "getHealth", access: .anyone) { _, _ in
            try JSONResponse.make(object: ["status": "ok"])
        }

        table.on(.get, "/readyz", operation: "getReadiness", access: .anyone) { _, _ in
            do {
                _ = try await driver.read { db in try await db.raw("SELECT 1 AS ok").first() }
                return try JSONResponse.make(object: ["status": "ok", "database": "ok"])
            } catch {
                return try JSONResponse.make(object: ["status": "unavailable", "database": "unreachable"], status: .serviceUnavailable)
            }
        }

        table.on(.get, "/metrics", operation: "getMetrics", access: .anyone) { _, _ in
            let live = try await sessions.liveCount(at: time.now())
            return Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(
                    byteBuffer: ByteBuffer(
                        bytes: metrics.render(
                            activeSessionCount: live, appliedChangeSequence: changeBus.appliedSequence))))
        }
    }
}
