import Hummingbird
import LatchkeyWire

/// `/v1/auth/phone/*`: sign-in by SMS PIN (Kuggle).
struct PhoneRoutes {
    let backend: LatchkeyBackend

    func register(on router: Router<LatchkeyRequestContext>) {
        let phone = PhoneSignIn(backend: backend, accounts: AccountService(backend: backend))
        let group = router.group("v1/auth/phone")

        group.post("start") { request, context -> Response in
            let app = try await backend.app(namedBy: request)
            let body = try await backend.body(PhoneStartRequest.self, of: request).value
            let answer = try await phone.start(
                body, app: app, client: backend.client(of: request, context: context), language: Language(of: request))
            return try JSONResponse.make(answer, status: .accepted)
        }

        group.post("verify") { request, context -> Response in
            let app = try await backend.app(namedBy: request)
            let body = try await backend.body(PhoneVerifyRequest.self, of: request).value
            let (answer, created) = try await phone.verify(body, app: app, client: backend.client(of: request, context: context))
            return try JSONResponse.make(answer, status: created ? .created : .ok)
        }
    }
}
