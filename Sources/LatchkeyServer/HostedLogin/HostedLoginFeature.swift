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

    static let settings: [AppSetting] = [
        .boolean(
            "firstParty",
            \HostedLoginSettings.firstParty,
            flag: "first-party",
            help: "The installation's own app: the hosted login does not ask its users to consent (default true)."
        ),
        .url(
            "logoURL",
            \HostedLoginSettings.logoURL,
            flag: "logo-url",
            help: "https URL of the app's logo on the hosted login pages.",
            name: "logo URL"
        ),
    ]

    func routes(into table: inout RouteTable) {
        table.on(.get, "/oauth/authorize", operation: "authorize", access: .anyone) { request, _ in
            try await authorize(request)
        }
        table.on(.post, "/oauth/authorize/sign-in", operation: "loginSignIn", access: .anyone) { request, context in
            try await signIn(request, context: context)
        }
        table.on(.post, "/oauth/authorize/passkey", operation: "loginPasskey", access: .anyone) { request, context in
            try await passkeySignIn(request, context: context)
        }
        table.on(.get, "/oauth/authorize/sign-up", operation: "loginSignUpPage", access: .anyone) { request, _ in
            try await page(request) { authz, language in try signUpPage(authz, request: request, language: language) }
        }
        table.on(.post, "/oauth/authorize/sign-up", operation: "loginSignUp", access: .anyone) { request, context in
            try await signUp(request, context: context)
        }
        table.on(.get, "/oauth/authorize/reset", operation: "loginResetPage", access: .anyone) { request, _ in
            try await page(request) { authz, language in
                try emailPage("login/reset", title: "login.reset.title", authz, request: request, language: language)
            }
        }
        table.on(.post, "/oauth/authorize/reset", operation: "loginReset", access: .anyone) { request, context in
            try await reset(request, context: context)
        }
        table.on(.get, "/oauth/authorize/phone", operation: "loginPhonePage", access: .anyone) { request, _ in
            try await page(request) { authz, language in try phonePage(authz, request: request, language: language) }
        }
        table.on(.post, "/oauth/authorize/phone", operation: "loginPhoneStart", access: .anyone) { request, context in
            try await phoneStart(request, context: context)
        }
        table.on(.post, "/oauth/authorize/phone/verify", operation: "loginPhoneVerify", access: .anyone) { request, context in
            try await phoneVerify(request, context: context)
        }
        table.on(.get, "/oauth/authorize/email", operation: "loginEmailCodePage", access: .anyone) { request, _ in
            try await page(request) { authz, language in
                try emailPage("login/email", title: "login.email.title", authz, request: request, language: language)
            }
        }
        table.on(.post, "/oauth/authorize/email", operation: "loginEmailCodeStart", access: .anyone) { request, context in
            try await emailCodeStart(request, context: context)
        }
        table.on(.post, "/oauth/authorize/email/verify", operation: "loginEmailCodeVerify", access: .anyone) { request, context in
            try await emailCodeVerify(request, context: context)
        }
        table.on(.post, "/oauth/authorize/mfa", operation: "loginMFA", access: .anyone) { request, context in
            try await completeSecondFactor(request, context: context)
        }
        table.on(.post, "/oauth/authorize/continue", operation: "loginContinue", access: .anyone) { request, _ in
            try await continueAfterSecondFactor(request)
        }
        table.on(.get, "/oauth/authorize/provider", operation: "loginProviderStart", access: .anyone) { request, _ in
            try await providerStart(request)
        }
        table.on(.get, "/oauth/authorize/provider/callback", operation: "loginProviderCallback", access: .anyone) { request, context in
            try await providerCallback(request, context: context)
        }
        table.on(.post, "/oauth/authorize/provider/callback", operation: "loginProviderFormPost", access: .anyone) { request, context in
            try await providerCallback(request, context: context)
        }
        table.on(.post, "/oauth/authorize/consent", operation: "loginConsent", access: .anyone) { request, _ in
            try await consent(request)
        }
        table.on(.get, "/oauth/logout", operation: "endSession", access: .anyone) { request, _ in
            try await endSession(request)
        }
        table.on(.post, "/oauth/logout", operation: "endSessionConfirmed", access: .anyone) { request, _ in
            try await endSessionConfirmed(request)
        }
        table.on(.get, "/v1/auth/browser-session", operation: "getBrowserSession", access: .app) { request, context in
            try await browserSessionStatus(request, app: try context.app)
        }
    }
}
