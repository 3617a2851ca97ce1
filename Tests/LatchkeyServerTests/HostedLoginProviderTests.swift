import Foundation
import HTTPTypes
import LatchkeyTestSupport
import Testing

@testable import LatchkeyServer

/// The hosted login's provider buttons: the provider's own code flow (state, nonce, PKCE, the
/// client secret) against a fake provider that checks what a real one checks, bound to the
/// browser that started it, ending in the hosted login's code for the app.
@Suite struct HostedLoginProviderTests {
    static let redirectURI = "com.example.app:/callback"
    static let callback = "http://latchkey.test/oauth/authorize/provider/callback"

    /// A server whose app knows the fake as OpenID Connect provider `google` (web client
    /// `web-client` with its secret, and an iOS client) and as Facebook provider `facebook`.
    private func withProvider(
        _ store: TestStore,
        issuer: String? = nil,
        _ body: @Sendable (TestHarness, FakeIdentityProvider, Client) async throws -> Void
    ) async throws {
        try await serving(try await FakeIdentityProvider.start()) { provider in
            let harness = try await TestHarness.make(store: store) { settings in
                settings.oauth.redirectURIs = [Self.redirectURI]
                settings.signInProviders.providers["google"] = ProviderSettings(
                    kind: .openIDConnect,
                    issuer: issuer ?? provider.issuer,
                    clientIDs: ["web-client", "ios-client"],
                    clientSecret: FakeIdentityProvider.webClientSecret
                )
                settings.signInProviders.providers["facebook"] = ProviderSettings(
                    kind: .facebook,
                    clientIDs: [FakeIdentityProvider.facebookAppID],
                    clientSecret: FakeIdentityProvider.facebookSecret,
                    graphURL: provider.issuer
                )
            }
            provider.signInNext(subject: "g-1", email: "grace@example.com", at: harness.clock.now())
            try await harness.run { client in try await body(harness, provider, client) }
        }
    }

    /// The provider button's address on the sign-in page of `login`.
    private static func providerLink(_ browser: inout LoginBrowser, _ login: LoginRequest) async throws -> String {
        let page = try await browser.get("/oauth/authorize?" + login.query)
        let pattern = /href="(\/oauth\/authorize\/provider\?[^"]+)"/
        let href = try #require(page.text.firstMatch(of: pattern)).output.1
        return String(href).replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The provider's authorization endpoint answers the redirect `start` made; the path and
    /// query of where it sends the browser back.
    private static func providerAnswer(to start: TestResponse, _ provider: FakeIdentityProvider) throws -> String {
        let location = try #require(start.headers[.location].flatMap(URLComponents.init(string:)))
        let back = try #require(URLComponents(string: try provider.authorize(query: location.percentEncodedQuery ?? "")))
        #expect(back.string?.hasPrefix(Self.callback + "?") == true)
        return back.path + "?" + (back.percentEncodedQuery ?? "")
    }

    @Test(arguments: TestStore.enabled) func aProviderButtonSignsInThroughTheProvidersCodeFlow(store: TestStore) async throws {
        try await withProvider(store) { harness, provider, client in
            var browser = LoginBrowser(client)
            let login = LoginRequest(clientID: harness.app.clientID, redirectURI: Self.redirectURI)
            let page = try await browser.get("/oauth/authorize?" + login.query)
            #expect(page.text.contains("Continue with Google") && !page.text.contains("Continue with Facebook"))

            let start = try await browser.get(try await Self.providerLink(&browser, login))
            #expect(start.status == .seeOther)
            #expect(start.headers[.location]?.hasPrefix(provider.issuer + "/authorize?") == true)
            let cookie = try #require(start.headers[values: .setCookie].first { $0.hasPrefix("lk_provider=") })
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Path=/oauth/authorize/provider"))
            let back = try Self.providerAnswer(to: start, provider)
            let sent = try #require(provider.authorizationRequests.last)
            #expect(sent["client_id"] == "web-client" && sent["redirect_uri"] == Self.callback && sent["code_challenge_method"] == "S256")
            #expect(sent["state"]?.count ?? 0 >= 40 && sent["nonce"]?.count ?? 0 >= 40 && sent["scope"] == "openid email profile")

            let signedIn = try await browser.get(back)
            #expect(signedIn.status == .seeOther, "\(signedIn.text)")
            #expect(signedIn.headers[values: .setCookie].contains { $0.hasPrefix("lk_provider=;") && $0.contains("Max-Age=0") })
            let parameters = LoginBrowser.redirectParameters(signedIn)
            #expect(parameters["state"] == login.state)
            let tokens = try await client.send(.post, "/oauth/token", form: login.tokenForm(code: try #require(parameters["code"])))
            #expect(tokens.status == .ok)
            let me = try await client.send(.get, "/v1/me", token: try #require(tokens.string("access_token")))
            #expect(me.string("email") == "grace@example.com")
            let identity = try #require((me.value("identities") as? [[String: Any]])?.first)
            #expect(identity["provider"] as? String == "google" && identity["subject"] as? String == "g-1")
            let exchange = try #require(provider.tokenRequests.last)
            #expect(exchange["client_secret"] == FakeIdentityProvider.webClientSecret && exchange["code_verifier"]?.count == 43)

            // The browser session signs the next request in without the provider.
            let again = try await browser.get("/oauth/authorize?" + LoginRequest(clientID: harness.app.clientID, redirectURI: Self.redirectURI).query)
            #expect(again.status == .seeOther && LoginBrowser.redirectParameters(again)["code"] != nil)
            #expect(provider.authorizationRequests.count == 1)
        }
    }

    /// A provider sign-in of a user with an authenticator asks for the code before the app gets its code.
    @Test(arguments: TestStore.enabled) func aProviderSignInOfAUserWithASecondFactorAsksForTheCode(store: TestStore) async throws {
        try await withProvider(store) { harness, provider, client in
            var browser = LoginBrowser(client)
            let login = LoginRequest(clientID: harness.app.clientID, redirectURI: Self.redirectURI)
            let first = try await browser.get(
                try Self.providerAnswer(to: try await browser.get(try await Self.providerLink(&browser, login)), provider)
            )
            let code = try #require(LoginBrowser.redirectParameters(first)["code"])
            let access = try #require(try await client.send(.post, "/oauth/token", form: login.tokenForm(code: code)).string("access_token"))
            let grace = try await SecondFactorTests.enroll(access: access, client, harness)

            var again = LoginBrowser(client)
            let second = LoginRequest(clientID: harness.app.clientID, redirectURI: Self.redirectURI)
            provider.signInNext(subject: "g-1", email: "grace@example.com", at: harness.clock.now())
            let asked = try await again.get(try Self.providerAnswer(to: try await again.get(try await Self.providerLink(&again, second)), provider))
            #expect(asked.status == .ok)
            #expect(asked.text.contains("action=\"/oauth/authorize/mfa\""))
            let challenge = try #require(asked.text.firstMatch(of: /name="challenge" value="([^"]+)"/).map { String($0.1) })
            let done = try await again.post(
                "/oauth/authorize/mfa",
                form: [
                    "csrf_token": LoginBrowser.csrfToken(in: asked) ?? "", "request": second.query, "challenge": challenge,
                    "code": grace.code(harness),
                ]
            )
            #expect(done.status == .seeOther)
            #expect(LoginBrowser.redirectParameters(done)["code"] != nil)
        }
    }

    @Test(arguments: TestStore.enabled) func answersThatAreNotThisBrowsersFlowAreRefused(store: TestStore) async throws {
        try await withProvider(store) { harness, provider, client in
            let login = LoginRequest(clientID: harness.app.clientID, redirectURI: Self.redirectURI)
            var browser = LoginBrowser(client)
            let link = try await Self.providerLink(&browser, login)
            let start = try await browser.get(link)
            let back = try Self.providerAnswer(to: start, provider)

            // Another browser (no cookie), or this one with another state: no sign-in.
            var stranger = LoginBrowser(client)
            #expect(try await stranger.get(back).status == .badRequest)
            let forged = back.replacingOccurrences(of: "state=", with: "state=x")
            #expect(try await browser.get(forged).status == .badRequest)
            // The provider's error is the sign-in page again, saying so.
            var cancelling = LoginBrowser(client)
            cancelling.cookies = browser.cookies
            let state = try #require(provider.authorizationRequests.last?["state"])
            let cancelled = try await cancelling.get("/oauth/authorize/provider/callback?error=access_denied&state=\(state)")
            #expect(cancelled.status == .ok && cancelled.text.contains("did not finish"))
            // A code the provider no longer honours (redeemed, here) is the sign-in page, 502.
            var replay = LoginBrowser(client)
            replay.cookies = browser.cookies
            #expect(try await browser.get(back).status == .seeOther)
            #expect(try await replay.get(back).status == .badGateway)
            // A flow older than ten minutes is over.
            var late = LoginBrowser(client)
            let lateStart = try await late.get(try await Self.providerLink(&late, login))
            let lateBack = try Self.providerAnswer(to: lateStart, provider)
            harness.clock.advance(by: 601)
            #expect(try await late.get(lateBack).status == .badRequest)

            // Providers the app lacks, or that are no OpenID Connect issuer, have no flow.
            for name in ["github", "facebook"] {
                let other = link.replacingOccurrences(of: "provider=google", with: "provider=\(name)")
                #expect(try await browser.get(other).status == .badRequest)
            }
        }
    }

    /// Sign in with Apple on the web: the button asks for the configured scopes with
    /// `response_mode=form_post`; Apple posts the answer from its own site, without the flow's
    /// SameSite=Lax cookie, so the server answers a page that posts the same fields again from
    /// this site (once), where the cookie binds the flow to the browser. The code is exchanged
    /// with an ES256 JWT client secret made from the team's key, and the posted `user` names
    /// the new account.
    @Test(arguments: TestStore.enabled) func appleAnswersWithAFormPostAndAJWTClientSecret(store: TestStore) async throws {
        try await serving(try await FakeIdentityProvider.start()) { provider in
            let harness = try await TestHarness.make(store: store) { settings in
                settings.oauth.redirectURIs = [Self.redirectURI]
                settings.signInProviders.providers["apple"] = ProviderSettings(
                    kind: .openIDConnect,
                    issuer: provider.issuer,
                    clientIDs: ["com.example.web"],
                    clientSecret: FakeIdentityProvider.appleKeyPEM,
                    scopes: ["openid", "name", "email"],
                    responseMode: .formPost,
                    teamID: FakeIdentityProvider.appleTeamID,
                    keyID: FakeIdentityProvider.appleKeyID
                )
            }
            provider.signInNext(subject: "a-1", email: "ada@example.com", at: harness.clock.now())
            try await harness.run { client in
                var browser = LoginBrowser(client)
                let login = LoginRequest(clientID: harness.app.clientID, redirectURI: Self.redirectURI)
                let back = try Self.providerAnswer(to: try await browser.get(try await Self.providerLink(&browser, login)), provider)
                let sent = try #require(provider.authorizationRequests.last)
                #expect(sent["response_mode"] == "form_post" && sent["scope"] == "openid name email")

                // Apple's post: the answer's fields in a form, from another site (no cookie).
                var posted = Dictionary(
                    (URLComponents(string: back)?.queryItems ?? []).map { ($0.name, $0.value ?? "") }
                ) { first, _ in first }
                posted["user"] = #"{"name":{"firstName":"Ada","lastName":"Lovelace"},"email":"ada@example.com"}"#
                var appleSite = LoginBrowser(client)
                let relay = try await appleSite.post(Self.callbackPath, form: posted)
                #expect(relay.status == .ok)
                let link = try #require(relay.text.firstMatch(of: /<a id="provider-relay" href="([^"]+)">/)?.output.1)
                let relayed = String(link).replacingOccurrences(of: "&amp;", with: "&")
                let query = Dictionary(
                    (URLComponents(string: relayed)?.queryItems ?? []).map { ($0.name, $0.value ?? "") }
                ) { first, _ in first }
                #expect(relayed.hasPrefix(Self.callbackPath + "?") && query["code"] == posted["code"] && query["user"] == posted["user"])
                // The relayed answer in a browser without the flow is refused, not relayed again.
                #expect(try await appleSite.get(relayed).status == .badRequest)

                let signedIn = try await browser.get(relayed)
                #expect(signedIn.status == .seeOther, "\(signedIn.text)")
                let code = try #require(LoginBrowser.redirectParameters(signedIn)["code"])
                let tokens = try await client.send(.post, "/oauth/token", form: login.tokenForm(code: code))
                let me = try await client.send(.get, "/v1/me", token: try #require(tokens.string("access_token")))
                #expect(me.string("email") == "ada@example.com" && me.string("displayName") == "Ada Lovelace")

                // The secret the token endpoint got was Apple's JWT, signed with the team's key.
                let secret = try #require(provider.appleSecrets.last)
                #expect(secret.header["alg"] == "ES256" && secret.header["kid"] == FakeIdentityProvider.appleKeyID)
                #expect(secret.claims["iss"] == FakeIdentityProvider.appleTeamID && secret.claims["sub"] == "com.example.web")
                #expect(secret.claims["aud"] == "https://appleid.apple.com" && secret.lifetime > 0 && secret.lifetime <= 15_777_000)
            }
        }
    }

    /// Apple key settings that cannot make a client secret are refused when set through the
    /// admin API; good ones are kept, the key sealed like any provider secret.
    @Test(arguments: TestStore.enabled) func appleKeySettingsAreCheckedWhenSet(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let admin = try await harness.operatorToken(client, try await harness.makeOperator("adam", role: .admin))
            let path = "/v1/operator/apps/\(harness.app.id)/providers/apple"
            let base: [String: Any] = ["kind": "oidc", "issuer": "https://appleid.apple.com", "clientIDs": ["com.example.web"]]
            let cases: [[String: Any]] = [
                ["teamID": "TEAM123456", "keyID": "KEY7654321", "clientSecret": "not a key"],
                ["teamID": "TEAM123456", "clientSecret": FakeIdentityProvider.appleKeyPEM],
                ["teamID": "TEAM/1", "keyID": "KEY7654321", "clientSecret": FakeIdentityProvider.appleKeyPEM],
                ["scopes": ["openid", "na me"]],
                ["scopes": [String]()],
                ["responseMode": "fragment"],
                ["kind": "oauth2", "authorizationURL": "https://github.com/login/oauth/authorize"],
                [
                    "kind": "oauth2", "authorizationURL": "https://a.example/authorize", "tokenURL": "https://a.example/token",
                    "userInfoURL": "http://a.example/user",
                ],
                [
                    "kind": "oauth2", "authorizationURL": "https://a.example/authorize", "tokenURL": "https://a.example/token",
                    "userInfoURL": "https://a.example/user", "claimPaths": ["id": "data..id"],
                ],
            ]
            for extra in cases {
                let response = try await client.send(.put, path, json: base.merging(extra) { $1 }, token: admin)
                #expect(response.status == .unprocessableContent || response.status == .badRequest, "\(extra): \(response.text)")
            }
            let good = base.merging([
                "teamID": "TEAM123456", "keyID": "KEY7654321", "clientSecret": FakeIdentityProvider.appleKeyPEM,
                "scopes": ["openid", "name", "email"], "responseMode": "form_post",
            ]) { $1 }
            let saved = try await client.send(.put, path, json: good, token: admin)
            #expect(saved.status == .ok, "\(saved.text)")
            #expect(saved.value("settings.providers.apple.clientSecret") as? String == "(set)")
            let stored = try #require(try await harness.backend.apps.find(harness.app.id)?.settings.signInProviders.providers["apple"])
            #expect(stored.clientSecret == FakeIdentityProvider.appleKeyPEM && stored.teamID == "TEAM123456")
            #expect(stored.responseMode == .formPost && stored.scopes == ["openid", "name", "email"])
        }
    }

    /// A plain OAuth 2.0 provider (GitHub's shape: no ID token, a numeric user id at `/user`)
    /// signs in through the hosted login's code flow only: the server reads the user-info URL
    /// with the access token it got for its own code. The same provider's access token sent by a
    /// client to `POST /v1/auth/external` is refused, since it names no audience.
    @Test(arguments: TestStore.enabled) func anOAuth2ProviderSignsInThroughTheCodeFlowOnly(store: TestStore) async throws {
        try await serving(try await FakeIdentityProvider.start()) { provider in
            let harness = try await TestHarness.make(store: store) { settings in
                settings.oauth.redirectURIs = [Self.redirectURI]
                settings.signInProviders.providers["github"] = ProviderSettings(
                    kind: .oauth2,
                    clientIDs: ["web-client"],
                    clientSecret: FakeIdentityProvider.webClientSecret,
                    scopes: ["read:user", "user:email"],
                    authorizationURL: provider.issuer + "/oauth2/authorize",
                    tokenURL: provider.issuer + "/oauth2/token",
                    userInfoURL: provider.issuer + "/user",
                    claimPaths: ProviderSettings.ClaimPaths(id: "id", email: "email", name: "name")
                )
            }
            provider.signInNext(subject: "4242", email: "octo@example.com", at: harness.clock.now())
            try await harness.run { client in
                var browser = LoginBrowser(client)
                let login = LoginRequest(clientID: harness.app.clientID, redirectURI: Self.redirectURI)
                let page = try await browser.get("/oauth/authorize?" + login.query)
                #expect(page.text.contains("Continue with Github"))
                let start = try await browser.get(try await Self.providerLink(&browser, login))
                let location = try #require(start.headers[.location].flatMap(URLComponents.init(string:)))
                #expect(location.string?.hasPrefix(provider.issuer + "/oauth2/authorize?") == true)
                let back = try #require(URLComponents(string: try provider.authorize(query: location.percentEncodedQuery ?? "", openID: false)))
                let sent = try #require(provider.authorizationRequests.last)
                #expect(sent["scope"] == "read:user user:email" && sent["nonce"] == nil && sent["code_challenge_method"] == "S256")

                let signedIn = try await browser.get(back.path + "?" + (back.percentEncodedQuery ?? ""))
                #expect(signedIn.status == .seeOther, "\(signedIn.text)")
                let code = try #require(LoginBrowser.redirectParameters(signedIn)["code"])
                let tokens = try await client.send(.post, "/oauth/token", form: login.tokenForm(code: code))
                let me = try await client.send(.get, "/v1/me", token: try #require(tokens.string("access_token")))
                #expect(me.string("displayName") == "Octo Cat")
                // The provider says nothing of verification: the email stays on the identity only.
                #expect(me.string("email") == nil)
                let identity = try #require((me.value("identities") as? [[String: Any]])?.first)
                #expect(identity["provider"] as? String == "github" && identity["subject"] as? String == "4242")
                #expect(identity["email"] as? String == "octo@example.com")
                #expect(provider.tokenRequests.last?["client_secret"] == FakeIdentityProvider.webClientSecret)

                let stolen = provider.issueAccessToken(subject: "4242", email: "octo@example.com")
                let direct = try await client.external("github", stolen)
                #expect(direct.status == .unauthorized && direct.string("code") == "invalid_provider_token")
            }
        }
    }

    static let callbackPath = "/oauth/authorize/provider/callback"

    @Test func anUnreachableProviderIsTheSignInPageSayingSo() async throws {
        try await withProvider(.sqlite, issuer: "http://127.0.0.1:9") { harness, _, client in
            var browser = LoginBrowser(client)
            let login = LoginRequest(clientID: harness.app.clientID, redirectURI: Self.redirectURI)
            let start = try await browser.get(try await Self.providerLink(&browser, login))
            #expect(start.status == .serviceUnavailable && start.text.contains("cannot be reached"))
        }
    }
}
