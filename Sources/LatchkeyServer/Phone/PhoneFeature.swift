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

    static let settingsSection: SettingSection? = .passwords

    static let settings: [AppSetting] = [
        .integer(
            "pinFailureLimit",
            \PhoneSettings.pinFailureLimit,
            flag: "pin-failure-limit",
            help: "Wrong PINs or email codes for one number or address, across its codes, within the failure window before it is locked.",
            unit: .count,
            range: 1...Int.max,
            rule: "throttling limits must be positive"
        )
    ]

    static let module: ModuleDeclaration? = ModuleDeclaration(title: "Sign-in by SMS PIN", access: .app)

    func routes(into table: inout RouteTable) {

        table.json(.post, "/v1/auth/phone/start", operation: "startPhoneSignIn", access: .app, body: PhoneStartRequest.self, status: .accepted) {
            body,
            _,
            context in
            let answer = try await phone.start(
                body,
                app: try context.app,
                client: context.clientInfo,
                language: context.language
            )
            return answer
        }

        table.on(.post, "/v1/auth/phone/verify", operation: "verifyPhone", access: .app) { request, context in
            let body = try await requests.body(PhoneVerifyRequest.self, of: request).value
            let (answer, created) = try await phone.verify(
                body,
                app: try context.app,
                client: context.clientInfo
            )
            return try JSONResponse.make(answer, status: created ? .created : .ok)
        }

        table.json(.post, "/v1/me/phone", operation: "startPhoneLink", access: .user(.public), body: PhoneStartRequest.self, status: .accepted) {
            body,
            _,
            context in
            let answer = try await link.start(
                body,
                principal: try context.user,
                client: context.clientInfo,
                language: context.language
            )
            return answer
        }

        table.json(.post, "/v1/me/phone/verify", operation: "verifyPhoneLink", access: .user(.public), body: PhoneVerifyRequest.self) {
            body,
            _,
            context in
            let account = try await link.verify(body, principal: try context.user, client: context.clientInfo)
            return account.record
        }

        table.json(.delete, "/v1/me/phone", operation: "removePhone", access: .user(.profile)) { _, context in
            try await link.remove(principal: try context.user).record
        }
    }
}
