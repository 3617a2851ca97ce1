import Crypto
import Foundation
import HTTPTypes
import LatchkeyWire
import Testing

@testable import LatchkeyServer

/// What the audit log keeps of a change (before → after, never a secret), its filters on the
/// admin API and the console, the console's CSV export, and the console pages that go with it:
/// an operator's own sessions, the roles explained, the authenticator's QR code.
@Suite struct AuditLogTests {
    typealias Browser = ConsolePagesTests.Browser

    @Test(arguments: TestStore.enabled) func changesAreKeptBeforeAndAfterWithSecretsRedacted(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let (owner, admin, viewer) = try await harness.operatorTokens(client)
            let path = "/v1/operator/apps/\(harness.app.id)"
            let updated = try await client.send(.patch, path, json: ["name": "Renamed", "settings": ["session-ttl": 7200]], token: admin)
            #expect(updated.status == .ok)
            harness.clock.advance(by: 1)
            let provider: [String: Any] = ["kind": "facebook", "clientIDs": ["1234"], "clientSecret": "facebook-app-secret"]
            #expect(try await client.send(.put, "\(path)/providers/facebook", json: provider, token: admin).status == .ok)
            harness.clock.advance(by: 1)
            let replaced: [String: Any] = ["kind": "facebook", "clientIDs": ["5678"], "clientSecret": "another-app-secret"]
            #expect(try await client.send(.put, "\(path)/providers/facebook", json: replaced, token: admin).status == .ok)
            harness.clock.advance(by: 1)
            let rotated = try await client.send(.post, "\(path)/secret", token: admin)
            let clientSecret = try #require(rotated.string("clientSecret"))

            let log = try await client.send(.get, "/v1/operator/audit?app=\(harness.app.id)&action=app", token: viewer)
            #expect(log.status == .ok)
            let entries = try #require(log.value("items") as? [[String: Any]])
            #expect(entries.map { $0["action"] as? String } == ["app.rotate_secret", "app.provider.set", "app.provider.set", "app.update"])
            #expect(entries.allSatisfy { $0["appID"] as? String == harness.app.id })
            func changes(_ index: Int) -> [String: [String?]] {
                let list = entries[index]["changes"] as? [[String: Any]] ?? []
                return Dictionary(
                    uniqueKeysWithValues: list.map { ($0["field"] as? String ?? "", [$0["before"] as? String, $0["after"] as? String]) }
                )
            }
            let update = changes(3)
            #expect(update["session-ttl"] == ["86400", "7200"])
            #expect(update["name"] == [harness.app.name, "Renamed"])
            #expect(update.count == 2, "only what changed: \(update)")
            #expect(changes(2)["provider.facebook.clientSecret"] == [nil, "changed"])
            #expect(changes(2)["provider.facebook.kind"] == [nil, "facebook"])
            #expect(changes(1)["provider.facebook.clientSecret"] == ["[redacted]", "changed"])
            #expect(changes(1)["provider.facebook.clientIDs"] == [#"["1234"]"#, #"["5678"]"#])
            #expect(changes(0)["client-secret"] == ["[redacted]", "changed"])
            for secret in ["facebook-app-secret", "another-app-secret", clientSecret] {
                #expect(!log.text.contains(secret))
            }

            // The filters: by actor, by day, and none (every entry, as before the filters).
            let byOwner = try await client.send(.get, "/v1/operator/audit?operator=olivia", token: viewer)
            let ownerActions = (byOwner.value("items") as? [[String: Any]] ?? []).map { $0["actor"] as? String }
            #expect(ownerActions == ["olivia"], "only olivia's sign-in: \(ownerActions)")
            let day = String(try #require(entries.first?["at"] as? String).prefix(10))
            let today = try await client.send(.get, "/v1/operator/audit?action=app.update&from=\(day)&to=\(day)", token: viewer)
            #expect((today.value("items") as? [Any])?.count == 1)
            let tomorrow = ISO8601DateFormatter().string(from: harness.clock.now().addingTimeInterval(86_400)).prefix(10)
            let later = try await client.send(.get, "/v1/operator/audit?from=\(tomorrow)", token: viewer)
            #expect((later.value("items") as? [Any])?.count == 0)
            let bad = try await client.send(.get, "/v1/operator/audit?from=yesterday", token: viewer)
            #expect(bad.status == .unprocessableContent && (bad.value("errors") as? [[String: Any]])?.first?["field"] as? String == "from")
            let all = try await client.send(.get, "/v1/operator/audit", token: owner)
            #expect((all.value("items") as? [Any])?.count ?? 0 >= 7)
        }
    }

    @Test(arguments: TestStore.enabled) func theConsoleShowsFiltersAndExportsTheLog(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let owner = try await harness.makeOperator("olivia", role: .owner)
        try await harness.run { client in
            let admin = try await harness.operatorToken(client, try await harness.makeOperator("adam", role: .admin))
            let formula = #"=HYPERLINK("http://evil.example","x"), really"#
            let path = "/v1/operator/apps/\(harness.app.id)"
            #expect(try await client.send(.patch, path, json: ["settings": ["session-ttl": 7200]], token: admin).status == .ok)
            harness.clock.advance(by: 1)
            #expect(try await client.send(.patch, path, json: ["name": formula], token: admin).status == .ok)
            var browser = Browser()
            try await browser.signIn(client, harness, owner)

            let page = try await browser.get(client, "/console/audit?action=app.update&app=\(harness.app.id)")
            #expect(page.status == .ok)
            #expect(page.text.contains("<code>session-ttl</code>: <del>86400</del> → <ins>7200</ins>"), "\(page.text)")
            #expect(page.text.contains(#"value="app.update""#))
            #expect(page.text.contains("<td>app.update</td>") && !page.text.contains("<td>operator.sign_in</td>"))
            #expect(page.text.contains("/console/audit.csv?app=\(harness.app.id)&amp;action=app.update"))
            // The actor and the app by name.
            #expect(page.text.contains("<td>adam</td>") && page.text.contains("HYPERLINK(&quot;http://evil.example"))
            let signIns = try await browser.get(client, "/console/audit?action=operator.sign_in")
            #expect(signIns.text.contains("<td>operator.sign_in</td>") && !signIns.text.contains("<td>app.update</td>"))

            let csv = try await browser.get(client, "/console/audit.csv?action=app.update")
            #expect(csv.status == .ok && csv.headers[.contentType] == "text/csv; charset=utf-8")
            #expect(csv.headers[.contentDisposition]?.hasPrefix("attachment") == true)
            let lines = csv.text.components(separatedBy: "\r\n")
            #expect(lines.first == "id,at,actor,operator_id,action,app_id,app,target,target_name,source,changes")
            #expect(lines.count == 4 && lines[3].isEmpty, "a header, two rows and the last line's end: \(lines)")
            // The formula is text (a leading quote) inside a quoted cell, its quotes doubled.
            #expect(lines[1].contains(#","'=HYPERLINK(""http://evil.example"",""x""), really","#), "\(lines[1])")
            #expect(lines[2].contains(",session-ttl: 86400 → 7200"), "\(lines[2])")
            #expect(!csv.text.contains(",=HYPERLINK"))
            let empty = try await browser.get(client, "/console/audit.csv?action=nothing.like.this")
            #expect(empty.text.components(separatedBy: "\r\n").count == 2)
            let refused = try await browser.get(client, "/console/audit?to=31/12/2026")
            #expect(refused.status == .unprocessableContent)
        }
    }

    @Test(arguments: TestStore.enabled) func theLogPagesThroughOlderEntries(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let owner = try await harness.makeOperator("olivia", role: .owner)
        try await harness.run { client in
            let admin = try await harness.operatorToken(client, try await harness.makeOperator("adam", role: .admin))
            for ttl in 0..<55 {
                let change = try await client.send(
                    .patch,
                    "/v1/operator/apps/\(harness.app.id)",
                    json: ["settings": ["session-ttl": 3600 + ttl]],
                    token: admin
                )
                #expect(change.status == .ok)
                harness.clock.advance(by: 1)
            }
            var browser = Browser()
            try await browser.signIn(client, harness, owner)
            let first = try await browser.get(client, "/console/audit?action=app.update")
            #expect(first.text.matches(of: /<tr id="entry-/).count == 50)
            let older = try #require(first.text.firstMatch(of: /<a href="([^"]+)" id="older-entries">/)?.output.1)
            let second = try await browser.get(client, String(older).replacingOccurrences(of: "&amp;", with: "&"))
            #expect(second.text.matches(of: /<tr id="entry-/).count == 5)
            #expect(second.text.contains("<ins>3600</ins>") && !second.text.contains(#"id="older-entries""#))
            #expect(second.text.contains(#"id="newest-entries""#))
        }
    }

    @Test(arguments: TestStore.enabled) func anOperatorSeesAndEndsTheirOwnSessions(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let owner = try await harness.makeOperator("olivia", role: .owner)
        try await harness.run { client in
            var laptop = Browser()
            try await laptop.signIn(client, harness, owner)
            var phone = Browser()
            try await phone.signIn(client, harness, owner)
            let listed = try await laptop.get(client, "/console/sessions")
            let ids = listed.text.matches(of: /<tr id="session-([^"]+)"/).map { String($0.output.1) }
            #expect(ids.count == 2 && listed.text.matches(of: /\(this browser\)/).count == 1)
            let current = /<tr id="session-([^"]+)"><td>[^<]+ <strong>/
            let laptopCurrent = try #require(listed.text.firstMatch(of: current).map { String($0.output.1) })
            let phoneList = try await phone.get(client, "/console/sessions")
            let phoneCurrent = try #require(phoneList.text.firstMatch(of: current).map { String($0.output.1) })
            #expect(Set(ids) == [laptopCurrent, phoneCurrent])
            let ended = try await laptop.post(client, "/console/sessions/\(phoneCurrent)/end", [:])
            #expect(ended.status == .seeOther && ended.headers[.location] == "/console/sessions")
            let away = try await phone.get(client, "/console")
            #expect(away.status == .seeOther && away.headers[.location] == "/console/sign-in")
            #expect(try await laptop.get(client, "/console").status == .ok)
            // Another operator's session, or one already ended, is not found.
            #expect(try await laptop.post(client, "/console/sessions/\(phoneCurrent)/end", [:]).status == .notFound)
            let audit = try await laptop.get(client, "/console/audit?action=operator.sign_out")
            #expect(audit.text.contains(phoneCurrent))
            // Ending this browser's own session signs it out.
            _ = try await laptop.get(client, "/console/sessions")
            let out = try await laptop.post(client, "/console/sessions/\(laptopCurrent)/end", [:])
            #expect(out.headers[.location] == "/console/sign-in")
            #expect(try await laptop.get(client, "/console").headers[.location] == "/console/sign-in")
        }
    }

    @Test(arguments: TestStore.enabled) func enrolmentShowsAQRCodeAndTheOperatorsPageExplainsRoles(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let owner = try await harness.makeOperator("olivia", role: .owner)
        let created = try await harness.backend.operators.create(username: "nina", role: .admin)
        try await harness.run { client in
            for (language, label) in [("en", "QR code of the key"), ("ja", "QRコード")] {
                var browser = Browser(language: language)
                _ = try await browser.get(client, "/console/sign-in")
                _ = try await browser.post(client, "/console/sign-in", ["username": "nina", "password": created.password])
                let totp = try await browser.get(client, "/console/totp")
                #expect(totp.text.contains(#"<figure class="qr-code" id="qr-code"><svg"#), "\(language)")
                #expect(totp.text.firstMatch(of: /role="img" aria-label="([^"]+)"/)?.output.1.contains(label) == true, "\(language)")
                #expect(totp.text.contains(#"id="totp-secret""#))
            }
            var browser = Browser()
            try await browser.signIn(client, harness, owner)
            let page = try await browser.get(client, "/console/operators")
            #expect(page.text.contains("What each role may do") && page.text.contains("<dt>viewer</dt><dd>Look only"))
            #expect(page.text.contains("<td>nina</td><td>admin</td>"))
        }
    }

    /// Operator actions outside the admin API (the command line's push credentials and key
    /// rotation) check the actor's role and leave an audit row with the actor, never the key.
    @Test(arguments: TestStore.enabled) func pushCredentialsAndKeyRotationAreAudited(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let cli = AdminActor.commandLine()
        let key = P256.Signing.PrivateKey().pemRepresentation
        let apns = try APNsCredentials(privateKey: key, keyID: "ABCDEFGHIJ", teamID: "TEAM123456", topic: "com.example.app")
        try await harness.backend.setAPNsCredentials(apns, app: harness.app, by: cli)
        harness.clock.advance(by: 1)
        #expect(try await harness.backend.removePushCredentials(.apns, app: harness.app, by: cli))
        harness.clock.advance(by: 1)
        #expect(try await harness.backend.removePushCredentials(.apns, app: harness.app, by: cli) == false)
        let kid = try await harness.backend.rotateSigningKey(by: cli)
        let viewer = AdminActor(name: "vera", operatorID: nil, role: .viewer, source: "127.0.0.1")
        await #expect(throws: APIError.self) { try await harness.backend.rotateSigningKey(by: viewer) }
        await #expect(throws: APIError.self) { try await harness.backend.setAPNsCredentials(apns, app: harness.app, by: viewer) }
        try await harness.run { client in
            let (owner, _, _) = try await harness.operatorTokens(client)
            let log = try await client.send(.get, "/v1/operator/audit?action=push", token: owner)
            let entries = try #require(log.value("items") as? [[String: Any]])
            #expect(entries.map { $0["action"] as? String } == ["push.credentials.remove", "push.credentials.set"])
            #expect(entries.allSatisfy { $0["actor"] as? String == cli.name && $0["appID"] as? String == harness.app.id })
            let changes = try #require(entries.last?["changes"] as? [[String: Any]])
            #expect(changes.contains { $0["field"] as? String == "apns.key" && $0["before"] as? String == "[redacted]" })
            #expect(changes.contains { $0["field"] as? String == "apns.topic" && $0["after"] as? String == "com.example.app" })
            #expect(!log.text.contains("PRIVATE KEY"))
            let rotations = try await client.send(.get, "/v1/operator/audit?action=keys.rotate", token: owner)
            #expect((rotations.value("items") as? [[String: Any]])?.map { $0["target"] as? String } == [kid])
        }
    }
}
