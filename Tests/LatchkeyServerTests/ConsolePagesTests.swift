import Crypto
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

    /// The route table signs in every console page but the sign-in flow's own: each, asked for
    /// without a session, sends the browser to sign in before its handler runs; each an admin's
    /// role needs refuses a viewer with the forbidden page.
    @Test(arguments: TestStore.enabled) func theRouteTableSignsInEveryConsolePage(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let viewer = try await harness.makeOperator("vera", role: .viewer)
        let signInFlow: Set = ["consoleSignInPage", "consoleSignIn", "consoleTOTPPage", "consoleTOTP"]
        let pages = harness.backend.routes.routes.filter { $0.path.hasPrefix("/console") && !signInFlow.contains($0.operation) }
        #expect(pages.count >= 19, "the console has fewer pages than it serves today: \(pages.map(\.operation))")
        try await harness.run { client in
            var vera = Browser()
            try await vera.signIn(client, harness, viewer)
            for route in pages {
                guard case .consolePage(let role) = route.access else {
                    Issue.record("\(route.operation) does not declare .consolePage: its handler would sign the operator in itself")
                    continue
                }
                let path = route.path.replacing(/\{[a-z]+\}/, with: "x")
                let away = try await client.send(route.method, path, form: route.method == .post ? [:] : nil)
                #expect(away.status == .seeOther && away.headers[.location] == "/console/sign-in", "\(route.operation)")
                guard role > .viewer else { continue }
                let refused = route.method == .post ? try await vera.post(client, path, [:]) : try await vera.get(client, path)
                #expect(refused.status == .forbidden && refused.text.contains("<html"), "\(route.operation): \(refused.status)")
            }
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
            #expect(
                wrong.text.replacingOccurrences(of: browser.csrf ?? "", with: "")
                    == unknown.text.replacingOccurrences(of: browser.csrf ?? "", with: "")
            )

            let password = try await browser.post(client, "/console/sign-in", ["username": "olivia", "password": owner.password])
            let cookie = try #require(password.headers[values: .setCookie].first { $0.hasPrefix("lk_console=") })
            #expect(
                cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.contains("Path=/console") && !cookie.contains("Secure")
            )
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
            let saved = try await adam.post(
                client,
                "/console/apps/\(app.id)/settings",
                ["name": "Shop", "cors-origin": "https://a.example\r\nhttps://b.example"]
            )
            #expect(saved.status == .seeOther)
            #expect(try await harness.backend.apps.find(app.id)?.settings.cors.corsOrigins == ["https://a.example", "https://b.example"])

            // Providers: the secret is sent once and never shown; saving without it keeps it.
            let provider = ["action": "set", "name": "facebook", "kind": "facebook", "client_ids": "1234", "client_secret": "fb-secret"]
            #expect(try await adam.post(client, "/console/apps/\(app.id)/providers", provider).status == .seeOther)
            var again = provider
            again["client_secret"] = ""
            again["client_ids"] = "1234\n5678"
            #expect(try await adam.post(client, "/console/apps/\(app.id)/providers", again).status == .seeOther)
            let stored = try #require(try await harness.backend.apps.find(app.id)?.settings.signInProviders.providers["facebook"])
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

    /// An Android signing certificate's SHA-256 fingerprint, `byte` repeated.
    static func fingerprint(_ byte: String) -> String { Array(repeating: byte, count: 32).joined(separator: ":") }

    /// A value other than the default for every setting the app page's form shows, as
    /// `latchkey apps update` flags: lists of several items, booleans turned over, numbers,
    /// optional values set.
    static let everySettingValues: [String: [String]] = [
        "session-ttl": ["7200"], "session-idle-ttl": ["600"], "access-token-ttl": ["1800"], "password-min-length": ["10"],
        "bcrypt-cost": ["12"], "sign-in-methods": ["username,emailCode,email"], "reveal-taken-emails": ["true"],
        "reveal-unknown-users": ["true"], "reauthentication-window": ["600"], "account-failure-limit": ["7"],
        "ip-failure-limit": ["70"], "failure-window": ["1200"], "ip-sign-up-limit": ["40"], "pin-failure-limit": ["6"],
        "link-providers-by-verified-email": ["true"], "consent-age": ["16"], "consent-age-by-country": ["DE=16", "FR=15"],
        "pending-consent-days": ["14"], "parent-email-limit": ["4"], "consent-request-limit": ["2"],
        "redirect-uri": ["https://app.example/callback", "com.example.app:/oauth"], "first-party": ["false"],
        "logo-url": ["https://cdn.example/logo.png?size=2&dark=1"], "cors-origin": ["https://a.example", "https://b.example"],
        "password-grant": ["true"], "email-action-url": ["https://app.example/action?from=mail&via=console"],
        "recipient-send-limit": ["6"], "ip-send-limit": ["25"], "send-window": ["1800"], "app-data-max-value-bytes": ["2048"],
        "app-data-max-bytes-per-user": ["4096"], "app-data-for-pending-accounts": ["true"], "database-max-leaves": ["5000"],
        "database-max-bytes": ["2097152"], "database-host": ["tree.example.com"], "wallet-currency": ["kredits", "gems"],
        "wallet-self-spend": ["true"],
        "wallet-user-transfers": ["true"], "wallet-allow-negative": ["true"], "guest-limit": ["50"], "guest-idle-days": ["7"],
        "passkey-rp-id": ["app.example"], "passkey-origin": ["https://app.example", "https://www.app.example"],
        "passkey-user-verification": ["required"], "apple-app-id": ["ABCDE12345.com.example.app"],
        "android-app": ["com.example.app=" + fingerprint("AB"), "com.example.app=" + fingerprint("CD")],
        "totp-required": ["true"], "from-name": ["Example 例"], "from-address": ["hello@app.example"],
        "reply-to": ["support@app.example"], "accent-color": ["#0b7285"], "support-url": ["mailto:help@app.example"],
        "background-color": ["#0b1f3a"], "appearance": ["dark"],
    ]
    static var everySetting: [SettingChange] { everySettingValues.map { SettingChange(flag: $0.key, values: $0.value) } }

    /// Saving the app page's forms untouched changes nothing: every setting the form shows is
    /// posted back as it is stored (a list's items, a boolean, an optional URL…), and a form that
    /// changes only the access-token lifetime changes only that.
    @Test(arguments: TestStore.enabled) func everySettingRoundTripsThroughTheUntouchedForms(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let admin = try await harness.makeOperator("adam", role: .admin)
        let flags = Set(AppSettings.declarations.compactMap(\.flag))
        #expect(Set(Self.everySetting.map(\.flag)) == flags, "every setting the form shows has a value other than its default here")
        let id = harness.app.id
        let configured = try await harness.backend.admin.updateApp(id, name: nil, changes: Self.everySetting, by: .commandLine())
        for setting in AppSettings.declarations where setting.flag != nil {
            #expect(setting.values(in: configured.settings) != setting.values(in: AppSettings()), "\(setting.key) keeps its default")
        }
        try await harness.backend.admin.setRules(#"{"rules": {".read": "auth != null", ".write": false}}"#, appID: id, by: .commandLine())
        let rules = try await harness.backend.admin.rules(appID: id, by: .commandLine())
        try await harness.run { client in
            var adam = Browser()
            try await adam.signIn(client, harness, admin)
            for action in ["/console/apps/\(id)/settings", "/console/apps/\(id)/rules"] {
                let page = try await adam.get(client, "/console/apps/\(id)")
                var fields = try PageForm.fields(in: page.text, action: action)
                fields["csrf_token"] = nil
                let saved = try await adam.post(client, action, fields)
                #expect(saved.status == .seeOther, "\(action): \(saved.text)")
                #expect(try await harness.backend.apps.find(id)?.settings == configured.settings, "\(action) changed a setting")
                #expect(try await harness.backend.admin.rules(appID: id, by: .commandLine()) == rules)
            }

            let page = try await adam.get(client, "/console/apps/\(id)")
            var fields = try PageForm.fields(in: page.text, action: "/console/apps/\(id)/settings")
            fields["csrf_token"] = nil
            fields["access-token-ttl"] = "1200"
            let confirmation = try await adam.post(client, "/console/apps/\(id)/settings", fields)
            #expect(confirmation.status == .ok && confirmation.text.contains("settings-diff"))
            #expect(try await harness.backend.apps.find(id)?.settings == configured.settings, "saved before it was confirmed")
            var confirmed = try PageForm.fields(in: confirmation.text, action: "/console/apps/\(id)/settings")
            confirmed["csrf_token"] = nil
            confirmed["confirm"] = "1"
            #expect(try await adam.post(client, "/console/apps/\(id)/settings", confirmed).status == .seeOther)
            var expected = configured.settings
            expected.auth.accessTokenTTL = 1200
            #expect(try await harness.backend.apps.find(id)?.settings == expected)
        }
    }

    /// The settings page by section: a change to a token lifetime is shown before → after and
    /// saved only once confirmed; a switch left unchecked saves off; a saved page lists what
    /// changed; a refused value is told beside its field in the page's language, as typed.
    @Test(arguments: TestStore.enabled) func settingsConfirmRiskyChangesAndSaveSwitchesOff(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let admin = try await harness.makeOperator("adam", role: .admin)
        let viewer = try await harness.makeOperator("vera", role: .viewer)
        let id = harness.app.id
        let action = "/console/apps/\(id)/settings"
        try await harness.run { client in
            var adam = Browser()
            try await adam.signIn(client, harness, admin)
            let page = try await adam.get(client, "/console/apps/\(id)")
            #expect(page.text.contains(##"href="#section-sessions""##) && page.text.contains(#"<h3 id="section-sessions">Sessions and tokens</h3>"#))
            #expect(page.text.contains(#"<label for="setting-session-ttl">Session lifetime</label>"#))
            #expect(page.text.contains(#"role="switch" id="setting-first-party" name="first-party" value="true" checked"#))
            var fields = try PageForm.fields(in: page.text, action: action)
            fields["csrf_token"] = nil
            let before = try #require(try await harness.backend.apps.find(id)?.settings)
            #expect(before.hostedLogin.firstParty)

            var changed = fields
            changed["session-ttl"] = "7200"
            changed["first-party"] = nil
            let confirmation = try await adam.post(client, action, changed)
            #expect(confirmation.status == .ok)
            #expect(confirmation.text.contains("Session lifetime") && confirmation.text.contains("<ins>7200 (2 h)</ins>"))
            #expect(confirmation.text.contains("First-party app") && confirmation.text.contains("<del>On</del>"))
            #expect(try await harness.backend.apps.find(id)?.settings == before, "saved before it was confirmed")
            var confirmed = try PageForm.fields(in: confirmation.text, action: action)
            confirmed["csrf_token"] = nil
            confirmed["confirm"] = "1"
            let saved = try await adam.post(client, action, confirmed)
            #expect(saved.status == .seeOther)
            let location = try #require(saved.headers[.location])
            let after = try #require(try await harness.backend.apps.find(id)?.settings)
            #expect(after.auth.sessionTTL == 7200 && !after.hostedLogin.firstParty)
            let savedPage = try await adam.get(client, location)
            #expect(savedPage.text.contains(#"role="status""#))
            #expect(savedPage.text.contains("<li>Session lifetime</li>") && savedPage.text.contains("<li>First-party app</li>"))
            #expect(!savedPage.text.contains(#"name="first-party" value="true" checked"#))

            // A change to no risky setting saves at once.
            var back = try PageForm.fields(in: savedPage.text, action: action)
            back["csrf_token"] = nil
            back["first-party"] = "true"
            #expect(try await adam.post(client, action, back).status == .seeOther)
            #expect(try await harness.backend.apps.find(id)?.settings.hostedLogin.firstParty == true)

            adam.language = "ja"
            var wrong = back
            wrong["session-ttl"] = "10"
            let refused = try await adam.post(client, action, wrong)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains(#"<p class="field-error" id="setting-session-ttl-error">"#))
            let described = "setting-session-ttl-hint setting-session-ttl-unit setting-session-ttl-error"
            #expect(refused.text.contains(#"value="10" aria-describedby="\#(described)" aria-invalid="true""#))
            #expect(refused.text.contains("セッションの有効期間"))
            #expect(try await harness.backend.apps.find(id)?.settings.auth.sessionTTL == 7200)

            var vera = Browser()
            try await vera.signIn(client, harness, viewer)
            let look = try await vera.get(client, "/console/apps/\(id)")
            let readOnly = #"name="first-party" value="true" checked aria-describedby="setting-first-party-hint" disabled"#
            #expect(look.text.contains(readOnly))
            #expect(!look.text.contains("save-settings"))
        }
    }

    /// The sign-in methods are a box each, labelled in the page's language: checking a box adds
    /// its method (confirmed first, as a risky change), unchecking every box is refused beside the
    /// set and changes nothing.
    @Test(arguments: TestStore.enabled) func signInMethodsAreABoxEach(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.auth.signInMethods = [.username, .email] }
        let admin = try await harness.makeOperator("adam", role: .admin)
        let id = harness.app.id
        let action = "/console/apps/\(id)/settings"
        try await harness.run { client in
            var adam = Browser()
            adam.language = "ja"
            try await adam.signIn(client, harness, admin)
            let page = try await adam.get(client, "/console/apps/\(id)")
            #expect(page.text.contains(#"<fieldset id="setting-sign-in-methods" class="options""#))
            #expect(page.text.contains(#"<legend>サインイン方法</legend>"#))
            #expect(page.text.contains(#"id="setting-sign-in-methods-username" name="sign-in-methods.username" value="true" checked"#))
            #expect(page.text.contains(#"id="setting-sign-in-methods-passkey" name="sign-in-methods.passkey" value="true">"#))
            #expect(page.text.contains("<label for=\"setting-sign-in-methods-passkey\">パスキー</label>"))
            var fields = try PageForm.fields(in: page.text, action: action)
            fields["csrf_token"] = nil
            #expect(fields["sign-in-methods.email"] == "true" && fields["sign-in-methods.phone"] == nil)

            var added = fields
            added["sign-in-methods.passkey"] = "true"
            let confirmation = try await adam.post(client, action, added)
            #expect(confirmation.status == .ok && confirmation.text.contains("<ins>メールアドレスとパスワード, パスキー, ユーザー名とパスワード</ins>"))
            var confirmed = try PageForm.fields(in: confirmation.text, action: action)
            confirmed["csrf_token"] = nil
            confirmed["confirm"] = "1"
            #expect(try await adam.post(client, action, confirmed).status == .seeOther)
            #expect(try await harness.backend.apps.find(id)?.settings.auth.signInMethods == [.username, .email, .passkey])

            var none = fields
            for method in SignInMethod.allCases { none["sign-in-methods.\(method.rawValue)"] = nil }
            let refused = try await adam.post(client, action, none)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains(#"<p class="field-error" id="setting-sign-in-methods-error">"#))
            #expect(!refused.text.contains(#"name="sign-in-methods.username" value="true" checked"#), "the boxes as they were posted")
            #expect(try await harness.backend.apps.find(id)?.settings.auth.signInMethods == [.username, .email, .passkey])
        }
    }

    /// A rules document with an error is refused beside the rules, where it is, in the page's
    /// language (the API says it in English), keeping what was typed; the stored rules stay.
    @Test(arguments: TestStore.enabled) func aRulesErrorIsToldBesideTheRulesInThePagesLanguage(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let admin = try await harness.makeOperator("adam", role: .admin)
        let id = harness.app.id
        let before = try await harness.backend.admin.rules(appID: id, by: .commandLine())
        try await harness.run { client in
            var adam = Browser()
            try await adam.signIn(client, harness, admin)
            let typo = "{\"rules\": {\".read\": \"auht != null\"}}"
            for (language, text) in [
                ("ja", "1 行 22 列: 変数 'auht' はありません。"), ("zh-Hans", "第 1 行第 22 列：未知的变量 'auht'。"),
                ("en", "Line 1, column 22: Unknown variable 'auht'."),
            ] {
                adam.language = language
                let refused = try await adam.post(client, "/console/apps/\(id)/rules", ["rules": typo])
                #expect(refused.status == .unprocessableContent)
                let error = refused.text.components(separatedBy: #"<p class="field-error" id="rules-error">"#).dropFirst().first ?? ""
                #expect(error.replacingOccurrences(of: "&#39;", with: "'").contains(text), "\(language): \(error.prefix(200))")
                #expect(refused.text.contains(#"aria-describedby="rules-error" aria-invalid="true""#))
                #expect(refused.text.contains("auht != null"), "what was typed stays")
            }
            #expect(try await harness.backend.admin.rules(appID: id, by: .commandLine()) == before)
        }
    }

    /// Every provider setting survives the provider form: an Apple provider (team and key ids,
    /// `.p8` key, scopes, form_post) and an OAuth 2.0 provider (URLs, claim paths), opened for
    /// editing and saved untouched, stay as stored, secret included; a new Apple provider is set
    /// from an empty form with its multi-line key; one changed field moves only itself.
    @Test(arguments: TestStore.enabled) func everyProviderSettingRoundTripsThroughTheProviderForm(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let admin = try await harness.makeOperator("adam", role: .admin)
        let id = harness.app.id
        let appleKey = P256.Signing.PrivateKey().pemRepresentation
        let apple = ProviderSettings(
            kind: .openIDConnect,
            issuer: "https://appleid.apple.com",
            clientIDs: ["com.example.web"],
            jwksURL: "https://appleid.apple.com/auth/keys",
            clientSecret: appleKey,
            scopes: ["name", "email"],
            responseMode: .formPost,
            teamID: "TEAM123456",
            keyID: "KEY1234567"
        )
        var preset = ProviderSettings.github(clientID: "gh-client", clientSecret: "gh-secret")
        preset.claimPaths = ProviderSettings.ClaimPaths(id: "data.id", email: "data.mail", emailVerified: "data.verified", name: nil)
        let github = preset
        for (name, provider) in ["apple": apple, "github": github] {
            _ = try await harness.backend.admin.setProvider(name, provider, appID: id, by: .commandLine())
        }
        try await harness.run { client in
            var adam = Browser()
            try await adam.signIn(client, harness, admin)
            let action = "/console/apps/\(id)/providers"
            func editForm(_ name: String) async throws -> [String: String] {
                let page = try await adam.get(client, "/console/apps/\(id)?provider=\(name)")
                var fields = try PageForm.fields(in: page.text, action: action, labelledBy: "provider-title")
                #expect(fields["name"] == name && !page.text.contains(appleKey) && !page.text.contains("gh-secret"))
                fields["csrf_token"] = nil
                fields["action"] = "set"
                return fields
            }
            for name in ["apple", "github"] {
                let saved = try await adam.post(client, action, try await editForm(name))
                #expect(saved.status == .seeOther, "\(name): \(saved.text)")
            }
            let stored = try await harness.backend.apps.find(id)?.settings.signInProviders.providers
            #expect(stored?["apple"] == apple && stored?["github"] == github)

            var changed = try await editForm("github")
            changed["scopes"] = "read:user"
            #expect(try await adam.post(client, action, changed).status == .seeOther)
            var narrowed = github
            narrowed.scopes = ["read:user"]
            #expect(try await harness.backend.apps.find(id)?.settings.signInProviders.providers["github"] == narrowed)

            let page = try await adam.get(client, "/console/apps/\(id)")
            var blank = try PageForm.fields(in: page.text, action: action, labelledBy: "provider-title")
            #expect(blank["kind"] == "oidc" && blank["name"] == "" && blank["team_id"] == "")
            blank["csrf_token"] = nil
            let fresh = [
                "action": "set", "name": "apple-web", "client_ids": "com.example.other", "issuer": "https://appleid.apple.com",
                "team_id": "TEAM654321", "key_id": "KEY7654321", "apple_key": appleKey, "response_mode": "form_post", "scopes": "name email",
            ]
            #expect(try await adam.post(client, action, blank.merging(fresh) { $1 }).status == .seeOther)
            let added = try #require(try await harness.backend.apps.find(id)?.settings.signInProviders.providers["apple-web"])
            #expect(added.teamID == "TEAM654321" && added.keyID == "KEY7654321" && added.clientSecret == appleKey)
            #expect(added.responseMode == .formPost && added.scopes == ["name", "email"] && added.claimPaths == nil)

            var wrongKey = blank.merging(fresh) { $1 }
            wrongKey["apple_key"] = "not a key"
            let refused = try await adam.post(client, action, wrongKey)
            #expect(refused.status == .unprocessableContent && refused.text.contains(#"value="TEAM654321""#))
        }
    }

    /// Users without a username (guests, device users, users of an email or phone) are listed by
    /// a name an operator can click: their email or phone, else "Guest" and the start of the id.
    @Test(arguments: TestStore.enabled) func everyListedUserHasANameToClick(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.auth.signInMethods = [.username, .email, .anonymous, .device] }
        let owner = try await harness.makeOperator("olivia", role: .owner)
        try await harness.run { client in
            let guest = try #require(try await client.signInAnonymously().string("user.id"))
            let device = try #require(try await client.signIn(deviceID: String(repeating: "d", count: 32)).string("user.id"))
            #expect(try await client.signUp(["email": "mail@example.com", "password": "correct horse battery"]).status.code < 300)
            _ = try await client.signUpUser("dora")
            var browser = Browser()
            try await browser.signIn(client, harness, owner)
            for (language, word) in [("en", "Guest"), ("ja", "ゲスト"), ("zh-Hans", "访客")] {
                browser.language = language
                let page = try await browser.get(client, "/console/users?app=\(harness.app.id)&q=")
                let names = page.text.matches(of: /<a href="\/console\/apps\/[^"\/]+\/users\/([^"]+)">([^<]*)<\/a>/).map {
                    (id: String($0.1), name: String($0.2))
                }
                #expect(names.count == 4, "\(page.text)")
                #expect(names.allSatisfy { !$0.name.trimmingCharacters(in: .whitespaces).isEmpty }, "\(names)")
                let shown = Dictionary(names.map { ($0.id, $0.name) }) { first, _ in first }
                #expect(shown[guest] == "\(word) \(guest.prefix(8))" && shown[device] == "\(word) \(device.prefix(8))", "\(shown)")
                #expect(Set(shown.values).isSuperset(of: ["dora", "mail@example.com"]), "\(shown)")
            }
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
                "/console/apps/\(harness.app.id)/users/\(userID)", "/console/apps/\(harness.app.id)/leaderboards", "/console/outbox",
                "/console/audit", "/console/operators",
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
