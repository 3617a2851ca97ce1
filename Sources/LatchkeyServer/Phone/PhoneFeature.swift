import Hummingbird
import LatchkeyWire

/// `/v1/auth/phone/*`: sign-in by SMS PIN (Kuggle).
struct PhoneFeature: Feature {
    static let id = "phone"
    let backend: LatchkeyBackend

    init(backend: LatchkeyBackend) {
        self.backend = backend
    }

    static let errorCodes: [ErrorCode] = [.invalidPhone]

    var module: ModuleDeclaration? { ModuleDeclaration(title: "Sign-in by SMS PIN", access: .app) }

    func routes(into table: inout RouteTable) {
        let phone = PhoneSignIn(backend: backend, accounts: AccountService(backend: backend))

        table.on(.post, "/v1/auth/phone/start", operation: "startPhoneSignIn", access: .app) { request, context in
            let body = try await backend.body(PhoneStartRequest.self, of: request).value
            let answer = try await phone.start(
                body, app: try context.app, client: backend.client(of: request, context: context), language: Language(of: request))
            return try JSONResponse.make(answer, status: .accepted)
        }

        table.on(.post, "/v1/auth/phone/verify", operation: "verifyPhone", access: .app) { request, context in
            let body = try await backend.body(PhoneVerifyRequest.self, of: request).value
            let (answer, created) = try await phone.verify(
                body, app: try context.app, client: backend.client(of: request, context: context))
            return try JSONResponse.make(answer, status: created ? .created : .ok)
        }
    }
}
