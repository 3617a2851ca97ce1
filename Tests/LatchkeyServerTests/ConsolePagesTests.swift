import Foundation
import HTTPTypes
import Testing
@testable import LatchkeyServer

/// The console's pages over HTTP: password then TOTP, the `lk_console` cookie, CSRF tokens on
/// every form, a viewer's pages without buttons and their posts refused, validation errors in
/// the error summary, every page in each language.
@Suite struct ConsolePagesTests {
    /// A browser's cookies and the last page's form token.
    struct Browser {
        var cookies: [String: String] = [:]
        var csrf: String?
        var language = "en"

        var headers: HTTPFields {
            var headers: HTTPFields = [.acceptLanguage: language]
            if !cookies.isEmpty { headers[.cookie] = cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") }
            return headers
        }

        mutating func take(_ response: TestResponse) {
            for header in response.headers[values: .setCookie] {
                let pair = header.split(separator: ";")[0].split(separator: "=", maxSplits: 1).map(String.init)
                guard pair.count == 2 else { continue }
                if pair[1].isEmpty { cookies[pair[0]] = nil } else { cookies[pair[0]] = pair[1] }
            }
            if let match = response.text.firstMatch(of: /name="csrf_token" value="([^"]+)"/) { csrf = String(match.1) }
        }

        mutating func get(_ client: Client, _ path: String) async throws -> TestResponse {
            let response = try await client.send(.get, path, headers: headers)
            take(response)
            return response
        }

        mutating func post(_ client: Client, _ path: String, _ form: [String: String], withToken: Bool = true) async throws -> TestResponse {
            var form = form
            if withToken { form["csrf_token"] = csrf }
            let response = try await client.send(.post, path, form: form, headers: headers)
            take(response)
            return response
        }

        /// Signs in through the pages with password and code.
        mutating func signIn(_ client: Client, _ harness: TestHarness, _ signingIn: TestOperator) async throws {
            _ = try await get(client, "/console/sign-in")
            let password = try await post(client, "/console/sign-in", ["username": signingIn.username, "password": signingIn.password])
            #expect(password.status == .seeOther && password.headers[.location] == "/console/totp")
            _ = try await get(client, "/console/totp")
            let code = try await post(client, "/console/totp", ["code": signingIn.code(harness)])
            #expect(code.status == .seeOther && code.headers[.location] == "/console", "\(code.text)")
            harness.clock.advance(by: 30)
        }
    }

    @Test(arguments: TestStore.enabled) func signInTakesPasswordThenCodeAndSetsAStrictCookie(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let owner = try await harness.makeOperator("olivia", role: .owner)
        try await harness.run { client in
            var browser = Browser()
            let away = try await browser.get(client, "/console")
            #expect(away.status == .seeOther && away.headers[.location] == "/console/sign-in")
            let page = try await browser.get(client, "/console/sign-in")
            #expect(page.status == .ok && page.text.contains(#"<form method="post" action="/console/sign-in">"#))
            #expect(page.headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true)

            let wrong = try await browser.post(client, "/console/sign-in", ["username": "olivia", "password": "wrong password!"])
            #expect(wrong.status == .unauthorized && wrong.text.contains("error-summary"))
            let unknown = try await browser.post(client, "/console/sign-in", ["username": "nobody", "password": "wrong password!"])
            #expect(unknown.status == .unauthorized)
            #expect(wrong.text.replacingOccurrences(of: browser.csrf ?? "", with: "") == unknown.text.replacingOccurrences(of: browser.csrf ?? "", with: ""))

            let password = try await browser.post(client, "/console/sign-in", ["username": "olivia", "password": owner.password])
            let cookie = try #require(password.headers[values: .setCookie].first { $0.hasPrefix("lk_console=") })
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.contains("Path=/console") && !cookie.contains("Secure"))
            let pending = browser.cookies["lk_console"]
            // Only the code step is open to a browser that proved the password.
            #expect(try await browser.get(client, "/console/apps").headers[.location] == "/console/sign-in")
            _ = try await browser.post(client, "/console/sign-in", ["username": "olivia", "password": owner.password])
            let totp = try await browser.get(client, "/console/totp")
            #expect(totp.status == .ok && !totp.text.contains("totp-secret"))
            let bad = try await browser.post(client, "/console/totp", ["code": owner.code(harness, stepsAhead: 3)])
            #expect(bad.status == .unauthorized && bad.text.contains(##"href="#code""##))
            let good = try await browser.post(client, "/console/totp", ["code": owner.code(harness)])
            #expect(good.status == .seeOther && good.headers[.location] == "/console")
            #expect(browser.cookies["lk_console"] != pending)
            let dashboard = try await browser.get(client, "/console")
            #expect(dashboard.status == .ok && dashboard.text.contains(#"id="chart""#) && dashboard.text.contains("olivia (owner)"))
            let figures = try await browser.get(client, "/console/figures")
            #expect(figures.value("signInsPerMinute") as? [Int] != nil)

            let out = try await browser.post(client, "/console/sign-out", [:])
            #expect(out.status == .seeOther && out.headers[.location] == "/console/sign-in")
            #expect(try await browser.get(client, "/console").headers[.location] == "/console/sign-in")
        }
    }

    @Test(arguments: TestStore.enabled) func firstSignInShowsTheSecretToEnroll(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let created = try await harness.backend.operators.create(username: "nina", role: .admin)
        try await harness.run { client in
            var browser = Browser()
            _ = try await browser.get(client, "/console/sign-in")
            _ = try await browser.post(client, "/console/sign-in", ["username": "nina", "password": created.password])
            let totp = try await browser.get(client, "/console/totp")
            let match = try #require(totp.text.firstMatch(of: /id="totp-secret">([A-Z2-7 ]+)</))
            #expect(totp.text.contains("otpauth://totp/latchkey.test:nina?secret="))
            let secret = try #require(Base32.decode(String(match.1)))
            let code = TOTP(secret: secret).code(step: TOTP.step(at: harness.clock.now()))
            #expect(try await browser.post(client, "/console/totp", ["code": code]).headers[.location] == "/console")
            #expect(try await harness.backend.operators.find("nina")?.totpEnrolled == true)
        }
    }

    @Test(arguments: TestStore.enabled) func formsNeedTheirTokenAndViewersOnlyLook(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let admin = try await harness.makeOperator("adam", role: .admin)
        let viewer = try await harness.makeOperator("vera", role: .viewer)
        try await harness.run { client in
            var adam = Browser()
            try await adam.signIn(client, harness, admin)
            _ = try await adam.get(client, "/console/apps")
            let forged = try await adam.post(client, "/console/apps", ["name": "Forged"], withToken: false)
            #expect(forged.status == .forbidden)
            var wrongToken = adam
            wrongToken.csrf = "AAAA"
            #expect(try await wrongToken.post(client, "/console/apps", ["name": "Forged"]).status == .forbidden)
            #expect(try await harness.backend.apps.list().count == 1)

            let created = try await adam.post(client, "/console/apps", ["name": "Shop"])
            #expect(created.status == .ok && created.headers[.cacheControl] == "no-store")
            let secret = try #require(created.text.firstMatch(of: /id="client-secret">(lks_[^<]+)</)).1
            let app = try #require(try await harness.backend.apps.list().first { $0.name == "Shop" })
            #expect(try await harness.backend.apps.verifySecret(String(secret), appID: app.id))

            let refused = try await adam.post(client, "/console/apps/\(app.id)/settings", ["name": "Shop", "access-token-ttl": "90000"])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains(##"<a href="#setting-access-token-ttl">"##))
            #expect(refused.text.contains(#"value="90000""#))
            let saved = try await adam.post(client, "/console/apps/\(app.id)/settings", ["name": "Shop", "cors-origin": "https://a.example\r\nhttps://b.example"])
            #expect(saved.status == .seeOther)
            #expect(try await harness.backend.apps.find(app.id)?.settings.corsOrigins == ["https://a.example", "https://b.example"])

            // Providers: the secret is sent once and never shown; saving without it keeps it.
            let provider = ["action": "set", "name": "facebook", "kind": "facebook", "client_ids": "1234", "client_secret": "fb-secret"]
            #expect(try await adam.post(client, "/console/apps/\(app.id)/providers", provider).status == .seeOther)
            var again = provider
            again["client_secret"] = ""
            again["client_ids"] = "1234\n5678"
            #expect(try await adam.post(client, "/console/apps/\(app.id)/providers", again).status == .seeOther)
            let stored = try #require(try await harness.backend.apps.find(app.id)?.settings.providers["facebook"])
            #expect(stored.clientSecret == "fb-secret" && stored.clientIDs == ["1234", "5678"])
            let withProvider = try await adam.get(client, "/console/apps/\(app.id)")
            #expect(withProvider.text.contains("1234, 5678") && !withProvider.text.contains("fb-secret"))
            let badName = try await adam.post(client, "/console/apps/\(app.id)/providers", provider.merging(["name": "Bad Name"]) { $1 })
            #expect(badName.status == .unprocessableContent && badName.text.contains(##"href="#provider-name""##))

            var vera = Browser()
            try await vera.signIn(client, harness, viewer)
            let page = try await vera.get(client, "/console/apps/\(app.id)")
            #expect(page.status == .ok && page.text.contains(app.clientID))
            #expect(!page.text.contains("rotate-secret") && !page.text.contains("save-settings") && page.text.contains("readonly"))
            let apps = try await vera.get(client, "/console/apps")
            #expect(!apps.text.contains("create-app"))
            #expect(try await vera.post(client, "/console/apps/\(app.id)/secret", [:]).status == .forbidden)
            #expect(try await vera.post(client, "/console/apps", ["name": "Viewer's"]).status == .forbidden)
            #expect(try await vera.get(client, "/console/operators").status == .forbidden)
            #expect(try await harness.backend.apps.list().count == 2)
        }
    }

    @Test(arguments: TestStore.enabled) func everyPageRendersInEachLanguage(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let owner = try await harness.makeOperator("olivia", role: .owner)
        try await harness.run { client in
            let user = try await client.signUpUser("dora")
            let userID = try #require(try await client.send(.get, "/v1/me", token: user.access).string("id"))
            var browser = Browser()
            try await browser.signIn(client, harness, owner)
            let pages = [
                "/console", "/console/apps", "/console/apps/\(harness.app.id)", "/console/users?app=\(harness.app.id)&q=dora",
                "/console/apps/\(harness.app.id)/users/\(userID)", "/console/outbox", "/console/audit", "/console/operators",
            ]
            for (language, marker) in [("en", "Sign out"), ("ja", "サインアウト"), ("zh-Hans", "退出登录")] {
                browser.language = language
                for path in pages {
                    let page = try await browser.get(client, path)
                    #expect(page.status == .ok, "\(path) in \(language)")
                    #expect(page.text.contains(#"<html lang="\#(language)">"#) && page.text.contains(marker), "\(path) in \(language)")
                    #expect(!page.text.contains("page.console"), "\(path) shows a catalog id in \(language)")
                }
            }
            let found = try await browser.get(client, "/console/users?app=\(harness.app.id)&q=dora")
            #expect(found.text.contains("/console/apps/\(harness.app.id)/users/\(userID)"))
            let disabled = try await browser.post(client, "/console/apps/\(harness.app.id)/users/\(userID)", ["action": "disable"])
            #expect(disabled.status == .seeOther)
            #expect(try await client.send(.get, "/v1/me", token: user.access).status == .unauthorized)
            let audit = try await browser.get(client, "/console/audit")
            #expect(audit.text.contains("user.disable") && audit.text.contains(userID))
        }
    }
}
