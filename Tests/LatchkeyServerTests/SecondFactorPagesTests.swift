import Foundation
import HTTPTypes
import Testing

@testable import LatchkeyServer

/// The second factor on the server's pages: the email-link page asking a user with an
/// authenticator for its code (or a recovery code), and an app that requires an authenticator
/// enrolling one on the hosted login and the email-link page — its QR code, link and key, the
/// first code confirming it, the recovery codes shown once — before the flow goes on.
@Suite struct SecondFactorPagesTests {
    static let redirectURI = "com.example.app:/callback"
    static let email = EmailSignInTests.email

    /// An app with email codes; the user of ``email`` signed up by code, with the access token.
    private static func emailUser(_ harness: TestHarness, _ client: Client) async throws -> String {
        _ = try await client.sendEmailCode(email)
        let answer = try await client.verifyEmailCode(try await harness.latestEmailCode(to: email))
        return try #require(answer.string("session.accessToken"), "\(answer.text)")
    }

    /// Opens a new sign-in link of ``email`` on the server's page and clicks: the answer, and the
    /// page's form (its cookie is the browser's for the pages that follow).
    private static func openLink(_ harness: TestHarness, _ client: Client) async throws -> (TestResponse, PageForm) {
        _ = try await client.sendEmailCode(email)
        let token = try await harness.latestLinkToken(to: email)
        let form = try PageForm(of: try await client.send(.get, "/v1/auth/action?mode=signIn&token=\(token)"))
        return (try await client.submit(["mode": "signIn", "token": token], to: "/v1/auth/action", with: form), form)
    }

    /// The challenge a code page carries.
    private static func challenge(in page: TestResponse) throws -> String {
        try #require(page.text.firstMatch(of: /name="challenge" value="([^"]+)"/).map { String($0.1) }, "\(page.text)")
    }

    /// The authenticator whose key the page shows, checked against its QR code's link.
    private static func enrollment(in page: TestResponse) throws -> TOTP {
        let secret = try #require(page.text.firstMatch(of: /<code id="secret">([A-Z2-7]+)<\/code>/).map { String($0.1) })
        let uri = try #require(page.text.firstMatch(of: /href="(otpauth:\/\/totp\/[^"]+)"/).map { String($0.1) })
        #expect(uri.contains("secret=\(secret)"))
        #expect(page.text.contains(#"<figure class="qr-code" id="qr-code"><svg xmlns="http://www.w3.org/2000/svg""#))
        return TOTP(secret: try #require(Base32.decode(secret)))
    }

    /// The code page's form sending `code` for `challenge` to `/v1/auth/action/mfa`.
    private static func sendCode(_ code: String, challenge: String, form: PageForm, _ client: Client) async throws -> TestResponse {
        try await client.submit(["challenge": challenge, "code": code], to: "/v1/auth/action/mfa", with: form)
    }

    @Test(arguments: TestStore.enabled) func theLinkPageAsksForTheAuthenticatorCode(store: TestStore) async throws {
        let harness = try await EmailSignInTests.harness(store)
        try await harness.run { client in
            let user = try await SecondFactorTests.enroll(access: try await Self.emailUser(harness, client), client, harness)
            let (page, form) = try await Self.openLink(harness, client)
            #expect(page.status == .ok)
            #expect(page.text.contains(#"action="/v1/auth/action/mfa""#))
            #expect(!page.text.contains("<svg"))
            #expect(!page.headers[values: .setCookie].contains { $0.hasPrefix("lk_session=") })
            let challenge = try Self.challenge(in: page)
            let wrong = try await Self.sendCode(user.code(harness) == "000000" ? "111111" : "000000", challenge: challenge, form: form, client)
            #expect(wrong.status == .unauthorized)
            #expect(wrong.text.contains(#"id="code-error""#))
            #expect(wrong.text.contains(#"action="/v1/auth/action/mfa""#))
            let done = try await Self.sendCode(user.code(harness), challenge: challenge, form: form, client)
            #expect(done.status == .ok)
            #expect(done.text.contains("You are signed in"))
            let session = try #require(done.headers[values: .setCookie].first { $0.hasPrefix("lk_session=") }?.split(separator: ";").first)
            let browser = try await client.send(.get, "/v1/auth/browser-session", app: client.clientID, headers: [.cookie: String(session)])
            #expect(browser.value("active") as? Bool == true)
            // The challenge is spent; a forged form does nothing.
            let again = try await Self.sendCode(user.code(harness, stepsAhead: 1), challenge: challenge, form: form, client)
            #expect(again.status == .unauthorized)
            #expect(!again.text.contains(#"action="/v1/auth/action/mfa""#))
            let forged = try await client.send(.post, "/v1/auth/action/mfa", form: ["challenge": challenge, "code": user.code(harness)])
            #expect(forged.status == .forbidden)
            // A recovery code does it too, once.
            let (next, nextForm) = try await Self.openLink(harness, client)
            let recovered = try await Self.sendCode(user.recoveryCodes[0], challenge: try Self.challenge(in: next), form: nextForm, client)
            #expect(recovered.status == .ok)
            #expect(recovered.text.contains("You are signed in"))
        }
    }

    /// Fifty parallel completions of one challenge on the link page sign the browser in once.
    @Test(arguments: TestStore.enabled) func fiftyParallelCompletionsOnTheLinkPageSignInOnce(store: TestStore) async throws {
        let harness = try await EmailSignInTests.harness(store)
        try await harness.run { client in
            let user = try await SecondFactorTests.enroll(access: try await Self.emailUser(harness, client), client, harness)
            let (page, form) = try await Self.openLink(harness, client)
            let challenge = try Self.challenge(in: page)
            let code = user.code(harness)
            let answers = try await withThrowingTaskGroup(of: TestResponse.self) { group in
                for _ in 0..<50 { group.addTask { try await Self.sendCode(code, challenge: challenge, form: form, client) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.filter { $0.status == .ok && $0.text.contains("You are signed in") }.count == 1)
            #expect(answers.filter { $0.status == .unauthorized }.count == 49, "\(answers.map(\.status))")
        }
    }

    /// With `totpRequired`, a sign-up on the hosted login shows a new authenticator's QR code,
    /// link and key; its first code signs in and shows the ten recovery codes once, and
    /// "Continue" goes on to the client. A recovery code then signs in once.
    @Test(arguments: TestStore.enabled) func theHostedLoginEnrollsWithAQRCodeAndShowsTheRecoveryCodes(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { settings in
            settings.oauth.redirectURIs = [Self.redirectURI]
            settings.secondFactor.totpRequired = true
        }
        try await harness.run { client in
            var browser = LoginBrowser(client)
            let login = LoginRequest(clientID: harness.app.clientID, redirectURI: Self.redirectURI)
            let signUp = try await browser.get("/oauth/authorize/sign-up?" + login.query)
            let page = try await browser.post(
                "/oauth/authorize/sign-up",
                form: [
                    "csrf_token": LoginBrowser.csrfToken(in: signUp) ?? "", "request": login.query, "username": "ann",
                    "password": "correct horse battery",
                ]
            )
            #expect(page.status == .ok)
            #expect(!page.headers[values: .setCookie].contains { $0.hasPrefix("lk_session=") })
            let totp = try Self.enrollment(in: page)
            let challenge = try Self.challenge(in: page)
            let form = { (page: TestResponse, code: String) in
                ["csrf_token": LoginBrowser.csrfToken(in: page) ?? "", "request": login.query, "challenge": challenge, "code": code]
            }
            let code = totp.code(step: TOTP.step(at: harness.clock.now()))
            let wrong = try await browser.post("/oauth/authorize/mfa", form: form(page, code == "000000" ? "111111" : "000000"))
            #expect(wrong.status == .unauthorized)
            #expect(!wrong.text.contains("<svg"))
            let codes = try await browser.post("/oauth/authorize/mfa", form: form(wrong, code))
            #expect(codes.status == .ok, "\(codes.text)")
            #expect(codes.headers[values: .setCookie].contains { $0.hasPrefix("lk_session=") })
            let recoveryCodes = codes.text.matches(of: /<li><code>([a-z2-7]{5}-[a-z2-7]{5})<\/code><\/li>/).map { String($0.1) }
            #expect(recoveryCodes.count == 10)
            let continued = try await browser.post(
                "/oauth/authorize/continue",
                form: ["csrf_token": LoginBrowser.csrfToken(in: codes) ?? "", "request": login.query]
            )
            #expect(continued.status == .seeOther)
            let authorization = try #require(LoginBrowser.redirectParameters(continued)["code"])
            #expect(try await client.send(.post, "/oauth/token", form: login.tokenForm(code: authorization)).status == .ok)

            // Continuing later is no way around signing in.
            harness.clock.advance(by: TimeInterval(MFAChallenge.lifetime + 1))
            let late = try await browser.post(
                "/oauth/authorize/continue",
                form: ["csrf_token": LoginBrowser.csrfToken(in: codes) ?? "", "request": login.query]
            )
            #expect(late.status == .ok)
            #expect(late.text.contains(#"action="/oauth/authorize/sign-in""#))

            let next = try await client.signIn("ann")
            #expect(next.value("enrollment") as? Bool == false)
            let recovered = try await client.send(
                .post,
                "/v1/auth/mfa",
                json: ["challenge": try #require(next.string("challenge")), "recoveryCode": recoveryCodes[0]],
                app: client.clientID
            )
            #expect(recovered.status == .ok)
            #expect(recovered.value("recoveryCodes") == nil)
        }
    }

    /// With `totpRequired`, a sign-in link that makes an account enrolls an authenticator on the
    /// link page and shows the recovery codes with the signed-in message.
    @Test(arguments: TestStore.enabled) func theLinkPageEnrollsWhereTheAppRequiresAnAuthenticator(store: TestStore) async throws {
        let harness = try await EmailSignInTests.harness(store) { $0.secondFactor.totpRequired = true }
        try await harness.run { client in
            let (page, form) = try await Self.openLink(harness, client)
            #expect(page.status == .ok)
            let totp = try Self.enrollment(in: page)
            let done = try await Self.sendCode(
                totp.code(step: TOTP.step(at: harness.clock.now())),
                challenge: try Self.challenge(in: page),
                form: form,
                client
            )
            #expect(done.status == .ok)
            #expect(done.text.contains("You are signed in"))
            #expect(done.text.matches(of: /<li><code>[a-z2-7]{5}-[a-z2-7]{5}<\/code><\/li>/).count == 10)
            #expect(done.headers[values: .setCookie].contains { $0.hasPrefix("lk_session=") })
        }
    }
    /// "Remember this browser": the code step's checkbox sets a signed, HttpOnly cookie for the
    /// user and app; that browser's next sign-in skips the code, another browser's (or a forged
    /// cookie's) does not, and neither does this one once the authenticator is replaced.
    @Test(arguments: TestStore.enabled) func aRememberedBrowserSkipsTheCodeUntilTheAuthenticatorChanges(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.oauth.redirectURIs = [Self.redirectURI] }
        try await harness.run { client in
            let ann = try await SecondFactorTests.enroll("ann", client, harness)
            var browser = LoginBrowser(client)
            let login = LoginRequest(clientID: harness.app.clientID, redirectURI: Self.redirectURI)
            let page = try await browser.signIn(login.query, as: "ann")
            #expect(page.text.contains(#"name="remember" value="1""#))
            let done = try await browser.post(
                "/oauth/authorize/mfa",
                form: [
                    "csrf_token": LoginBrowser.csrfToken(in: page) ?? "", "request": login.query, "challenge": try Self.challenge(in: page),
                    "code": ann.code(harness), "remember": "1",
                ]
            )
            #expect(done.status == .seeOther)
            let cookieName = "lk_mfa_\(harness.app.id)"
            let cookie = try #require(done.headers[values: .setCookie].first { $0.hasPrefix(cookieName + "=") })
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Max-Age=2592000"))

            // Signed out of the browser session, the password alone signs in here...
            browser.cookies["lk_session"] = nil
            let again = try await browser.signIn(login.query, as: "ann")
            #expect(again.status == .seeOther)
            #expect(LoginBrowser.redirectParameters(again)["code"] != nil)
            // ...not in another browser, nor with a forged cookie, nor another user's.
            var other = LoginBrowser(client)
            #expect(try await other.signIn(login.query, as: "ann").text.contains(#"action="/oauth/authorize/mfa""#))
            var forged = LoginBrowser(client)
            let payload = try #require(browser.cookies[cookieName]?.split(separator: ".").first)
            forged.cookies[cookieName] = payload + "." + String(repeating: "A", count: 43)
            #expect(try await forged.signIn(login.query, as: "ann").text.contains(#"action="/oauth/authorize/mfa""#))
            _ = try await SecondFactorTests.enroll("bob", client, harness)
            browser.cookies["lk_session"] = nil
            #expect(try await browser.signIn(login.query, as: "bob").text.contains(#"action="/oauth/authorize/mfa""#))

            // A new authenticator forgets every remembered browser.
            #expect(try await client.send(.delete, "/v1/me/mfa/totp", token: ann.access).status == .noContent)
            _ = try await SecondFactorTests.enroll(access: ann.access, client, harness)
            browser.cookies["lk_session"] = nil
            #expect(try await browser.signIn(login.query, as: "ann").text.contains(#"action="/oauth/authorize/mfa""#))
        }
    }
}
