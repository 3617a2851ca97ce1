import Foundation
import HTTPTypes
import LatchkeyServer
import LatchkeyTestSupport
import LatchkeyWire
import Testing

/// Every email carries a branded HTML part from the shipped defaults; operators override a
/// purpose's subject, text and HTML per app and language (shipped or added) through
/// `/v1/operator/apps/{id}/email-templates/…`, checked on save, previewed with sample values,
/// and never able to stop a link or code from being sent.
@Suite struct EmailTemplateTests {
    static let email = "ada@example.com"
    static let purposes = [
        "verify_email", "change_email", "restore_email", "reset_password", "email_sign_in", "sign_up_attempt", "parent_consent", "parent_manage",
    ]

    /// A harness whose emails go to `receiver`, with the app's brand set.
    private static func harness(_ store: TestStore, _ receiver: MessageReceiver) async throws -> TestHarness {
        try await TestHarness.make(store: store) {
            $0.brand.logoURL = "https://cdn.example.com/logo.png"
            $0.brand.accentColor = "#0b6e4f"
            $0.brand.supportURL = "mailto:help@example.com"
            $0.delivery.recipientSendLimit = 1_000
            $0.delivery.ipSendLimit = 1_000
        } configureServer: {
            $0.delivery.emailSender = .webhook
            $0.delivery.webhookURL = receiver.url + "/hook"
            $0.delivery.webhookSecret = "templates-test-secret"
        }
    }

    /// The password-reset emails to `recipient` the receiver has.
    private static func resets(_ receiver: MessageReceiver, to recipient: String) -> [[String: Any]] {
        receiver.requests.compactMap { try? JSONSerialization.jsonObject(with: Data($0.body.utf8)) as? [String: Any] }
            .filter { $0["to"] as? String == recipient && $0["purpose"] as? String == "reset_password" }
    }

    /// Asks for a password reset for `email` in `language`, and answers the email it sends.
    private static func reset(
        _ client: Client,
        _ receiver: MessageReceiver,
        email: String = Self.email,
        language: String
    ) async throws -> [String: Any] {
        let before = resets(receiver, to: email).count
        let sent = try await client.send(
            .post,
            "/v1/auth/password/reset",
            json: ["email": email],
            app: client.clientID,
            headers: [.acceptLanguage: language]
        )
        #expect(sent.status == .accepted)
        let count = try await eventually(before + 1) { resets(receiver, to: email).count }
        try #require(count == before + 1, "no reset email to \(email)")
        return try #require(resets(receiver, to: email).last)
    }

    private static func template(_ purpose: String, _ language: String, app: String) -> String {
        "/v1/operator/apps/\(app)/email-templates/\(purpose)/\(language)"
    }

    @Test(arguments: TestStore.enabled) func everyEmailCarriesTheBrandedHTMLDefault(store: TestStore) async throws {
        try await serving(try await MessageReceiver.start(statuses: [.ok])) { receiver in
            let harness = try await Self.harness(store, receiver)
            try await harness.run { client in
                _ = try await client.signUp(["email": Self.email, "password": "correct horse battery"])
                for (language, heading) in [("en", "Reset your password"), ("ja", "パスワードの再設定"), ("zh-CN", "重置您的密码")] {
                    let message = try await Self.reset(client, receiver, language: language)
                    let text = try #require(message["body"] as? String)
                    let html = try #require(message["html"] as? String)
                    let link = try #require(text.firstMatch(of: /https?:\S+token=[A-Za-z0-9_\-]+/).map { String($0.output) })
                    // The HTML carries the same link (escaped), the brand, and no script or remote font.
                    #expect(html.contains("href=\"\(link.replacingOccurrences(of: "&", with: "&amp;"))\""))
                    #expect(!html.contains(link) || !link.contains("&"))
                    #expect(html.contains(heading))
                    #expect(html.contains(#"<html lang="\#(language == "zh-CN" ? "zh-Hans" : language)">"#))
                    #expect(html.contains(#"<meta name="color-scheme" content="light dark">"#))
                    #expect(html.contains("prefers-color-scheme: dark"))
                    #expect(html.contains(#"<img src="https://cdn.example.com/logo.png""#))
                    #expect(html.contains("background: #0b6e4f"))
                    #expect(html.contains(#"href="mailto:help@example.com""#))
                    #expect(!html.lowercased().contains("<script") && !html.contains("fonts.googleapis"))
                    #expect(!text.contains("<"))
                }
            }
        }
    }

    @Test(arguments: TestStore.enabled) func everyShippedDefaultPassesTheChecksAnOverrideMust(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let (_, _, viewer) = try await harness.operatorTokens(client)
            let list = try await client.send(.get, "/v1/operator/apps/\(harness.app.id)/email-templates", token: viewer)
            #expect(list.status == .ok)
            #expect((list.value("items") as? [Any])?.count == Self.purposes.count * 3)
            for purpose in Self.purposes {
                for language in ["en", "ja", "zh-Hans"] {
                    let shown = try await client.send(.get, Self.template(purpose, language, app: harness.app.id), token: viewer)
                    #expect(shown.status == .ok)
                    #expect(shown.value("overridden") as? Bool == false)
                    let defaults = try #require(shown.value("defaults") as? [String: String])
                    #expect(defaults["html"]?.contains(#"<html lang="\#(language)">"#) == true, "\(purpose) \(language)")
                    // The defaults, sent back as an override's parts, pass the checks on save.
                    let preview = try await client.send(
                        .post,
                        Self.template(purpose, language, app: harness.app.id) + "/preview",
                        json: defaults,
                        token: viewer
                    )
                    #expect(preview.status == .ok, "\(purpose) \(language): \(preview.text)")
                    let html = try #require(preview.string("html"))
                    #expect(!html.contains("{{") && !html.contains("[["), "\(purpose) \(language)")
                    #expect(preview.string("subject")?.contains("Test App") == true || purpose == "parent_manage" || purpose == "parent_consent")
                }
            }
        }
    }

    @Test(arguments: TestStore.enabled) func anOverrideAppliesToItsAppAndLanguageOnly(store: TestStore) async throws {
        try await serving(try await MessageReceiver.start(statuses: [.ok])) { receiver in
            let harness = try await Self.harness(store, receiver)
            try await harness.run { client in
                let (_, admin, viewer) = try await harness.operatorTokens(client)
                _ = try await client.signUp(["email": Self.email, "password": "correct horse battery"])
                let path = Self.template("reset_password", "ja", app: harness.app.id)
                let override = [
                    "subject": "{{appName}} のパスワード",
                    "text": "リンク: {{{link}}} ({{hours}})",
                    "html":
                        #"<!DOCTYPE html><html lang="ja"><body><p style="color: {{accentColor}}">こんにちは {{appName}}</p><a href="{{link}}">開く</a></body></html>"#,
                ]
                #expect(try await client.send(.put, path, json: override, token: viewer).status == .forbidden)
                let saved = try await client.send(.put, path, json: override, token: admin)
                #expect(saved.status == .ok, "\(saved.text)")
                #expect(saved.value("overridden") as? Bool == true)
                #expect(saved.string("effective.subject") == override["subject"])

                let japanese = try await Self.reset(client, receiver, language: "ja")
                #expect(japanese["subject"] as? String == "Test App のパスワード")
                let text = try #require(japanese["body"] as? String)
                #expect(text.hasPrefix("リンク: http") && text.contains("&token=") && text.hasSuffix("(1)"))
                #expect((japanese["html"] as? String)?.contains("<p style=\"color: #0b6e4f\">こんにちは Test App</p>") == true)
                let english = try await Self.reset(client, receiver, language: "en")
                #expect(english["subject"] as? String == "Reset your Test App password")

                // Another app keeps its defaults.
                let other = try await client.send(.post, "/v1/operator/apps", json: ["name": "Other"], token: admin)
                let otherID = try #require(other.string("app.id"))
                let otherTemplate = try await client.send(.get, Self.template("reset_password", "ja", app: otherID), token: viewer)
                #expect(otherTemplate.value("overridden") as? Bool == false)

                // Back to the default.
                #expect(try await client.send(.delete, path, token: admin).status == .noContent)
                #expect(try await client.send(.delete, path, token: admin).status == .notFound)
                let again = try await Self.reset(client, receiver, language: "ja")
                #expect(again["subject"] as? String != "Test App のパスワード")
                #expect((again["html"] as? String)?.contains("パスワードの再設定") == true)
            }
        }
    }

    @Test(arguments: TestStore.enabled) func invalidTemplatesAreRefusedWithThePartAndTheReason(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let (_, admin, _) = try await harness.operatorTokens(client)
            let path = Self.template("verify_email", "en", app: harness.app.id)
            let cases: [([String: String], String, String)] = [
                (["text": "Go: {{link}} {{password}}"], "text", "unknown_variable:password"),
                (["text": "Verify your email."], "text", "missing_variable:link"),
                (["html": "<p>{{appName}}</p>"], "html", "missing_variable:link"),
                (["html": #"<div><a href="{{link}}">go</div>"#], "html", "unbalanced_tag:div"),
                (["html": #"<p><a href="{{link}}">go</a></p><script>alert(1)</script>"#], "html", "forbidden_element:script"),
                (["html": #"<a href="{{link}}" onclick="steal()">go</a>"#], "html", "event_handler"),
                (["html": #"<a href="{{{link}}}">go</a>"#], "html", "unescaped_variable:link"),
                (["text": "{{link}} {{#hours}}"], "text", "syntax"),
                (["text": "{{link}} {{> other}}"], "text", "partial"),
                (["subject": "{{=<% %>=}}"], "subject", "delimiters"),
            ]
            for (body, field, reason) in cases {
                let refused = try await client.send(.put, path, json: body, token: admin)
                #expect(refused.status == .unprocessableContent, "\(body)")
                let error = (refused.value("errors") as? [[String: Any]])?.first
                #expect(refused.fieldCodes == ["invalid_template"], "\(refused.text)")
                #expect(error?["code"] as? String == "invalid_template", "\(body)")
                #expect(error?["field"] as? String == field, "\(body)")
                #expect((error?["reason"] as? String)?.hasPrefix(reason) == true, "\(body): \(error?["reason"] ?? "")")
            }
            let badLanguage = try await client.send(
                .put,
                Self.template("verify_email", "not_a_tag!", app: harness.app.id),
                json: ["text": "{{link}}"],
                token: admin
            )
            #expect(badLanguage.status == .unprocessableContent && badLanguage.fieldCodes == ["invalid_field"])
            #expect(
                try await client.send(.put, Self.template("phone_pin", "en", app: harness.app.id), json: ["text": "x"], token: admin).status
                    == .notFound
            )
            #expect(try await client.send(.put, path, json: ["text": "{{link}}", "body": "x"], token: admin).status == .badRequest)
            #expect(try await client.send(.get, path, token: admin).value("overridden") as? Bool == false)
        }
    }

    @Test(arguments: TestStore.enabled) func anOverrideThatDropsTheLinkFallsBackToTheDefaultAndSaysSo(store: TestStore) async throws {
        try await serving(try await MessageReceiver.start(statuses: [.ok])) { receiver in
            let harness = try await Self.harness(store, receiver)
            try await harness.run { client in
                let (_, admin, viewer) = try await harness.operatorTokens(client)
                _ = try await client.signUp(["email": Self.email, "password": "correct horse battery"])
                let path = Self.template("reset_password", "en", app: harness.app.id)
                // Passes the check (the sample has no support link) but drops the link for this app, which has one.
                let saved = try await client.send(
                    .put,
                    path,
                    json: ["subject": "Custom subject", "text": "{{^supportURL}}{{link}}{{/supportURL}}Nothing to see"],
                    token: admin
                )
                #expect(saved.status == .ok, "\(saved.text)")
                let message = try await Self.reset(client, receiver, language: "en")
                #expect(message["subject"] as? String == "Custom subject")
                let text = try #require(message["body"] as? String)
                #expect(text.contains("token=") && text.contains("choose a new password"))
                let shown = try await client.send(.get, path, token: viewer)
                #expect(shown.string("lastError")?.contains("text: missing link") == true, "\(shown.text)")
                #expect(shown.string("fallbackAt") != nil)
                let listed = try await client.send(.get, "/v1/operator/apps/\(harness.app.id)/email-templates", token: viewer)
                let row = (listed.value("items") as? [[String: Any]])?.first {
                    $0["purpose"] as? String == "reset_password" && $0["language"] as? String == "en"
                }
                #expect(row?["lastError"] as? String != nil && row?["parts"] as? [String] == ["subject", "text"])
            }
        }
    }

    @Test(arguments: TestStore.enabled) func anAddedLanguageReachesTheUsersWhoAskForIt(store: TestStore) async throws {
        try await serving(try await MessageReceiver.start(statuses: [.ok])) { receiver in
            let harness = try await Self.harness(store, receiver)
            try await harness.run { client in
                let (_, admin, viewer) = try await harness.operatorTokens(client)
                _ = try await client.signUp(["email": Self.email, "password": "correct horse battery"])
                let saved = try await client.send(
                    .put,
                    Self.template("reset_password", "DE", app: harness.app.id),
                    json: ["subject": "Passwort für {{appName}} zurücksetzen", "text": "Link: {{{link}}}"],
                    token: admin
                )
                #expect(saved.status == .ok && saved.string("language") == "de", "\(saved.text)")
                let listed = try await client.send(.get, "/v1/operator/apps/\(harness.app.id)/email-templates", token: viewer)
                #expect((listed.value("items") as? [Any])?.count == Self.purposes.count * 4)

                let german = try await Self.reset(client, receiver, language: "de-AT, en;q=0.5")
                #expect(german["subject"] as? String == "Passwort für Test App zurücksetzen")
                #expect((german["body"] as? String)?.hasPrefix("Link: http") == true)
                // The HTML part it does not override is the default's, still carrying the link.
                #expect((german["html"] as? String)?.contains("token=") == true)
                let french = try await Self.reset(client, receiver, language: "fr, en")
                #expect(french["subject"] as? String == "Reset your Test App password")
                let japanese = try await Self.reset(client, receiver, language: "ja, de")
                #expect(
                    (japanese["subject"] as? String)?.contains("Test App") == true && (japanese["html"] as? String)?.contains(#"lang="ja""#) == true
                )
            }
        }
    }

    @Test(arguments: TestStore.enabled) func previewRendersSampleValuesWithTheAppsBrand(store: TestStore) async throws {
        try await serving(try await MessageReceiver.start(statuses: [.ok])) { receiver in
            let harness = try await Self.harness(store, receiver)
            try await harness.run { client in
                let (_, _, viewer) = try await harness.operatorTokens(client)
                let path = Self.template("email_sign_in", "en", app: harness.app.id) + "/preview"
                let given = try await client.send(
                    .post,
                    path,
                    json: ["html": #"<p style="color: {{accentColor}}">{{code}} for {{appName}} &lt;{{child}}&gt;</p>"#],
                    token: viewer
                )
                #expect(given.status == .unprocessableContent && given.fieldCodes == ["invalid_template"])
                let preview = try await client.send(
                    .post,
                    path,
                    json: ["html": #"<p style="color: {{accentColor}}">{{code}} for {{appName}}</p><img src="{{logoURL}}" alt="">"#],
                    token: viewer
                )
                #expect(preview.status == .ok, "\(preview.text)")
                #expect(
                    preview.string("html") == #"<p style="color: #0b6e4f">123456 for Test App</p><img src="https://cdn.example.com/logo.png" alt="">"#
                )
                #expect(preview.string("subject") == "123456 is your Test App sign-in code")
                #expect(preview.string("text")?.contains("https://example.com/v1/auth/action?mode=sample&token=") == true)
                #expect(receiver.requests.isEmpty)
            }
        }
    }

    @Test(arguments: TestStore.enabled) func theConsoleEditsATemplateBesideItsPreview(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let editor = try await harness.makeOperator("adam", role: .admin)
        try await harness.run { client in
            var browser = ConsolePagesTests.Browser()
            try await browser.signIn(client, harness, editor)
            let app = harness.app.id
            let list = try await browser.get(client, "/console/apps/\(app)/email-templates")
            #expect(list.status == .ok && list.text.contains("/console/apps/\(app)/email-templates/reset_password/ja"))
            let path = "/console/apps/\(app)/email-templates/reset_password/en"
            let page = try await browser.get(client, path)
            #expect(page.status == .ok)
            let policy = page.headers[.contentSecurityPolicy] ?? ""
            #expect(policy.contains("script-src 'self'") && policy.contains("frame-src 'self'") && !policy.contains("unsafe"))
            #expect(page.text.contains(#"<iframe name="email-preview""#) && page.text.contains(#"formtarget="email-preview""#))

            let preview = try await browser.post(
                client,
                path + "/preview",
                ["subject": "S", "text": "{{link}}", "html": #"<p>{{appName}} <a href="{{link}}">go</a></p>"#]
            )
            #expect(preview.status == .ok)
            #expect(
                preview.text == #"<p>Test App <a href="https://example.com/v1/auth/action?mode=sample&amp;token=lke_SAMPLE0123456789">go</a></p>"#
            )
            #expect(preview.headers[.contentSecurityPolicy] == EmailTemplateTests.previewPolicy)
            #expect(preview.headers[HTTPField.Name("X-Frame-Options")!] == "SAMEORIGIN")
            #expect(try await browser.post(client, path + "/preview", [:], withToken: false).status == .forbidden)

            let refused = try await browser.post(client, path, ["subject": "S", "text": "no link", "html": "", "action": "save"])
            #expect(
                refused.status == .unprocessableContent && refused.text.contains("missing_variable:link") && refused.text.contains("#template-text")
            )
            let saved = try await browser.post(client, path, ["subject": "Custom", "text": "Go:\r\n{{{link}}}", "html": "", "action": "save"])
            #expect(saved.status == .seeOther)
            let stored = try await harness.backend.admin.emailTemplate(appID: app, purpose: "reset_password", language: "en", by: .commandLine())
            #expect(stored.override == EmailTemplateParts(subject: "Custom", text: "Go:\n{{{link}}}", html: nil))
            let reset = try await browser.post(client, path, ["action": "reset"])
            #expect(reset.status == .seeOther)
            #expect(
                try await harness.backend.admin.emailTemplate(appID: app, purpose: "reset_password", language: "en", by: .commandLine()).overridden
                    == false
            )
        }
    }

    /// The edit page's preview policy: inline styles and https images, nothing else.
    static let previewPolicy =
        "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; form-action 'none'; frame-ancestors 'self'; base-uri 'none'; sandbox"

    @Test func theCommandLineSetsShowsPreviewsAndResetsATemplate() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-templates-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let clientID = try await LatchkeyBinary.createApp("Mailer", in: ["--data-dir", directory]).clientID
        let common = ["--app", clientID, "--purpose", "verify_email", "--language", "pt-br", "--data-dir", directory]
        let textFile = directory + "/text.txt"
        try "Olá! Verifique: {{{link}}}".write(toFile: textFile, atomically: true, encoding: .utf8)
        let broken = directory + "/broken.html"
        try "<p>{{appName}}</p>".write(toFile: broken, atomically: true, encoding: .utf8)

        let refused = try await LatchkeyBinary.run(["email-templates", "set"] + common + ["--html-file", broken])
        #expect(refused.status != 0 && refused.stderr.contains("missing_variable:link"), "\(refused)")
        let set = try await LatchkeyBinary.run(
            ["email-templates", "set"] + common + ["--subject", "Verifique {{appName}}", "--text-file", textFile]
        )
        #expect(set.status == 0 && set.stdout.contains("saved verify_email pt-BR"), "\(set)")
        let shown = try await LatchkeyBinary.run(["email-templates", "show", "--json"] + common)
        let template = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        #expect((template["effective"] as? [String: Any])?["subject"] as? String == "Verifique {{appName}}")
        #expect((template["defaults"] as? [String: Any])?["html"].map { "\($0)" }?.contains(#"<html lang="en">"#) == true)
        let listed = try await LatchkeyBinary.run(["email-templates", "list", "--app", clientID, "--data-dir", directory])
        #expect(listed.stdout.contains("verify_email  pt-BR  overridden (subject, text)"), "\(listed.stdout)")
        let preview = try await LatchkeyBinary.run(["email-templates", "preview"] + common)
        #expect(preview.stdout.contains("Subject: Verifique Mailer") && preview.stdout.contains("Olá! Verifique: https://example.com/"))
        #expect(try await LatchkeyBinary.run(["email-templates", "reset"] + common).status == 0)
        #expect(try await LatchkeyBinary.run(["email-templates", "reset"] + common).status != 0)
    }
}
