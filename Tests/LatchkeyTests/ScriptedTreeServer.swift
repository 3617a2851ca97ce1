import Foundation
import Hummingbird
import Latchkey
import LatchkeyTestSupport
import LatchkeyWire
import Logging

/// A stand-in for a data tree's streaming endpoint that plays scripts: the n-th
/// `GET <path>.json` with `Accept: text/event-stream` is answered with the n-th script's events,
/// then the stream is closed (`close: true`) or held open until the server stops. It records
/// each stream request's `Authorization` and query, and answers `POST /v1/auth/refresh` with
/// `refreshed`, so the SDK's watch — events derived from `put`/`patch`, reconnects after a drop,
/// `auth_revoked` and `cancel` — is checked against exact protocol bytes.
final class ScriptedTreeServer: TestServer {
    /// One stream's answer: `(event, data)` pairs — sent once the test calls ``release()`` when
    /// `gated`, so observers can be added first — then close or hold.
    struct Script: Sendable {
        var events: [(type: String, data: String)]
        var close: Bool
        var gated = false
    }

    /// A stream request as the server saw it.
    struct Request: Sendable, Equatable {
        var path: String
        var authorization: String?
        var query: [String: String]
    }

    private let service: RunningService
    private let requests: Locked<[Request]>
    private let released: Locked<Bool>

    static func start(_ scripts: [Script], refreshed: AuthResponse? = nil) async throws -> ScriptedTreeServer {
        let requests = Locked<[Request]>([])
        let released = Locked(false)
        let router = Router()
        router.get("**") { request, _ -> Response in
            let seen = Request(
                path: request.uri.path,
                authorization: request.headers[.authorization],
                query: Dictionary(request.uri.queryParameters.map { (String($0.key), String($0.value)) }, uniquingKeysWith: { _, last in last })
            )
            let index = requests.withLock { requests in
                requests.append(seen)
                return requests.count - 1
            }
            guard index < scripts.count else { return Response(status: .serviceUnavailable) }
            let script = scripts[index]
            return Response(
                status: .ok,
                headers: [.contentType: "text/event-stream"],
                body: ResponseBody { writer in
                    let deadline = ContinuousClock.now + .seconds(20)
                    while script.gated && !released.withLock({ $0 }) && ContinuousClock.now < deadline {
                        try await Task.sleep(for: .milliseconds(5))
                    }
                    for event in script.events {
                        try await writer.write(ByteBuffer(string: "event: \(event.type)\ndata: \(event.data)\n\n"))
                    }
                    // Held open: keep-alives until the client goes (a write then fails) or a minute passes.
                    let end = ContinuousClock.now + .seconds(60)
                    while !script.close && ContinuousClock.now < end {
                        try await Task.sleep(for: .milliseconds(50))
                        try await writer.write(ByteBuffer(string: "event: keep-alive\ndata: null\n\n"))
                    }
                    try await writer.finish(nil)
                }
            )
        }
        if let refreshed { EventServer.answerRefresh(on: router, with: refreshed) }
        let service = try await EventServer.run(router, label: "scripted-tree-server")
        return ScriptedTreeServer(service: service, requests: requests, released: released)
    }

    private init(service: RunningService, requests: Locked<[Request]>, released: Locked<Bool>) {
        self.service = service
        self.requests = requests
        self.released = released
    }

    /// Lets gated scripts send their events.
    func release() {
        released.withLock { $0 = true }
    }

    /// The stream requests seen so far.
    var seen: [Request] { requests.withLock { $0 } }

    /// An SDK client for this server, with the user `store` holds (signed out by default).
    func client(store: any CredentialStore = InMemoryCredentialStore()) -> Latchkey {
        Latchkey(
            clientID: "lk_tree",
            apiURL: URL(string: "http://127.0.0.1:\(service.port)")!,
            options: .init(credentialStore: store, languages: ["en"])
        )
    }

    func stop() async {
        await service.stop()
    }
}
