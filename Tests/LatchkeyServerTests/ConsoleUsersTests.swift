import Foundation
import HTTPTypes
import Testing

@testable import LatchkeyServer

/// The console's user list over HTTP: 50 users a page with links that keep the filter, each
/// filter and sort, and a value that does not parse shown beside its field, never a failure.
@Suite struct ConsoleUsersTests {
    typealias Browser = ConsolePagesTests.Browser

    /// The users a list page links to, in its order: (id, name).
    static func listed(_ page: TestResponse) -> [(id: String, name: String)] {
        page.text.matches(of: /<a href="\/console\/apps\/[^"\/]+\/users\/([^"]+)">([^<]*)<\/a>/).map { (String($0.1), String($0.2)) }
    }

    /// A link of the page by its element id, its `&amp;` undone.
    static func link(_ id: String, in page: TestResponse) -> String? {
        guard let match = page.text.firstMatch(of: try! Regex(#"href="([^"]+)" id="\#(id)""#)) else { return nil }
        return (match.output[1].substring.map(String.init) ?? "").replacingOccurrences(of: "&amp;", with: "&")
    }

    @Test(arguments: TestStore.enabled) func pagesKeepTheFilterAndTheOrder(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let viewer = try await harness.makeOperator("vera", role: .viewer)
        #expect(try await harness.backend.seedUsers(app: harness.app, total: 120, prefix: "load", passwordHash: "x", by: .commandLine()) == 120)
        try await harness.run { client in
            harness.clock.advance(by: 1)
            _ = try await client.signUpUser("other")
            var browser = Browser()
            try await browser.signIn(client, harness, viewer)
            var page = try await browser.get(client, "/console/users?app=\(harness.app.id)&q=load&sort=name&order=asc")
            #expect(page.status == .ok)
            var names: [String] = []
            var visited = 0
            while true {
                visited += 1
                let shown = Self.listed(page).map(\.name)
                #expect(shown.count == (visited < 3 ? 50 : 20), "page \(visited): \(shown.count)")
                names += shown
                guard let next = Self.link("next-page", in: page) else { break }
                #expect(next.contains("q=load") && next.contains("sort=name") && next.contains("order=asc") && next.contains("page=\(visited + 1)"))
                page = try await browser.get(client, next)
                let previous = try #require(Self.link("previous-page", in: page))
                #expect(previous.contains("q=load") && previous.contains("sort=name"))
            }
            #expect(visited == 3 && names == (0..<120).map { "load" + String(format: "%07d", $0) })

            let descending = try await browser.get(client, "/console/users?app=\(harness.app.id)&q=load&sort=name&order=desc")
            #expect(Self.listed(descending).first?.name == "load0000119" && Self.link("previous-page", in: descending) == nil)
            let everyone = try await browser.get(client, "/console/users?app=\(harness.app.id)")
            #expect(Self.listed(everyone).first?.name == "other", "the newest sign-up comes first")
        }
    }

    @Test(arguments: TestStore.enabled) func eachFilterNarrowsTheList(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.auth.signInMethods = [.username, .email, .anonymous] }
        let admin = try await harness.makeOperator("ada", role: .admin)
        try await harness.run { client in
            _ = try await client.signUpUser("dora")
            _ = try await client.signUpUser("erin")
            harness.clock.advance(by: 2 * 86_400)
            let guest = try #require(try await client.signInAnonymously().string("user.id"))
            #expect(try await KidsConsentTests.signUpChild("kid", client: client).status == .created)
            harness.clock.advance(by: 86_400)
            #expect(try await client.signIn("dora").status == .ok)
            var browser = Browser()
            try await browser.signIn(client, harness, admin)
            let all = Self.listed(try await browser.get(client, "/console/users?app=\(harness.app.id)"))
            let ids = Dictionary(all.map { ($0.name, $0.id) }) { first, _ in first }
            let erin = try #require(ids["erin"])
            #expect(try await browser.post(client, "/console/apps/\(harness.app.id)/users/\(erin)", ["action": "disable"]).status == .seeOther)

            func names(_ query: String) async throws -> [String] {
                let page = try await browser.get(client, "/console/users?app=\(harness.app.id)&\(query)")
                #expect(page.status == .ok, "\(query): \(page.text)")
                return Self.listed(page).map { $0.id == guest ? "guest" : $0.name }
            }
            let newestFirst = try await names("")
            #expect(Set(newestFirst.prefix(2)) == ["guest", "kid"] && Set(newestFirst.suffix(2)) == ["dora", "erin"], "\(newestFirst)")
            #expect(try await names("status=disabled") == ["erin"])
            #expect(Set(try await names("status=active")) == ["dora", "kid", "guest"])
            #expect(try await names("method=guest") == ["guest"])
            #expect(Set(try await names("method=password")) == ["dora", "erin", "kid"])
            #expect(try await names("method=phone").isEmpty)
            #expect(try await names("consent=pending") == ["kid"])
            #expect(Set(try await names("created_from=2027-01-17")) == ["kid", "guest"])
            #expect(Set(try await names("created_to=2027-01-16")) == ["dora", "erin"])
            #expect(try await names("signed_in_from=2027-01-18") == ["dora"])
            #expect(Set(try await names("signed_in_to=2027-01-15")) == ["erin"])
            #expect(try await names("q=dor&status=active") == ["dora"])
            #expect(try await names("q=dora&status=disabled").isEmpty)
            #expect(try await names("sort=last_sign_in").first == "dora")
            #expect(try await names("sort=name&order=asc&method=password") == ["dora", "erin", "kid"])
            #expect(try await names("sort=created&order=asc&method=password").last == "kid")

            let none = try await browser.get(client, "/console/users?app=\(harness.app.id)&q=nobody")
            #expect(none.text.contains(#"id="no-users""#))
            let chosen = try await browser.get(client, "/console/users?app=\(harness.app.id)&status=disabled&method=password&consent=pending")
            #expect(chosen.text.contains(#"<option value="disabled" selected>"#) && chosen.text.contains(#"<option value="password" selected>"#))
            #expect(chosen.text.contains(#"value="pending" checked"#))

            let audit = try await browser.get(client, "/console/audit?action=users.search")
            #expect(audit.text.contains("<code>\(harness.app.id) dor</code>"))
        }
    }

    /// Values that do not parse show the form again, each error linked to its field, the value
    /// as typed still there; never a failure, in any language.
    @Test(arguments: TestStore.enabled) func badFilterValuesAreShownBesideTheirFields(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let viewer = try await harness.makeOperator("vera", role: .viewer)
        try await harness.run { client in
            _ = try await client.signUpUser("dora")
            var browser = Browser()
            try await browser.signIn(client, harness, viewer)
            for language in ["en", "ja", "zh-Hans"] {
                browser.language = language
                let page = try await browser.get(
                    client,
                    "/console/users?app=\(harness.app.id)&status=gone&method=carrier+pigeon&consent=yes&created_from=2027-13-45&signed_in_to=soon&sort=age&order=up&page=0"
                )
                #expect(page.status == .unprocessableContent, "\(language)")
                for field in ["status", "method", "consent", "created_from", "signed_in_to", "sort", "order"] {
                    #expect(page.text.contains(##"href="#\##(field)""##), "\(field) in \(language)")
                }
                #expect(page.text.contains(#"value="2027-13-45""#) && Self.listed(page).isEmpty && !page.text.contains("page.console"))
                let far = try await browser.get(client, "/console/users?app=\(harness.app.id)&page=1001")
                #expect(far.status == .unprocessableContent && far.text.contains(##"href="#page""##))
                let word = try await browser.get(client, "/console/users?app=\(harness.app.id)&page=two")
                #expect(word.status == .unprocessableContent)
            }
            let unknown = try await browser.get(client, "/console/users?app=nope")
            #expect(unknown.status == .notFound)
        }
    }

    /// The user page's sections show what is stored, each with its empty state; its actions end
    /// one session, send the verification link again and export, each audited on the user's
    /// trail; a viewer sees the page without them and is refused them.
    @Test(arguments: TestStore.enabled) func theUserPageShowsEverySectionAndAuditsItsActions(store: TestStore) async throws {
        // Taken emails said so: the sign-up signs in before the email is verified.
        let harness = try await TestHarness.make(store: store) { $0.auth.revealTakenEmails = true }
        let admin = try await harness.makeOperator("ada", role: .admin)
        let viewer = try await harness.makeOperator("vera", role: .viewer)
        try await harness.run { client in
            let signedUp = try await client.signUp(["username": "dora", "email": "dora@example.com", "password": "correct horse battery"])
            let first = try #require(signedUp.string("session.accessToken"))
            let userID = try #require(signedUp.string("user.id"))
            let second = try #require(try await client.signIn("dora").string("session.accessToken"))
            #expect(try await client.send(.put, "/v1/me/appdata/settings", raw: Data("{}".utf8), token: first).status.code < 300)
            let device = try await client.send(
                .post,
                "/v1/me/devices",
                json: ["token": PushDeviceTests.apnsToken, "platform": "ios", "appVersion": "2.1"],
                token: first
            )
            #expect(device.status == .created)
            #expect(try await client.signUpChild("kid").access.isEmpty == false)
            let path = "/console/apps/\(harness.app.id)/users/\(userID)"

            var browser = Browser()
            try await browser.signIn(client, harness, admin)
            let page = try await browser.get(client, path)
            #expect(page.status == .ok)
            #expect(page.text.contains(#"id="no-passkeys""#) && page.text.contains(#"id="no-consent""#) && page.text.contains(#"id="totp-state""#))
            #expect(page.text.contains("<code>settings</code>") && page.text.contains("<code>\(PushDeviceTests.apnsToken.prefix(12))…</code>"))
            #expect(page.text.contains(#"id="resend-verification""#) && page.text.contains("\(path)/export"))
            #expect(page.text.contains(#"<td>user.read</td>"#) && page.text.contains("/console/audit?target=\(userID)"))
            let live = page.text.matches(of: /id="end-session-([^"]+)"/).map { String($0.1) }
            #expect(live.count == 2)

            let ended = try await browser.post(client, path, ["action": "end_session", "session": try #require(live.first)])
            #expect(ended.status == .seeOther)
            let statuses = [
                try await client.send(.get, "/v1/me", token: first).status, try await client.send(.get, "/v1/me", token: second).status,
            ]
            #expect(statuses.filter { $0 == .unauthorized }.count == 1 && statuses.filter { $0 == .ok }.count == 1, "\(statuses)")
            #expect(try await browser.get(client, path).text.matches(of: /id="end-session-/).count == 1)
            #expect(try await browser.post(client, path, ["action": "end_session", "session": "not-theirs"]).status == .notFound)
            #expect(try await browser.post(client, path, ["action": "remove_passkey", "passkey": "not-theirs"]).status == .notFound)

            var resent: HTTPResponse.Status?
            let message = try await harness.message(to: "dora@example.com") {
                resent = try await browser.post(client, path, ["action": "resend_verification"]).status
            }
            #expect(resent == .seeOther)
            #expect((try? TestHarness.linkToken(in: message)) != nil)

            let export = try await browser.get(client, "\(path)/export")
            #expect(export.status == .ok && export.headers[.contentDisposition]?.contains("attachment") == true)
            #expect(export.string("user.id") == userID && export.value("sessions") as? [Any] != nil)

            let trail = try await browser.get(client, "/console/audit?target=\(userID)")
            for action in ["user.end_session", "user.resend_verification", "user.export", "user.read"] {
                #expect(trail.text.contains("<td>\(action)</td>"), "\(action)")
            }

            let kids = Self.listed(try await browser.get(client, "/console/users?app=\(harness.app.id)&consent=pending"))
            let kid = try await browser.get(client, "/console/apps/\(harness.app.id)/users/\(try #require(kids.first?.id))")
            #expect(kid.text.contains(#"<dd id="consent-status">awaiting the parent</dd>"#) && kid.text.contains(#"id="consent-history""#))
            #expect(!kid.text.contains(#"id="resend-verification""#))

            var vera = Browser()
            try await vera.signIn(client, harness, viewer)
            let seen = try await vera.get(client, path)
            #expect(seen.status == .ok && !seen.text.contains("end-session-") && !seen.text.contains("\(path)/export"))
            #expect(try await vera.post(client, path, ["action": "end_session", "session": live[1]]).status == .forbidden)
            #expect(try await vera.get(client, "\(path)/export").status == .forbidden)
        }
    }
}
