import Hummingbird

/// `/healthz` (the process answers), `/readyz` (the database answers) and `/metrics` (Prometheus).
struct OpsRoutes {
    let backend: LatchkeyBackend

    func register(on router: Router<LatchkeyRequestContext>) {
        router.get("healthz") { _, _ -> Response in
            try JSONResponse.make(object: ["status": "ok"])
        }

        router.get("readyz") { _, _ -> Response in
            do {
                _ = try await backend.driver.read { db in try await db.raw("SELECT 1 AS ok").first() }
                return try JSONResponse.make(object: ["status": "ok", "database": "ok"])
            } catch {
                return try JSONResponse.make(object: ["status": "unavailable", "database": "unreachable"], status: .serviceUnavailable)
            }
        }

        router.get("metrics") { _, _ -> Response in
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
