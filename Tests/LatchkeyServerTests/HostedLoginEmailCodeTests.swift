import Foundation
import HTTPTypes
import Testing

@testable import LatchkeyServer

/// "Email me a code" on the hosted login: offered only where the app has `emailCode`, the email
/// API's rules behind the form (one answer for every address, the code's five checks), the code
/// signing the browser in and the flow ending at the client with an authorization code — through
/// the second factor for a user with one — and the forms' CSRF protection.
@Suite struct HostedLoginEmailCodeTests {
    static let redirectURI = "com.example.app:/callback"

    private static func harness(_ store: TestStore, configure: (inout AppSettings) -> Void = { _ in }) async throws -> TestHarness {
        try await TestHarness.make(store: store) { settings in
            settings.oauth.redirectURIs = [redirectURI]
            settings.auth.signInMethods.insert(.emailCode)
            configure(&settings)
        }
    }

    /// Opens the sign-in page, follows "Email me a code" and sends `email`; the code page.
    static func sendCode(_ email: String, _ browser: inout LoginBrowser, _ login: LoginRequest) async throws -> TestResponse {
        let signIn = try await browser.get("/oauth/authorize?" + login.query)
        #expect(signIn.text.contains(#"href="/oauth/authorize/email?"#))
        let page = try await browser.get("/oauth/authorize/email?" + login.query)
        #expect(page.status == .ok)
        #expect(page.text.contains(#"action="/oauth/authorize/email""#))
        return try await browser.post(
            "/oauth/authorize/email",
            form: ["csrf_token": LoginBrowser.csrfToken(in: page) ?? "", "request": login.query, "email": email]
        )
    }

    /// Posts `code` on the code page `page` for `email`.
    static func enter(
        _ code: String,
        for email: String,
        on page: TestResponse,
        _ browser: inout LoginBrowser,
        _ login: LoginRequest
    )
        async throws -> TestResponse
    {
        try await browser.post(
            "/oauth/authorize/email/verify",
            form: ["csrf_token": LoginBrowser.csrfToken(in: page) ?? "", "request": login.query, "email": email, "code": code]
        )
    }

    @Test(arguments: TestStore.enabled) func theEmailedCodeSignsTheBrowserInAndTheClientGetsACode(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run { client in
            var browser = LoginBrowser(client)
            let login = LoginRequest(clientID: harness.app.clientID, redirectURI: Self.redirectURI)
            let email = EmailSignInTests.email
            let codePage = try await Self.sendCode(email, &browser, login)
            #expect(codePage.status == .ok)
            #expect(codePage.text.contains(#"action="/oauth/authorize/email/verify""#))
            #expect(codePage.text.contains(email))
            let code = try await harness.latestEmailCode(to: email)
            let wrong = try await Self.enter(code == "000000" ? "111111" : "000000", for: email, on: codePage, &browser, login)
            #expect(wrong.status == .badRequest)
            #expect(wrong.text.contains(#"id="error-summary""#))
            #expect(wrong.text.contains(#"action="/oauth/authorize/email/verify""#))
            let done = try await Self.enter(code, for: email, on: wrong, &browser, login)
            #expect(done.status == .seeOther, "\(done.text)")
            #expect(done.headers[values: .setCookie].contains { $0.hasPrefix("lk_session=") })
            let authorization = try #require(LoginBrowser.redirectParameters(done)["code"])
            let tokens = try await client.send(.post, "/oauth/token", form: login.tokenForm(code: authorization))
            #expect(tokens.status == .ok)
            let me = try await client.send(.get, "/v1/me", token: try #require(tokens.string("access_token")))
            #expect(me.string("email") == email)
            #expect(me.value("emailVerified") as? Bool == true)
            // The code is spent.
            #expect(try await Self.enter(code, for: email, on: wrong, &browser, login).status == .badRequest)
        }
    }

    /// An address with an account and one without get the same page; a form without the page's
    /// token is refused; an app without `emailCode` neither offers nor sends codes.
    @Test(arguments: TestStore.enabled) func everyAddressIsAnsweredAlikeAndTheFormsAreProtected(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run { client in
            _ = try await client.sendEmailCode(EmailSignInTests.email)
            #expect(try await client.verifyEmailCode(try await harness.latestEmailCode(to: EmailSignInTests.email)).status == .created)
            let login = LoginRequest(clientID: harness.app.clientID, redirectURI: Self.redirectURI)
            var first = LoginBrowser(client)
            var second = LoginBrowser(client)
            let known = try await Self.sendCode(EmailSignInTests.email, &first, login)
            let unknown = try await Self.sendCode("nobody@example.com", &second, login)
            #expect(known.status == unknown.status)
            #expect(
                known.text.replacingOccurrences(of: EmailSignInTests.email, with: "")
                    .replacing(/value="[A-Za-z0-9_-]{40,}"/, with: "")
                    == unknown.text.replacingOccurrences(of: "nobody@example.com", with: "").replacing(/value="[A-Za-z0-9_-]{40,}"/, with: "")
            )
            let forged = try await first.post("/oauth/authorize/email", form: ["request": login.query, "email": EmailSignInTests.email])
            #expect(forged.status == .forbidden)
            let forgedCode = try await first.post(
                "/oauth/authorize/email/verify",
                form: ["request": login.query, "email": EmailSignInTests.email, "code": "123456"]
            )
            #expect(forgedCode.status == .forbidden)
            let invalid = try await Self.sendCode("not an address", &first, login)
            #expect(invalid.status == .unprocessableContent)
            #expect(invalid.text.contains(#"id="email-error""#))
        }
        let off = try await TestHarness.make(store: store) { $0.oauth.redirectURIs = [Self.redirectURI] }
        try await off.run { client in
            var browser = LoginBrowser(client)
            let login = LoginRequest(clientID: off.app.clientID, redirectURI: Self.redirectURI)
            let signIn = try await browser.get("/oauth/authorize?" + login.query)
            #expect(!signIn.text.contains("/oauth/authorize/email"))
            let page = try await browser.get("/oauth/authorize/email?" + login.query)
            let refused = try await browser.post(
                "/oauth/authorize/email",
                form: ["csrf_token": LoginBrowser.csrfToken(in: page) ?? "", "request": login.query, "email": "ann@example.com"]
            )
            #expect(refused.status == .forbidden)
            #expect(refused.text.contains(#"action="/oauth/authorize/email""#))
        }
    }

    /// A user with an authenticator gives its code after the emailed one, and the flow goes on.
    @Test(arguments: TestStore.enabled) func aUserWithASecondFactorGivesItsCodeNext(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run { client in
            let email = EmailSignInTests.email
            _ = try await client.sendEmailCode(email)
            let access = try #require(try await client.verifyEmailCode(try await harness.latestEmailCode(to: email)).string("session.accessToken"))
            let user = try await SecondFactorTests.enroll(access: access, client, harness)
            var browser = LoginBrowser(client)
            let login = LoginRequest(clientID: harness.app.clientID, redirectURI: Self.redirectURI)
            let codePage = try await Self.sendCode(email, &browser, login)
            let mfaPage = try await Self.enter(try await harness.latestEmailCode(to: email), for: email, on: codePage, &browser, login)
            #expect(mfaPage.status == .ok)
            #expect(mfaPage.text.contains(#"action="/oauth/authorize/mfa""#))
            #expect(!mfaPage.text.contains("<svg"))
            let challenge = try #require(mfaPage.text.firstMatch(of: /name="challenge" value="([^"]+)"/).map { String($0.1) })
            let done = try await browser.post(
                "/oauth/authorize/mfa",
                form: [
                    "csrf_token": LoginBrowser.csrfToken(in: mfaPage) ?? "", "request": login.query, "challenge": challenge,
                    "code": user.code(harness),
                ]
            )
            #expect(done.status == .seeOther)
            #expect(LoginBrowser.redirectParameters(done)["code"] != nil)
        }
    }
}
