import Hummingbird
import LatchkeyWire

/// `/v1/auth/email/otp*` and `/v1/auth/email/link`: passwordless sign-in by an emailed code or
/// link (``EmailSignIn``). Off until the app adds `emailCode` to its `signInMethods`. The link
/// points at the app's `emailActionURL` (a universal link the SDK hands to
/// `signIn(emailLinkURL:)`) or else the server's `/v1/auth/action` page, with `mode=signIn`.
struct EmailSignInFeature: Feature {
    static let id = "emailSignIn"
    let requests: RequestReader
    let emailSignIn: EmailSignIn

    init(backend: LatchkeyBackend) {
        self.requests = backend.requests
        self.emailSignIn = EmailSignIn(backend: backend)
    }

    static let module: ModuleDeclaration? = ModuleDeclaration(title: "Sign-in by email code or link", access: .app)

    func routes(into table: inout RouteTable) {
        table.json(.post, "/v1/auth/email/otp", operation: "sendEmailCode", access: .app, body: EmailCodeRequest.self, status: .accepted) {
            body,
            _,
            context in
            let answer = try await emailSignIn.send(
                body,
                app: try context.app,
                client: context.clientInfo,
                language: context.language
            )
            return answer
        }

        table.on(.post, "/v1/auth/email/otp/verify", operation: "verifyEmailCode", access: .app) { request, context in
            let body = try await requests.body(EmailCodeVerifyRequest.self, of: request).value
            let (answer, created) = try await emailSignIn.verify(
                body,
                app: try context.app,
                client: context.clientInfo,
                language: context.language
            )
            return try JSONResponse.make(answer, status: created ? .created : .ok)
        }

        table.on(.post, "/v1/auth/email/link", operation: "signInWithEmailLink", access: .app) { request, context in
            let body = try await requests.body(EmailTokenRequest.self, of: request).value
            let (answer, _, created) = try await emailSignIn.signIn(
                linkToken: body.token,
                app: try context.app,
                client: context.clientInfo,
                language: context.language
            )
            return try JSONResponse.make(answer, status: created ? .created : .ok)
        }
    }
}
