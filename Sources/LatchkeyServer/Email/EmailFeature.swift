import Hummingbird
import LatchkeyWire

/// Email verification, password reset and email change: `/v1/me/email*` for the signed-in user,
/// `/v1/auth/email/verify` and `/v1/auth/password/reset*` for link holders, and the server's own
/// landing page for the links (``EmailActionPage``), sign-in links (``EmailSignIn``) included.
struct EmailFeature: Feature {
    static let id = "email"
    let requests: RequestReader
    let recentAuthentication: RecentAuthentication
    let links: EmailLinks
    let emailSignIn: EmailSignIn
    let mfa: MFASignIn
    let factors: SecondFactorService
    let browser: BrowserSessionStore
    let apps: AppDirectory
    let time: any TimeSource
    let pages: PageRenderer
    let csrf: CSRFProtection

    init(backend: LatchkeyBackend) {
        self.emailSignIn = EmailSignIn(backend: backend)
        self.mfa = MFASignIn(backend: backend)
        self.factors = SecondFactorService(backend: backend)
        self.browser = BrowserSessionStore(backend: backend)
        self.time = backend.time
        self.requests = backend.requests
        self.recentAuthentication = RecentAuthentication(sessions: backend.sessions, time: backend.time)
        self.links = EmailLinks(backend: backend)
        self.pages = backend.pages
        self.apps = backend.appDirectory
        self.csrf = backend.csrf
    }

    static let settingsSection: SettingSection? = .messaging

    static let settings: [AppSetting] = [
        .url(
            "emailActionURL",
            \EmailSettings.emailActionURL,
            flag: "email-action-url",
            help: "Where email links point, https (empty: the server's /v1/auth/action page).",
            name: "the email action URL"
        )
    ]

    static let module: ModuleDeclaration? = ModuleDeclaration(title: "Email verification, change and password reset", access: .app)

    func routes(into table: inout RouteTable) {

        table.on(.post, "/v1/me/email/verification", operation: "sendEmailVerification", access: .user(.profile)) {
            request,
            context in
            try await links.sendVerification(
                principal: try context.user,
                client: context.clientInfo,
                language: context.language
            )
            return Response(status: .accepted)
        }

        table.on(.post, "/v1/me/email", operation: "changeEmail", access: .user(.profile)) { request, context in
            let body = try await requests.body(EmailChangeRequest.self, of: request).value
            try await recentAuthentication.require(try context.user)
            try await links.requestChange(
                to: body.email,
                principal: try context.user,
                client: context.clientInfo,
                language: context.language
            )
            return Response(status: .accepted)
        }

        table.command(.post, "/v1/auth/email/verify", operation: "verifyEmail", access: .anyone, body: EmailTokenRequest.self) { body, _, context in
            try await links.verify(token: body.token, language: context.language)
        }

        table.on(.post, "/v1/auth/password/reset", operation: "sendPasswordReset", access: .app) { request, context in
            let body = try await requests.body(PasswordResetRequest.self, of: request).value
            try await links.requestReset(
                email: body.email,
                app: try context.app,
                client: context.clientInfo,
                language: context.language
            )
            return Response(status: .accepted)
        }

        table.command(
            .post,
            "/v1/auth/password/reset/confirm",
            operation: "confirmPasswordReset",
            access: .anyone,
            body: PasswordResetConfirmation.self
        ) { body, _, _ in
            try await links.confirmReset(token: body.token, password: body.password)
        }

        EmailActionPage(
            requests: requests,
            links: links,
            emailSignIn: emailSignIn,
            mfa: mfa,
            factors: factors,
            browser: browser,
            apps: apps,
            time: time,
            pages: pages,
            csrf: csrf
        ).routes(into: &table)
    }
}
