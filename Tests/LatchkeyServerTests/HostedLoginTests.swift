import Crypto
import Foundation
import HTTPTypes
import LatchkeyServer
import Testing

/// The hosted login's OAuth 2.0 / OpenID Connect protocol over HTTP: the code flow with PKCE, the
/// redirect-URI rules of RFC 6749 and RFC 8252, codes that are single-use, short-lived and bound
/// to their client, the ID token, and the browser session.
@Suite struct HostedLoginTests {
    static let redirectURI = "com.example.app:/callback"
    static let loopback = "http://127.0.0.1/callback"

    private static func harness(_ store: TestStore, configure: (inout AppSettings) -> Void = { _ in }) async throws -> TestHarness {
        try await TestHarness.make(store: store) { settings in
            settings.oauth.redirectURIs = [redirectURI, loopback]
            configure(&settings)
        }
    }

    /// Signs `identifier` in through the page and returns the code the client got.
    private static func code(
        _ browser: inout LoginBrowser,
        _ login: LoginRequest,
        as identifier: String
    ) async throws -> String {
        let answer = try await browser.signIn(login.query, as: identifier)
        #expect(answer.status == .seeOther)
        let parameters = LoginBrowser.redirectParameters(answer)
        #expect(parameters["state"] == login.state)
        return try #require(parameters["code"])
    }

    @Test(arguments: TestStore.enabled) func codeFlowIssuesASessionAndAnIDTokenThenSignsInWithoutAPassword(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run { client in
            _ = try await client.signUpUser("ada")
            var browser = LoginBrowser(client)
            let login = LoginRequest(clientID: harness.app.clientID, redirectURI: Self.redirectURI)
            let page = try await browser.get("/oauth/authorize?" + login.query)
            #expect(page.status == .ok)
            #expect(page.headers[.contentSecurityPolicy]?.contains("form-action 'self' com.example.app:") == true)
            let signIn = try await browser.post(
                "/oauth/authorize/sign-in",
                form: [
                    "csrf_token": LoginBrowser.csrfToken(in: page) ?? "", "request": login.query, "identifier": "ada",
                    "password": "correct horse battery",
                ]
            )
            #expect(signIn.status == .seeOther)
            #expect(signIn.headers[.location]?.hasPrefix(Self.redirectURI + "?") == true)
            let cookie = try #require(signIn.headers[values: .setCookie].first { $0.hasPrefix("lk_session=") })
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"))
            let parameters = LoginBrowser.redirectParameters(signIn)
            #expect(parameters["state"] == login.state)
            #expect(parameters["iss"] == "http://latchkey.test")
            let code = try #require(parameters["code"])

            let tokens = try await client.send(.post, "/oauth/token", form: login.tokenForm(code: code))
            #expect(tokens.status == .ok)
            let access = try #require(tokens.string("access_token"))
            #expect(tokens.string("refresh_token")?.hasPrefix("lkr_") == true)
            let idToken = try #require(tokens.string("id_token"))
            let parts = idToken.split(separator: ".").map(String.init)
            let header = try JWT.object(parts[0])
            #expect(header["typ"] as? String == "JWT" && header["alg"] as? String == "ES256")
            let jwks = try await client.send(.get, "/.well-known/jwks.json")
            let key = try #require((jwks.value("keys") as? [[String: String]])?.first { $0["kid"] == header["kid"] as? String })
            let publicKey = try P256.Signing.PublicKey(rawRepresentation: try JWT.bytes(try #require(key["x"])) + JWT.bytes(try #require(key["y"])))
            let signature = try P256.Signing.ECDSASignature(rawRepresentation: try JWT.bytes(parts[2]))
            #expect(publicKey.isValidSignature(signature, for: Array((parts[0] + "." + parts[1]).utf8)))
            let claims = try JWT.object(parts[1])
            #expect(claims["aud"] as? String == harness.app.clientID)
            #expect(claims["iss"] as? String == "http://latchkey.test")
            #expect(claims["nonce"] as? String == login.nonce)
            #expect(claims["preferred_username"] as? String == "ada")
            #expect(claims["auth_time"] as? Int != nil && claims["sid"] as? String != nil)
            #expect(claims["at_hash"] as? String == JWT.encode(bytes: Array(Array(SHA256.hash(data: Array(access.utf8))).prefix(16))))
            let me = try await client.send(.get, "/v1/me", token: access)
            #expect(me.status == .ok)
            #expect(claims["sub"] as? String == me.string("id"))

            // The browser session: Kurogo's Session API sees it, and a second request signs in at once.
            let status = try await browser.get("/v1/auth/browser-session", app: harness.app.clientID)
            #expect(status.value("active") as? Bool == true)
            #expect(status.string("user.username") == "ada")
            let again = LoginRequest(clientID: harness.app.clientID, redirectURI: Self.redirectURI)
            let silent = try await browser.get("/oauth/authorize?" + again.query)
            #expect(silent.status == .seeOther)
            let second = try #require(LoginBrowser.redirectParameters(silent)["code"])
            #expect(try await client.send(.post, "/oauth/token", form: again.tokenForm(code: second)).status == .ok)
            // prompt=login shows the page even so.
            var forced = LoginRequest(clientID: harness.app.clientID, redirectURI: Self.redirectURI)
            forced.extra = ["prompt": "login", "login_hint": "ada"]
            let forcedPage = try await browser.get("/oauth/authorize?" + forced.query)
            #expect(forcedPage.status == .ok)
            #expect(forcedPage.text.contains(#"value="ada""#))

            // A code used twice: refused, and what it issued is revoked.
            let reuse = try await client.send(.post, "/oauth/token", form: login.tokenForm(code: code))
            #expect(reuse.status == .badRequest)
            #expect(reuse.string("error") == "invalid_grant")
            #expect(try await client.send(.get, "/v1/me", token: access).status == .unauthorized)

            // Someone else's ID token does not end this browser's session: the user is asked.
            _ = try await client.signUpUser("mallory")
            var other = LoginBrowser(client)
            let theirs = LoginRequest(clientID: harness.app.clientID, redirectURI: Self.redirectURI)
            let theirCode = try #require(LoginBrowser.redirectParameters(try await other.signIn(theirs.query, as: "mallory"))["code"])
            let theirIDToken = try #require(try await client.send(.post, "/oauth/token", form: theirs.tokenForm(code: theirCode)).string("id_token"))
            let forged = try await browser.get("/oauth/logout?id_token_hint=\(theirIDToken)&post_logout_redirect_uri=\(Self.redirectURI)")
            #expect(forged.status == .ok && forged.text.contains(#"action="/oauth/logout""#))
            #expect(try await browser.get("/v1/auth/browser-session", app: harness.app.clientID).value("active") as? Bool == true)

            // RP-initiated logout with the ID token ends the browser session.
            let logout = try await browser.get(
                "/oauth/logout?id_token_hint=\(idToken)&post_logout_redirect_uri=\(Self.redirectURI)&state=bye"
            )
            #expect(logout.status == .seeOther)
            #expect(LoginBrowser.redirectParameters(logout)["state"] == "bye")
            #expect(try await browser.get("/v1/auth/browser-session", app: harness.app.clientID).value("active") as? Bool == false)
            var none = LoginRequest(clientID: harness.app.clientID, redirectURI: Self.redirectURI)
            none.extra = ["prompt": "none"]
            #expect(LoginBrowser.redirectParameters(try await browser.get("/oauth/authorize?" + none.query))["error"] == "login_required")
        }
    }

    @Test(arguments: TestStore.enabled) func pkceIsRequiredAndS256Only(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run { client in
            _ = try await client.signUpUser("bea")
            var browser = LoginBrowser(client)
            var plain = LoginRequest(clientID: harness.app.clientID, redirectURI: Self.redirectURI)
            plain.extra = ["code_challenge_method": "plain"]
            let refusedPlain = try await browser.get("/oauth/authorize?" + plain.query)
            #expect(refusedPlain.status == .seeOther)
            #expect(LoginBrowser.redirectParameters(refusedPlain)["error"] == "invalid_request")
            #expect(LoginBrowser.redirectParameters(refusedPlain)["state"] == plain.state)
            let missing = plain.query.replacingOccurrences(of: "code_challenge=", with: "other=")
            #expect(LoginBrowser.redirectParameters(try await browser.get("/oauth/authorize?" + missing))["error"] == "invalid_request")
            var token = LoginRequest(clientID: harness.app.clientID, redirectURI: Self.redirectURI)
            token.extra = ["response_type": "token"]
            #expect(LoginBrowser.redirectParameters(try await browser.get("/oauth/authorize?" + token.query))["error"] == "unsupported_response_type")
            // Request objects are refused as OpenID Connect Core §6 says, not ignored.
            for (parameter, error) in [("request", "request_not_supported"), ("request_uri", "request_uri_not_supported")] {
                var object = LoginRequest(clientID: harness.app.clientID, redirectURI: Self.redirectURI)
                object.extra = [parameter: "eyJhbGciOiJub25lIn0.e30."]
                let refused = LoginBrowser.redirectParameters(try await browser.get("/oauth/authorize?" + object.query))
                #expect(refused["error"] == error && refused["state"] == object.state)
            }

            let login = LoginRequest(clientID: harness.app.clientID, redirectURI: Self.redirectURI)
            let code = try await Self.code(&browser, login, as: "bea")
            var withoutVerifier = login.tokenForm(code: code)
            withoutVerifier["code_verifier"] = nil
            #expect(try await client.send(.post, "/oauth/token", form: withoutVerifier).string("error") == "invalid_request")
            var wrong = login.tokenForm(code: code)
            wrong["code_verifier"] = String(repeating: "a", count: 43)
            #expect(try await client.send(.post, "/oauth/token", form: wrong).string("error") == "invalid_grant")
            // The wrong verifier spent the code.
            #expect(try await client.send(.post, "/oauth/token", form: login.tokenForm(code: code)).string("error") == "invalid_grant")
        }
    }

    @Test(arguments: TestStore.enabled) func anUntrustedRedirectURIIsNeverRedirectedTo(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run { client in
            var browser = LoginBrowser(client)
            for uri in ["https://evil.example/cb", "com.example.app:/other", Self.redirectURI + "#frag", "http://127.0.0.1:8080/other"] {
                let login = LoginRequest(clientID: harness.app.clientID, redirectURI: uri)
                let answer = try await browser.get("/oauth/authorize?" + login.query)
                #expect(answer.status == .badRequest, "\(uri)")
                #expect(answer.headers[.location] == nil)
                #expect(answer.headers[.contentType]?.hasPrefix("text/html") == true)
            }
            let unknown = LoginRequest(clientID: "lk_nobody", redirectURI: Self.redirectURI)
            #expect(try await browser.get("/oauth/authorize?" + unknown.query).headers[.location] == nil)
            // RFC 8252 §7.3: a loopback IP redirect URI with any port.
            for port in [1234, 54321] {
                let login = LoginRequest(clientID: harness.app.clientID, redirectURI: "http://127.0.0.1:\(port)/callback")
                let page = try await browser.get("/oauth/authorize?" + login.query)
                #expect(page.status == .ok)
                #expect(page.headers[.contentSecurityPolicy]?.contains("http://127.0.0.1:\(port)") == true)
            }
            // But only a host and a port: no user information, no port that cannot exist.
            for uri in [
                "http://evil.example@127.0.0.1/callback", "http://a:b@127.0.0.1:8080/callback", "http://127.0.0.1:99999/callback",
                "http://127.0.0.1:0/callback",
            ] {
                let login = LoginRequest(clientID: harness.app.clientID, redirectURI: uri)
                let refused = try await browser.get("/oauth/authorize?" + login.query)
                #expect(refused.status == .badRequest && refused.headers[.location] == nil, "\(uri)")
            }
        }
    }

    @Test(arguments: TestStore.enabled) func codesExpireAndBelongToTheirClientAndRedirectURI(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run { client in
            _ = try await client.signUpUser("cid")
            var browser = LoginBrowser(client)
            let login = LoginRequest(clientID: harness.app.clientID, redirectURI: Self.redirectURI)
            let expiring = try await Self.code(&browser, login, as: "cid")
            harness.clock.advance(by: 61)
            #expect(try await client.send(.post, "/oauth/token", form: login.tokenForm(code: expiring)).string("error") == "invalid_grant")

            let other = try await harness.makeApp(name: "Other")
            let fresh = LoginRequest(clientID: harness.app.clientID, redirectURI: Self.redirectURI)
            let code = try #require(LoginBrowser.redirectParameters(try await browser.get("/oauth/authorize?" + fresh.query))["code"])
            var stolen = fresh.tokenForm(code: code)
            stolen["client_id"] = other.app.clientID
            #expect(try await client.send(.post, "/oauth/token", form: stolen).string("error") == "invalid_grant")
            var elsewhere = fresh.tokenForm(code: code)
            elsewhere["redirect_uri"] = Self.loopback
            #expect(try await client.send(.post, "/oauth/token", form: elsewhere).string("error") == "invalid_grant")
        }
    }

    @Test(arguments: TestStore.enabled) func aConfidentialClientAuthenticatesItsExchange(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run { client in
            _ = try await client.signUpUser("gus")
            var browser = LoginBrowser(client)
            let login = LoginRequest(clientID: harness.app.clientID, redirectURI: Self.redirectURI)
            let code = try await Self.code(&browser, login, as: "gus")
            var wrong = login.tokenForm(code: code)
            wrong["client_secret"] = "lks_wrong"
            let refused = try await client.send(.post, "/oauth/token", form: wrong)
            #expect(refused.status == .unauthorized && refused.string("error") == "invalid_client")
            var right = login.tokenForm(code: code)
            right["client_secret"] = harness.clientSecret
            #expect(try await client.send(.post, "/oauth/token", form: right).string("id_token") != nil)
        }
    }

    @Test(arguments: TestStore.enabled) func parallelRedemptionsGiveExactlyOneSession(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run { client in
            _ = try await client.signUpUser("dee")
            var browser = LoginBrowser(client)
            let login = LoginRequest(clientID: harness.app.clientID, redirectURI: Self.redirectURI)
            let code = try await Self.code(&browser, login, as: "dee")
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<8 { group.addTask { try await client.send(.post, "/oauth/token", form: login.tokenForm(code: code)).status } }
                return try await group.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .ok }.count == 1)
            #expect(statuses.filter { $0 == .badRequest }.count == 7)
        }
    }

    @Test(arguments: TestStore.enabled) func formsWithoutTheirTokenAreRefused(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run { client in
            _ = try await client.signUpUser("eve")
            var browser = LoginBrowser(client)
            let login = LoginRequest(clientID: harness.app.clientID, redirectURI: Self.redirectURI)
            _ = try await browser.get("/oauth/authorize?" + login.query)
            for token in [nil, "forged"] as [String?] {
                var form = ["request": login.query, "identifier": "eve", "password": "correct horse battery"]
                form["csrf_token"] = token
                let answer = try await browser.post("/oauth/authorize/sign-in", form: form)
                #expect(answer.status == .forbidden)
                #expect(answer.headers[.location] == nil)
                #expect(!answer.headers[values: .setCookie].contains { $0.hasPrefix("lk_session=") })
            }
            // A wrong password shows the page again with the error summary, without saying whether the user exists.
            let wrong = try await browser.signIn(login.query, as: "eve", password: "not the password")
            let unknown = try await browser.signIn(login.query, as: "nobody", password: "not the password")
            #expect(wrong.status == .unauthorized && unknown.status == .unauthorized)
            #expect(wrong.text.contains("error-summary"))
        }
    }

    /// A malformed email on the sign-in page is that field's error ("Email is invalid"), as the
    /// JSON sign-in's `invalid_email` is, not the wrong-credentials answer that would send the
    /// user to reset a password.
    @Test(arguments: TestStore.enabled) func aMalformedEmailIsTheIdentifiersError(store: TestStore) async throws {
        let harness = try await Self.harness(store) { $0.auth.signInMethods = [.username, .email] }
        try await harness.run { client in
            var browser = LoginBrowser(client)
            let login = LoginRequest(clientID: harness.app.clientID, redirectURI: Self.redirectURI)
            _ = try await browser.get("/oauth/authorize?" + login.query)
            for malformed in ["dora@", "@example.com", "dora@@example.com", "dora example@example.com"] {
                let answer = try await browser.signIn(login.query, as: malformed, password: "correct horse battery")
                #expect(answer.status == .unprocessableContent, "\(malformed)")
                #expect(answer.text.contains("Email is invalid") && answer.text.contains(#"aria-invalid="true" aria-describedby="identifier-error""#))
            }
            let unknown = try await browser.signIn(login.query, as: "dora@example.com", password: "correct horse battery")
            #expect(unknown.status == .unauthorized && !unknown.text.contains("identifier-error"))
        }
    }

    /// A code minted from the browser's cookie alone (`prompt=none`, or any authorize of a
    /// signed-in browser) starts a session that rests on the browser's sign-in: once that is
    /// older than the app's window, the email change and account deletion ask to re-authenticate.
    @Test(arguments: TestStore.enabled) func aSilentAuthorizationIsNoFreshSignIn(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run { client in
            _ = try await client.signUpUser("gil")
            var browser = LoginBrowser(client)
            let first = LoginRequest(clientID: harness.app.clientID, redirectURI: Self.redirectURI)
            let signedIn = try await client.send(.post, "/oauth/token", form: first.tokenForm(code: try await Self.code(&browser, first, as: "gil")))
            let fresh = try #require(signedIn.string("access_token"))
            harness.clock.advance(by: 301)
            var quiet = LoginRequest(clientID: harness.app.clientID, redirectURI: Self.redirectURI)
            quiet.extra = ["prompt": "none"]
            let code = try #require(LoginBrowser.redirectParameters(try await browser.get("/oauth/authorize?" + quiet.query))["code"])
            let silent = try await client.send(.post, "/oauth/token", form: quiet.tokenForm(code: code))
            let access = try #require(silent.string("access_token"), "\(silent.text)")
            for token in [access, fresh] {
                let refused = try await client.send(.post, "/v1/me/email", json: ["email": "gil@example.com"], token: token)
                #expect(refused.status == .forbidden && refused.string("code") == "reauthentication_required", "\(refused.text)")
            }
            let idToken = try #require(silent.string("id_token"))
            let claims = try JWT.object(String(idToken.split(separator: ".")[1]))
            #expect(claims["auth_time"] as? Int == Int(harness.clock.now().timeIntervalSince1970) - 301)
        }
    }

    @Test(arguments: TestStore.enabled) func aThirdPartyAppAsksForConsentOnce(store: TestStore) async throws {
        let harness = try await Self.harness(store) { $0.hostedLogin.firstParty = false }
        try await harness.run { client in
            _ = try await client.signUpUser("fay")
            var browser = LoginBrowser(client)
            var quiet = LoginRequest(clientID: harness.app.clientID, redirectURI: Self.redirectURI)
            let consent = try await browser.signIn(quiet.query, as: "fay")
            #expect(consent.status == .ok)
            #expect(consent.text.contains(#"action="/oauth/authorize/consent""#))
            quiet.extra = ["prompt": "none"]
            #expect(LoginBrowser.redirectParameters(try await browser.get("/oauth/authorize?" + quiet.query))["error"] == "consent_required")
            let login = LoginRequest(clientID: harness.app.clientID, redirectURI: Self.redirectURI)
            let denied = try await browser.post(
                "/oauth/authorize/consent",
                form: ["csrf_token": LoginBrowser.csrfToken(in: consent) ?? "", "request": login.query, "decision": "deny"]
            )
            #expect(LoginBrowser.redirectParameters(denied)["error"] == "access_denied")
            let allowed = try await browser.post(
                "/oauth/authorize/consent",
                form: ["csrf_token": LoginBrowser.csrfToken(in: consent) ?? "", "request": login.query, "decision": "allow"]
            )
            #expect(LoginBrowser.redirectParameters(allowed)["code"] != nil)
            // Remembered for the same scopes.
            let later = LoginRequest(clientID: harness.app.clientID, redirectURI: Self.redirectURI)
            #expect(LoginBrowser.redirectParameters(try await browser.get("/oauth/authorize?" + later.query))["code"] != nil)
        }
    }

    /// The app's brand heads its pages: its logo, and its colours through a stylesheet (the
    /// policy allows no inline style) named for the accent, background and appearance; its
    /// support link is below the card, in the page's language.
    @Test func theAppsBrandHeadsThePages() async throws {
        let harness = try await Self.harness(.sqlite) { settings in
            settings.brand.supportURL = "mailto:help@app.example?subject=a&b"
            settings.brand.logoURL = "https://cdn.example/logo.png"
            settings.brand.accentColor = "#0b7285"
            settings.brand.backgroundColor = "#0b1f3a"
            settings.brand.appearance = .light
        }
        try await harness.run { client in
            var browser = LoginBrowser(client)
            let login = LoginRequest(clientID: harness.app.clientID, redirectURI: Self.redirectURI)
            for path in ["/oauth/authorize?", "/oauth/authorize/sign-up?", "/oauth/authorize/reset?", "/oauth/authorize/phone?"] {
                let page = try await browser.get(path + login.query)
                #expect(page.text.contains(#"<img class="logo" src="https://cdn.example/logo.png" alt="Test App">"#), "\(path)")
                #expect(page.text.contains(#"<link rel="stylesheet" href="/assets/brand-0b7285-0b1f3a-light.css">"#), "\(path)")
                #expect(page.headers[.contentSecurityPolicy]?.contains("img-src 'self' data: https:") == true)
                let link = #"<a href="mailto:help@app.example?subject=a&amp;b">Need help? Contact Test App support</a>"#
                let support = #"<footer class="support"><p>\#(link)</p></footer>"#
                #expect(page.text.contains(support), "\(path)")
            }
            let japanese = try await client.send(.get, "/oauth/authorize?" + login.query, headers: [.acceptLanguage: "ja"])
            #expect(japanese.text.contains("お困りですか？ Test App のサポートにお問い合わせください"))
            let light = try await client.send(.get, "/assets/brand-0b7285-0b1f3a-light.css")
            #expect(light.status == .ok && light.headers[.contentType] == "text/css; charset=utf-8")
            // Light only; white text on the dark navy background, the accent on the white card.
            #expect(light.text.contains("color-scheme: light;") && !light.text.contains("color-scheme: dark"))
            for property in ["--accent: #0b7285;", "--page: #0b1f3a;", "--on-page: #ffffff;"] {
                #expect(light.text.contains(property), "\(property)")
            }
            // Auto: both, the dark one with the pages' own accent on a darkened background and light text.
            let auto = try await client.send(.get, "/assets/brand-0b7285-fff4d6-auto.css")
            #expect(auto.text.contains("@media (prefers-color-scheme: light) { :root { color-scheme: light;"))
            #expect(auto.text.contains("--on-page: #000000;") && auto.text.contains("--accent: #8ab4f8;"))
            #expect(auto.text.contains("--page: #413f39;") && auto.text.contains("--on-page: #ffffff;"))
            for name in [
                "brand-0B7285-0b1f3a-light.css", "brand-0b728-0b1f3a-light.css", "brand-0b7285-zzzzzz-auto.css",
                "brand-0b7285-0b1f3a-sepia.css", "brand-0b7285-0b1f3a-light.js", "accent-0b7285.css",
            ] {
                #expect(try await client.send(.get, "/assets/\(name)").status == .notFound, "\(name)")
            }
        }
    }

    @Test(arguments: TestStore.enabled) func signUpThroughThePageFollowsTheJSONRules(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run { client in
            var browser = LoginBrowser(client)
            let login = LoginRequest(clientID: harness.app.clientID, redirectURI: Self.redirectURI)
            let page = try await browser.get("/oauth/authorize/sign-up?" + login.query)
            #expect(page.status == .ok)
            let csrf = LoginBrowser.csrfToken(in: page) ?? ""
            let short = try await browser.post(
                "/oauth/authorize/sign-up",
                form: ["csrf_token": csrf, "request": login.query, "username": "gil", "password": "short"]
            )
            #expect(short.status == .unprocessableContent)
            #expect(short.text.contains(#"id="password-error""#))
            let created = try await browser.post(
                "/oauth/authorize/sign-up",
                form: ["csrf_token": csrf, "request": login.query, "username": "gil", "password": "correct horse battery"]
            )
            #expect(created.status == .seeOther)
            let code = try #require(LoginBrowser.redirectParameters(created)["code"])
            #expect(try await client.send(.post, "/oauth/token", form: login.tokenForm(code: code)).status == .ok)
        }
    }
}
