import Foundation
import Hummingbird
import LatchkeyWire
import Logging

/// The hosted login (`/oauth/authorize` and its pages, `/oauth/logout`): the OAuth 2.0
/// authorization-code flow with PKCE for native and web apps (RFC 6749 §4.1, RFC 7636, RFC 8252),
/// OpenID Connect's sign-in and RP-initiated logout, and the browser session that signs a
/// returning user in without a password — which Kurogo's Session API
/// (`GET /v1/auth/browser-session`) reports on. The pages sign in, sign up, reset a password and
/// sign in by phone or passkey through the account services the JSON API uses, with their rules.
struct HostedLoginFeature: Feature {
    static let id = "login"
    let accounts: AccountService
    let apps: AppDirectory
    let browser: BrowserSessionStore
    let pending: PendingAuthorization
    let codes: AuthorizationCodeStore
    let consents: LoginConsentStore
    let csrf: CSRFProtection
    let emailSignIn: EmailSignIn
    let idTokens: IDTokenMinter
    let issuer: Issuer
    let links: EmailLinks
    let logger: Logger
    let mfa: MFASignIn
    let pages: PageRenderer
    let passkeys: PasskeySignIn
    let phone: PhoneSignIn
    let providerAccounts: ExternalAccountService
    let providerLogin: ProviderLogin
    let rememberedBrowsers: RememberedBrowsers
    let requests: RequestReader
    let secondFactor: SecondFactorService
    let sessions: SessionStore
    let time: any TimeSource
    let userCache: UserCache

    init(backend: LatchkeyBackend) {
        accounts = AccountService(backend: backend)
        apps = backend.appDirectory
        browser = BrowserSessionStore(backend: backend)
        pending = PendingAuthorization(secureCookies: browser.secureCookies)
        codes = AuthorizationCodeStore(driver: backend.driver)
        consents = LoginConsentStore(driver: backend.driver)
        csrf = backend.csrf
        emailSignIn = EmailSignIn(backend: backend)
        idTokens = IDTokenMinter(keys: backend.keyRing, issuer: backend.issuer, time: backend.time)
        issuer = backend.issuer
        links = EmailLinks(backend: backend)
        logger = backend.logger
        mfa = MFASignIn(backend: backend)
        pages = backend.pages
        passkeys = PasskeySignIn(backend: backend)
        phone = PhoneSignIn(backend: backend)
        providerAccounts = ExternalAccountService(backend: backend)
        providerLogin = backend.providerLogin
        rememberedBrowsers = RememberedBrowsers(
            key: backend.box.derivedKey(for: "remembered-browsers"),
            secureCookies: backend.issuer.current.hasPrefix("https:")
        )
        requests = backend.requests
        secondFactor = SecondFactorService(backend: backend)
        sessions = backend.sessions
        time = backend.time
        userCache = backend.userCache
    }

    static let module: ModuleDeclaration? = ModuleDeclaration(
        title: "Hosted login: OAuth authorization code with PKCE, OpenID Connect, browser session",
        access: .anyone
    )

    static let settingsSection: SettingSection? = .signIn

    static let settings: [AppSetting] = [
        .boolean(
            "firstParty",
            \HostedLoginSettings.firstParty,
            flag: "first-party",
            help: "The installation's own app: the hosted login does not ask its users to consent (default true)."
        )
    ]

    func routes(into table: inout RouteTable) {
        table.on(.get, "/oauth/authorize", operation: "authorize", access: .browser) { request, context in
            try await authorize(request, context: context)
        }
        table.on(.post, "/oauth/authorize/sign-in", operation: "loginSignIn", access: .browser, form: Self.step(["identifier", "password"])) {
            request,
            context in
            try await signIn(request, context: context)
        }
        table.on(.post, "/oauth/authorize/passkey", operation: "loginPasskey", access: .browser, form: Self.step(["credential"])) {
            request,
            context in
            try await passkeySignIn(request, context: context)
        }
        table.on(.get, "/oauth/authorize/sign-up", operation: "loginSignUpPage", access: .browser) { request, _ in
            try await page(request) { authz, language in try signUpPage(authz, request: request, language: language) }
        }
        table.on(.post, "/oauth/authorize/sign-up", operation: "loginSignUp", access: .browser, form: Self.step(["username", "email", "password"])) {
            request,
            context in
            try await signUp(request, context: context)
        }
        table.on(.get, "/oauth/authorize/reset", operation: "loginResetPage", access: .browser) { request, _ in
            try await page(request) { authz, language in
                try emailPage("login/reset", title: "login.reset.title", authz, request: request, language: language)
            }
        }
        table.on(.post, "/oauth/authorize/reset", operation: "loginReset", access: .browser, form: Self.step(["email"])) { request, context in
            try await reset(request, context: context)
        }
        table.on(.get, "/oauth/authorize/phone", operation: "loginPhonePage", access: .browser) { request, _ in
            try await page(request) { authz, language in try phonePage(authz, request: request, language: language) }
        }
        table.on(.post, "/oauth/authorize/phone", operation: "loginPhoneStart", access: .browser, form: Self.step(["phone"])) { request, context in
            try await phoneStart(request, context: context)
        }
        table.on(
            .post,
            "/oauth/authorize/phone/verify",
            operation: "loginPhoneVerify",
            access: .browser,
            form: Self.step(["phone", "request_id", "pin"])
        ) {
            request,
            context in
            try await phoneVerify(request, context: context)
        }
        table.on(.get, "/oauth/authorize/email", operation: "loginEmailCodePage", access: .browser) { request, _ in
            try await page(request) { authz, language in
                try emailPage("login/email", title: "login.email.title", authz, request: request, language: language)
            }
        }
        table.on(.post, "/oauth/authorize/email", operation: "loginEmailCodeStart", access: .browser, form: Self.step(["email"])) {
            request,
            context in
            try await emailCodeStart(request, context: context)
        }
        table.on(.post, "/oauth/authorize/email/verify", operation: "loginEmailCodeVerify", access: .browser, form: Self.step(["email", "code"])) {
            request,
            context in
            try await emailCodeVerify(request, context: context)
        }
        table.on(.post, "/oauth/authorize/mfa", operation: "loginMFA", access: .browser, form: Self.step(["challenge", "code", "remember"])) {
            request,
            context in
            try await completeSecondFactor(request, context: context)
        }
        table.on(.post, "/oauth/authorize/continue", operation: "loginContinue", access: .browser, form: Self.step([])) { request, context in
            try await continueAfterSecondFactor(request, context: context)
        }
        table.on(.get, "/oauth/authorize/provider", operation: "loginProviderStart", access: .browser) { request, _ in
            try await providerStart(request)
        }
        table.on(.get, "/oauth/authorize/provider/callback", operation: "loginProviderCallback", access: .browser) { request, context in
            try await providerCallback(request, context: context)
        }
        table.on(.post, "/oauth/authorize/provider/callback", operation: "loginProviderFormPost", access: .browser) { request, context in
            try await providerCallback(request, context: context)
        }
        table.on(.post, "/oauth/authorize/consent", operation: "loginConsent", access: .browser, form: Self.step(["decision"])) { request, context in
            try await consent(request, context: context)
        }
        table.on(.get, "/oauth/logout", operation: "endSession", access: .browser) { request, context in
            try await endSession(request, context: context)
        }
        table.on(.post, "/oauth/logout", operation: "endSessionConfirmed", access: .browser, form: Self.logoutParameters) { request, context in
            try await endSessionConfirmed(request, context: context)
        }
        table.on(.get, "/v1/auth/browser-session", operation: "getBrowserSession", access: .app) { request, context in
            try await browserSessionStatus(request, app: try context.app)
        }
    }

    /// The fields of a step's form: its own and the authorization request every step carries.
    static func step(_ fields: Set<String>) -> Set<String> { fields.union(["request"]) }
}
