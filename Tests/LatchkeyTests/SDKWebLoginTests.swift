import Foundation
import Latchkey
import LatchkeyServer
import LatchkeyTestSupport
import Testing

/// The web login's public pieces, which any platform drives its own browser with: the PKCE pair
/// (RFC 7636 S256), the authorization URL, the callback's checks; and the whole sign-in against
/// a live server's hosted login.
@Suite struct SDKWebLoginTests {
    static let redirectURI = "com.example.app:/oauth/callback"

    /// RFC 7636 Appendix B's example, and SHA-256 over verifiers of one and two blocks.
    @Test func pkceMatchesRFC7636AppendixB() throws {
        let example = try #require(PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"))
        #expect(example.challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        #expect(PKCE.method == "S256")
        // 55 bytes: padding still fits the block; 64: it takes a second; 128: the longest verifier.
        #expect(PKCE(verifier: String(repeating: "a", count: 55))?.challenge == "n0OQ-NMMLdkuyfCVtl4rmumwqSWlJY4kHJ8ekQ9zQxg")
        #expect(PKCE(verifier: String(repeating: "b", count: 64))?.challenge == "oPqxN39Jp1m1f2MxgmLr6J-r_JkOjpPOrCmEVhSCudQ")
        let longest = String(repeating: "A", count: 43) + "-._~" + String(repeating: "z", count: 81)
        #expect(PKCE(verifier: longest)?.challenge == "I6Lm9VnUMUzgZv-aQUAoFqQp2OhrpvjI8lNKCCxbiJs")
        // RFC 7636 §4.1: 43 to 128 unreserved characters.
        #expect(PKCE(verifier: String(repeating: "a", count: 42)) == nil)
        #expect(PKCE(verifier: String(repeating: "a", count: 129)) == nil)
        #expect(PKCE(verifier: String(repeating: "a", count: 42) + "+") == nil)

        let generated = PKCE()
        #expect(generated.verifier.count == 43 && PKCE(verifier: generated.verifier) == generated)
        #expect(generated != PKCE())
    }

    @Test func theAuthorizationURLAsksForACodeWithPKCE() throws {
        let sdk = Latchkey(
            clientID: "lk_webapp",
            apiURL: URL(string: "https://id.example.com/auth")!,
            options: .init(credentialStore: InMemoryCredentialStore(), languages: ["ja", "en"])
        )
        let request = try sdk.auth.webLoginRequest(redirectURI: Self.redirectURI, prompt: "login", loginHint: "ada+1@example.com")
        let url = try #require(URLComponents(url: request.url, resolvingAgainstBaseURL: false))
        #expect(url.scheme == "https" && url.host == "id.example.com" && url.path == "/auth/oauth/authorize")
        let query = Dictionary(uniqueKeysWithValues: (url.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        #expect(
            query == [
                "response_type": "code", "client_id": "lk_webapp", "redirect_uri": Self.redirectURI, "scope": "openid profile",
                "state": request.state, "nonce": request.nonce, "code_challenge": request.pkce.challenge, "code_challenge_method": "S256",
                "prompt": "login", "login_hint": "ada+1@example.com", "ui_locales": "ja en",
            ]
        )
        // Reserved characters travel encoded: a `+` is not a space, `:` and `/` stay in the value.
        #expect(request.url.absoluteString.contains("login_hint=ada%2B1%40example.com"))
        #expect(request.url.absoluteString.contains("redirect_uri=com.example.app%3A%2Foauth%2Fcallback"))
        #expect(request.scope == "openid profile" && request.redirectURI == Self.redirectURI)
        #expect(request.state.count >= 43 && request.nonce.count >= 43 && request.state != request.nonce)

        let other = try sdk.auth.webLoginRequest(redirectURI: Self.redirectURI)
        #expect(other.state != request.state && other.nonce != request.nonce && other.pkce != request.pkce)
        let plain = try #require(URLComponents(url: other.url, resolvingAgainstBaseURL: false)?.queryItems?.map(\.name))
        #expect(!plain.contains("prompt") && !plain.contains("login_hint"))
        #expect(throws: LatchkeyError.invalidOperation("")) { try sdk.auth.webLoginRequest(redirectURI: "no scheme") }
    }

    @Test func theCallbackGivesItsCodeOnlyForThisRequest() throws {
        let sdk = Latchkey(
            clientID: "lk_webapp",
            apiURL: URL(string: "https://id.example.com")!,
            options: .init(credentialStore: InMemoryCredentialStore())
        )
        let request = try sdk.auth.webLoginRequest(redirectURI: Self.redirectURI)
        func callback(_ query: String) -> URL { URL(string: "\(Self.redirectURI)?\(query)")! }

        #expect(try request.code(from: callback("code=lkac_123&state=\(request.state)")) == "lkac_123")
        // Another request's callback, or one with no state: refused before its code or error is read.
        #expect(throws: LatchkeyError.webLoginStateMismatch) { try request.code(from: callback("code=lkac_123&state=forged")) }
        #expect(throws: LatchkeyError.webLoginStateMismatch) { try request.code(from: callback("code=lkac_123")) }
        #expect(throws: LatchkeyError.webLoginStateMismatch) { try request.code(from: callback("error=access_denied&state=forged")) }
        // The server's OAuth errors are typed, with their description.
        do {
            _ = try request.code(from: callback("error=access_denied&error_description=The%20user%20said%20no&state=\(request.state)"))
            Issue.record("expected the server's error")
        } catch let error as LatchkeyError {
            #expect(error == .webLoginRefused(error: "access_denied"))
            #expect(error.kind == .webLoginRefused(error: "access_denied", description: "The user said no"))
            #expect(error.message == "The user said no")
            #expect(error != .webLoginRefused(error: "login_required"))
        }
        #expect(throws: LatchkeyError.webLoginRefused(error: "login_required")) {
            try request.code(from: callback("error=login_required&state=\(request.state)"))
        }
        // Not a callback to this redirect URI, or one without a code.
        #expect(throws: LatchkeyError.invalidOperation("")) {
            try request.code(from: URL(string: "com.example.other:/oauth/callback?code=x&state=\(request.state)")!)
        }
        #expect(throws: LatchkeyError.invalidOperation("")) {
            try request.code(from: URL(string: "com.example.app:/elsewhere?code=x&state=\(request.state)")!)
        }
        #expect(throws: LatchkeyError.invalidOperation("")) { try request.code(from: callback("state=\(request.state)")) }
    }

    /// End to end: the SDK makes the request, this test is the browser (it opens the hosted login
    /// page, sends the sign-in form with the page's cookie and token, and reads the redirect to
    /// the app), and the SDK redeems the code: the user is signed in, stored and refreshed. A
    /// second request in the same browser needs no password; a callback is good once, and only
    /// for its own request.
    @Test func theSDKSignsInThroughTheHostedLogin() async throws {
        try await serving(try await LiveServer.start(configure: { $0.oauth.redirectURIs = [Self.redirectURI] })) { server in
            _ = try await server.client().auth.signUp(username: "webber", password: "correct horse battery")
            let store = InMemoryCredentialStore()
            let sdk = server.client(store: store)
            let request = try sdk.auth.webLoginRequest(redirectURI: Self.redirectURI, loginHint: "webber")
            let browser = FormBrowser()
            let page = try await browser.get(request.url)
            #expect(page.status == 200 && page.body.contains(#"value="webber""#))  // the login hint, filled in
            let form = [
                "csrf_token": try #require(page.csrfToken), "request": try #require(page.field("request")), "identifier": "webber",
                "password": "correct horse battery",
            ]
            let signedIn = try await browser.post(server.url.appendingPathComponent("oauth/authorize/sign-in"), form: form)
            #expect(signedIn.status == 303)
            let callback = try #require(signedIn.location.flatMap(URL.init(string:)))
            #expect(callback.absoluteString.hasPrefix(Self.redirectURI + "?"))

            // Another request's SDK cannot use this callback: its state is not that request's.
            let other = server.client()
            await #expect(throws: LatchkeyError.webLoginStateMismatch) {
                try await other.auth.signIn(webLogin: try other.auth.webLoginRequest(redirectURI: Self.redirectURI), callback: callback)
            }
            #expect(other.currentUser == nil)

            let user = try await sdk.auth.signIn(webLogin: request, callback: callback)
            #expect(user.username == "webber")
            #expect(user.session.claims.clientId == server.app.clientID && user.session.refreshToken != nil)
            #expect(sdk.currentUser == user && store.load() == user)
            let refreshed = try await sdk.auth.refreshSession()
            #expect(refreshed.id == user.id && refreshed.session.refreshToken != user.session.refreshToken)
            #expect(try await sdk.auth.reloadUser().username == "webber")

            // The browser session signs a second request in without a page.
            let second = server.client()
            let secondRequest = try second.auth.webLoginRequest(redirectURI: Self.redirectURI)
            let direct = try await browser.get(secondRequest.url)
            #expect(direct.status == 303)
            let secondUser = try await second.auth.signIn(webLogin: secondRequest, callback: try #require(direct.location.flatMap(URL.init(string:))))
            #expect(secondUser.id == user.id && secondUser.session.id != user.session.id)

            // The code again: refused (and, RFC 6749 §4.1.2, the session it started ends).
            await #expect(throws: LatchkeyError.webLoginRefused(error: "invalid_grant")) {
                try await server.client().auth.signIn(webLogin: request, callback: callback)
            }
            await #expect(throws: LatchkeyError.sessionExpired) { try await sdk.auth.refreshSession() }
            #expect(sdk.currentUser == nil)
        }
    }
}
