import Hummingbird
import LatchkeyWire

/// `/v1/auth/phone/*`: sign-in by SMS PIN (Kuggle); `/v1/me/phone*`: the signed-in user's
/// number, added (a guest's upgrade), replaced and removed by ``PhoneLink``. Adding one needs the
/// `public` scope: a child awaiting parental consent stores no new way to reach them.
struct PhoneFeature: Feature {
    static let id = "phone"
    let requests: RequestReader
    let phone: PhoneSignIn
    let link: PhoneLink

    init(backend: LatchkeyBackend) {
        self.requests = backend.requests
        self.phone = PhoneSignIn(backend: backend)
        self.link = PhoneLink(backend: backend)
    }

    static let errorCodes: [ErrorCode] = [.invalidPhone]

    static let settings: [AppSetting] = [
        .integer(
            "pinFailureLimit",
            \PhoneSettings.pinFailureLimit,
            flag: "pin-failure-limit",
            help: "Wrong PINs or email codes for one number or address, across its codes, within the failure window before it is locked.",
            range: 1...Int.max,
            rule: "throttling limits must be positive"
        )
    ]

    static let module: ModuleDeclaration? = ModuleDeclaration(title: "Sign-in by SMS PIN", access: .app)

    func routes(into table: inout RouteTable) {

        table.on(.post, "/v1/auth/phone/start", operation: "startPhoneSignIn", access: .app) { request, context in
            let body = try await requests.body(PhoneStartRequest.self, of: request).value
            let answer = try await phone.start(
                body,
                app: try context.app,
                client: requests.client(of: request, context: context),
                language: Language(of: request)
            )
            return try JSONResponse.make(answer, status: .accepted)
        }

        table.on(.post, "/v1/auth/phone/verify", operation: "verifyPhone", access: .app) { request, context in
            let body = try await requests.body(PhoneVerifyRequest.self, of: request).value
            let (answer, created) = try await phone.verify(
                body,
                app: try context.app,
                client: requests.client(of: request, context: context)
            )
            return try JSONResponse.make(answer, status: created ? .created : .ok)
        }

        table.on(.post, "/v1/me/phone", operation: "startPhoneLink", access: .user(.public)) { request, context in
            let body = try await requests.body(PhoneStartRequest.self, of: request).value
            let answer = try await link.start(
                body,
                principal: try context.user,
                client: requests.client(of: request, context: context),
                language: Language(of: request)
            )
            return try JSONResponse.make(answer, status: .accepted)
        }

        table.on(.post, "/v1/me/phone/verify", operation: "verifyPhoneLink", access: .user(.public)) { request, context in
            let body = try await requests.body(PhoneVerifyRequest.self, of: request).value
            let account = try await link.verify(body, principal: try context.user, client: requests.client(of: request, context: context))
            return try JSONResponse.make(account.record)
        }

        table.on(.delete, "/v1/me/phone", operation: "removePhone", access: .user(.profile)) { _, context in
            try JSONResponse.make(try await link.remove(principal: try context.user).record)
        }
    }
}
