import Foundation
import HTTPTypes
import LatchkeyServer
import Testing

/// The hosted login's browser session (`lk_session`): rotated at every sign-in, ended like any
/// session, expiring with the app's session lifetime, and what `max_age`, `ui_locales` and
/// RP-initiated logout make of it.
@Suite struct HostedLoginSessionTests {
    private static func harness(
        _ store: TestStore,
        configureServer: (inout LatchkeyConfiguration) -> Void = { _ in }
    ) async throws -> TestHarness {
        try await TestHarness.make(
            store: store,
            configure: { $0.oauth.redirectURIs = [HostedLoginTests.redirectURI] },
            configureServer: configureServer
        )
    }

    /// Whether the Session API finds the browser signed in.
    private static func isSignedIn(_ browser: inout LoginBrowser, _ harness: TestHarness) async throws -> Bool {
        try await browser.get("/v1/auth/browser-session", app: harness.app.clientID).value("active") as? Bool == true
    }

    @Test(arguments: TestStore.enabled) func theBrowserSessionRotatesAndEndsLikeASession(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run { client in
            let api = try await client.signUpUser("hal")
            var browser = LoginBrowser(client)
            #expect(try await !Self.isSignedIn(&browser, harness))
            let login = LoginRequest(clientID: harness.app.clientID, redirectURI: HostedLoginTests.redirectURI)
            #expect(try await browser.signIn(login.query, as: "hal").status == .seeOther)
            let first = try #require(browser.cookies["lk_session"])
            #expect(try await Self.isSignedIn(&browser, harness))
            // A sign-in rotates the cookie; the old one is worth nothing.
            var forced = login
            forced.extra = ["prompt": "login"]
            #expect(try await browser.signIn(forced.query, as: "hal").status == .seeOther)
            let second = try #require(browser.cookies["lk_session"])
            #expect(first != second)
            // The sign-in it replaced ended its session: the user's live sessions are the API's and this one.
            let sessions = try await client.send(.get, "/v1/me/sessions", token: api.access)
            #expect((sessions.value("sessions") as? [[String: Any]])?.count == 2)
            var stale = LoginBrowser(client)
            stale.cookies["lk_session"] = first
            #expect(try await !Self.isSignedIn(&stale, harness))

            // A password change ends it.
            let change = try await client.send(
                .post,
                "/v1/me/password",
                json: ["currentPassword": "correct horse battery", "newPassword": "another horse battery"],
                token: api.access
            )
            #expect(change.status == .noContent)
            #expect(try await !Self.isSignedIn(&browser, harness))
            #expect(try await browser.get("/oauth/authorize?" + login.query).status == .ok)

            // Sign-out everywhere ends it.
            #expect(try await browser.signIn(login.query, as: "hal", password: "another horse battery").status == .seeOther)
            #expect(try await Self.isSignedIn(&browser, harness))
            #expect(try await client.send(.post, "/v1/auth/signout?all=true", token: api.access).status == .noContent)
            #expect(try await !Self.isSignedIn(&browser, harness))

            // It expires with the app's session lifetime.
            #expect(try await browser.signIn(login.query, as: "hal", password: "another horse battery").status == .seeOther)
            harness.clock.advance(by: TimeInterval(harness.app.settings.auth.sessionTTL + 1))
            #expect(try await !Self.isSignedIn(&browser, harness))
        }
    }

    @Test(arguments: TestStore.enabled) func maxAgeAndUILocalesAndLogoutConfirmation(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run { client in
            _ = try await client.signUpUser("ivy")
            var browser = LoginBrowser(client)
            let login = LoginRequest(clientID: harness.app.clientID, redirectURI: HostedLoginTests.redirectURI)
            #expect(try await browser.signIn(login.query, as: "ivy").status == .seeOther)
            harness.clock.advance(by: 120)
            var recent = LoginRequest(clientID: harness.app.clientID, redirectURI: HostedLoginTests.redirectURI)
            recent.extra = ["max_age": "600"]
            #expect(try await browser.get("/oauth/authorize?" + recent.query).status == .seeOther)
            var old = LoginRequest(clientID: harness.app.clientID, redirectURI: HostedLoginTests.redirectURI)
            old.extra = ["max_age": "60", "ui_locales": "ja"]
            let again = try await browser.get("/oauth/authorize?" + old.query)
            #expect(again.status == .ok)
            #expect(again.text.contains(#"<html lang="ja">"#))

            // Without an ID token the logout asks first; an unregistered address is an error page.
            let confirm = try await browser.get("/oauth/logout?client_id=\(harness.app.clientID)")
            #expect(confirm.status == .ok)
            #expect(confirm.text.contains(#"action="/oauth/logout""#))
            #expect(try await Self.isSignedIn(&browser, harness))
            let elsewhere = try await browser.get(
                "/oauth/logout?client_id=\(harness.app.clientID)&post_logout_redirect_uri=https://evil.example/"
            )
            #expect(elsewhere.status == .badRequest && elsewhere.headers[.location] == nil)
            let confirmed = try await browser.post(
                "/oauth/logout",
                form: ["csrf_token": LoginBrowser.csrfToken(in: confirm) ?? "", "client_id": harness.app.clientID]
            )
            #expect(confirmed.status == .ok)
            #expect(try await !Self.isSignedIn(&browser, harness))
        }
    }

    @Test(arguments: TestStore.enabled) func anIdleBrowserSessionEnds(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { settings in
            settings.oauth.redirectURIs = [HostedLoginTests.redirectURI]
            settings.auth.sessionIdleTTL = 600
        }
        try await harness.run { client in
            _ = try await client.signUpUser("kim")
            var browser = LoginBrowser(client)
            let login = LoginRequest(clientID: harness.app.clientID, redirectURI: HostedLoginTests.redirectURI)
            #expect(try await browser.signIn(login.query, as: "kim").status == .seeOther)
            // Each use counts: 500 s twice is never 600 s idle.
            harness.clock.advance(by: 500)
            #expect(try await Self.isSignedIn(&browser, harness))
            harness.clock.advance(by: 500)
            #expect(try await Self.isSignedIn(&browser, harness))
            harness.clock.advance(by: 601)
            #expect(try await !Self.isSignedIn(&browser, harness))
            #expect(try await browser.get("/oauth/authorize?" + login.query).status == .ok)
        }
    }

    @Test func theCookieIsSecureBehindHTTPS() async throws {
        let harness = try await Self.harness(.sqlite) { $0.publicURL = "https://latchkey.test" }
        try await harness.run { client in
            _ = try await client.signUpUser("jay")
            var browser = LoginBrowser(client)
            let login = LoginRequest(clientID: harness.app.clientID, redirectURI: HostedLoginTests.redirectURI)
            let signedIn = try await browser.signIn(login.query, as: "jay")
            let cookie = try #require(signedIn.headers[values: .setCookie].first { $0.hasPrefix("lk_session=") })
            #expect(cookie.contains("Secure") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"))
        }
    }
}
