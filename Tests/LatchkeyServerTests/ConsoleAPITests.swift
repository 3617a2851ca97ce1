import Foundation
import HTTPTypes
import LatchkeyTestSupport
import SQLKit
import Testing

@testable import LatchkeyServer

/// The admin HTTP API: roles, typed problems, secret redaction, and an audit row for every
/// operator action — from the API and from the `latchkey` command, which share one service.
@Suite struct ConsoleAPITests {
    @Test(arguments: TestStore.enabled) func rolesDecideWhatEachOperatorMayDo(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let (owner, admin, viewer) = try await harness.operatorTokens(client)
            #expect(try await client.send(.get, "/v1/operator/apps").status == .unauthorized)
            #expect(try await client.send(.get, "/v1/operator/apps", token: "lko_not-a-session").status == .unauthorized)
            // A user's access token is no operator's.
            let user = try await client.signUpUser("ursula")
            #expect(try await client.send(.get, "/v1/operator/apps", token: user.access).status == .unauthorized)

            let listed = try await client.send(.get, "/v1/operator/apps", token: viewer)
            #expect(listed.status == .ok && (listed.value("items") as? [Any])?.count == 1)
            for token in [viewer] {
                let refused = try await client.send(.post, "/v1/operator/apps", json: ["name": "Nope"], token: token)
                #expect(refused.status == .forbidden && refused.string("code") == "forbidden")
                #expect(refused.headers[.contentType]?.hasPrefix("application/problem+json") == true)
            }
            #expect(try await client.send(.post, "/v1/operator/apps", json: ["name": "Yes"], token: admin).status == .created)
            #expect(try await client.send(.get, "/v1/operator/operators", token: admin).status == .forbidden)
            #expect(try await client.send(.get, "/v1/operator/operators", token: owner).status == .ok)
            #expect(try await client.send(.get, "/v1/operator/audit", token: viewer).status == .ok)
            #expect(try await client.send(.get, "/v1/operator/figures", token: viewer).value("activeSessions") as? Int == 1)
            let created = try await client.send(.post, "/v1/operator/operators", json: ["username": "newbie", "role": "viewer"], token: owner)
            #expect(created.status == .created && (created.string("password")?.count ?? 0) >= 32)
            let taken = try await client.send(.post, "/v1/operator/operators", json: ["username": "NEWBIE", "role": "viewer"], token: owner)
            #expect(taken.status == .conflict && taken.fieldCodes == ["duplicate_username"])
        }
    }

    @Test(arguments: TestStore.enabled) func everyActionLeavesAnAuditRow(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let (owner, admin, _) = try await harness.operatorTokens(client)
            let user = try await client.signUpUser("dora")
            let userID = try #require(try await client.send(.get, "/v1/me", token: user.access).string("id"))
            let appID = harness.app.id
            let created = try await client.send(.post, "/v1/operator/apps", json: ["name": "Audited"], token: admin)
            let newApp = try #require(created.string("app.id"))
            #expect(
                try await client.send(.patch, "/v1/operator/apps/\(newApp)", json: ["settings": ["session-ttl": 7200]], token: admin).status == .ok
            )
            #expect(try await client.send(.post, "/v1/operator/apps/\(newApp)/secret", token: admin).status == .ok)
            let rules = #"{"rules": {".read": false, ".write": false}}"#
            #expect(try await client.send(.put, "/v1/operator/apps/\(newApp)/rules", json: ["rules": rules], token: admin).status == .ok)
            let user2 = "/v1/operator/apps/\(appID)/users/\(userID)"
            #expect(try await client.send(.patch, user2, json: ["disabled": true], token: admin).value("disabled") as? Bool == true)
            #expect(try await client.send(.get, "/v1/me", token: user.access).status == .unauthorized)
            #expect(try await client.send(.patch, user2, json: ["disabled": false], token: admin).status == .ok)
            #expect(try await client.send(.delete, "\(user2)/sessions", token: admin).status == .noContent)
            #expect(try await client.send(.delete, user2, token: admin).status == .noContent)
            let vic = try await client.send(.post, "/v1/operator/operators", json: ["username": "vic", "role": "viewer"], token: owner)
            let vicID = try #require(vic.string("operator.id"))
            #expect(try await client.send(.patch, "/v1/operator/operators/\(vicID)", json: ["disabled": true], token: owner).status == .ok)
            #expect(try await client.send(.delete, "/v1/operator/operators/\(vicID)/totp", token: owner).status == .ok)

            let log = try await client.send(.get, "/v1/operator/audit?limit=200", token: owner)
            let entries = try #require(log.value("items") as? [[String: Any]])
            let actions = entries.map { "\($0["actor"] as? String ?? "") \($0["action"] as? String ?? "") \($0["target"] as? String ?? "")" }
            for expected in [
                "adam app.create \(newApp)", "adam app.update \(newApp)", "adam app.rotate_secret \(newApp)", "adam app.rules.set \(newApp)",
                "adam user.disable \(userID)", "adam user.enable \(userID)", "adam user.revoke_sessions \(userID)", "adam user.delete \(userID)",
                "olivia operator.create \(vicID)", "olivia operator.disable \(vicID)", "olivia operator.reset_totp \(vicID)",
                "adam operator.sign_in \(try #require(entries.first { $0["actor"] as? String == "adam" }?["operatorID"] as? String))",
            ] {
                #expect(actions.contains(expected), "no audit row \(expected) in \(actions)")
            }
            // Newest first, each with when and from where.
            let times = entries.compactMap { $0["at"] as? String }
            #expect(times == times.sorted(by: >))
            #expect(entries.allSatisfy { ($0["at"] as? String) != nil && ($0["source"] as? String)?.isEmpty == false })
            // Reading changes nothing, so it leaves no row.
            #expect(!actions.contains { $0.contains("app.list") })
        }
    }

    @Test(arguments: TestStore.enabled) func settingsAreValidatedAndProviderSecretsRedacted(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let (_, admin, viewer) = try await harness.operatorTokens(client)
            let path = "/v1/operator/apps/\(harness.app.clientID)"
            let shown = try await client.send(.get, path, token: viewer)
            #expect(shown.string("clientId") == harness.app.clientID && shown.value("settings.sessionTTL") as? Int == 86_400)

            let lists = try await client.send(
                .patch,
                path,
                json: [
                    "settings": [
                        "cors-origin": ["https://a.example", "https://b.example"], "redirect-uri": ["com.example.app:/cb"], "password-grant": true,
                    ]
                ],
                token: admin
            )
            #expect(lists.value("settings.corsOrigins") as? [String] == ["https://a.example", "https://b.example"])
            #expect(lists.value("settings.redirectURIs") as? [String] == ["com.example.app:/cb"])
            #expect(lists.value("settings.passwordGrantEnabled") as? Bool == true)

            let tooLong = try await client.send(.patch, path, json: ["settings": ["access-token-ttl": 90_000]], token: admin)
            #expect(tooLong.status == .unprocessableContent && tooLong.headers[.contentType]?.hasPrefix("application/problem+json") == true)
            #expect(tooLong.fieldCodes == ["invalid_field"])
            #expect((tooLong.value("errors") as? [[String: Any]])?.first?["field"] as? String == "accessTokenTTL")
            let unknown = try await client.send(.patch, path, json: ["settings": ["session-tll": 60]], token: admin)
            #expect(unknown.status == .unprocessableContent && unknown.fieldCodes == ["invalid_field"])
            let malformed = try await client.send(.patch, path, json: ["colour": "red"], token: admin)
            #expect(malformed.status == .badRequest && malformed.string("code") == "unknown_field")
            #expect(try await client.send(.get, "/v1/operator/apps/nope", token: viewer).string("code") == "not_found")
            let badRules = try await client.send(.put, "\(path)/rules", json: ["rules": "{\"rules\": {\".read\": auth}}"], token: admin)
            #expect(badRules.status == .unprocessableContent)
            #expect(((badRules.value("errors") as? [[String: Any]])?.first?["reason"] as? String)?.hasPrefix("Line 1") == true)

            let provider: [String: Any] = ["kind": "facebook", "clientIDs": ["1234"], "clientSecret": "facebook-app-secret"]
            let set = try await client.send(.put, "\(path)/providers/facebook", json: provider, token: admin)
            #expect(set.status == .ok && set.value("settings.providers.facebook.clientSecret") as? String == "(set)")
            let read = try await client.send(.get, path, token: viewer)
            #expect(read.value("settings.providers.facebook.clientSecret") as? String == "(set)")
            #expect(!read.text.contains("facebook-app-secret"))
            let listed = try await client.send(.get, "/v1/operator/apps", token: viewer)
            #expect(!listed.text.contains("facebook-app-secret"))
            // The server still holds the secret itself.
            #expect(
                try await harness.backend.apps.find(harness.app.id)?.settings.signInProviders.providers["facebook"]?.clientSecret
                    == "facebook-app-secret"
            )
            #expect(try await client.send(.delete, "\(path)/providers/facebook", token: admin).status == .ok)
            #expect(try await client.send(.delete, "\(path)/providers/facebook", token: admin).status == .notFound)

            let rotated = try await client.send(.post, "\(path)/secret", token: admin)
            let secret = try #require(rotated.string("clientSecret"))
            let token = try await client.send(
                .post,
                "/oauth/token",
                form: ["grant_type": "client_credentials", "client_id": harness.app.clientID, "client_secret": secret]
            )
            #expect(token.string("access_token") != nil)
            let old = try await client.send(
                .post,
                "/oauth/token",
                form: ["grant_type": "client_credentials", "client_id": harness.app.clientID, "client_secret": harness.clientSecret]
            )
            #expect(old.status == .unauthorized)
        }
    }

    @Test(arguments: TestStore.enabled) func usersAreFoundByUsernameEmailPhoneOrIdWithTheirHistory(store: TestStore) async throws {
        // An email sign-up signs in at once when the app says whether an email is taken.
        let harness = try await TestHarness.make(store: store) { $0.auth.revealTakenEmails = true }
        try await harness.run { client in
            let (_, _, viewer) = try await harness.operatorTokens(client)
            _ = try await client.signUp(["username": "carol", "email": "carol@example.com", "password": "correct horse battery"])
            _ = try await client.signUpUser("caroline")
            _ = try await client.signIn("carol", headers: [.userAgent: "CarolPhone/1.0"])
            let base = "/v1/operator/apps/\(harness.app.id)/users"
            func found(_ query: String) async throws -> [String] {
                let answer = try await client.send(.get, "\(base)?q=\(query)", token: viewer)
                return ((answer.value("items") as? [[String: Any]]) ?? []).compactMap { ($0["user"] as? [String: Any])?["username"] as? String }
            }
            #expect(try await found("carol") == ["carol", "caroline"])
            #expect(try await found("CAROL%40example.com") == ["carol"])
            #expect(try await found("nobody").isEmpty)
            #expect(try await found("c%25").isEmpty)
            let id = try #require(
                (try await client.send(.get, "\(base)?q=carol%40example.com", token: viewer).value("items") as? [[String: Any]])?.first
                    .flatMap { ($0["user"] as? [String: Any])?["id"] as? String }
            )
            #expect(try await found(id) == ["carol"])
            let detail = try await client.send(.get, "\(base)/\(id)", token: viewer)
            let sessions = try #require(detail.value("sessions") as? [[String: Any]])
            #expect(sessions.count == 2 && sessions.contains { $0["userAgent"] as? String == "CarolPhone/1.0" })
            #expect((detail.value("user.identities") as? [Any])?.isEmpty == false)
            #expect(try await client.send(.get, "\(base)/\(id)", token: viewer).status == .ok)
            #expect(try await client.send(.get, "/v1/operator/apps/\(harness.app.id)/users?limit=0", token: viewer).status == .unprocessableContent)
        }
    }

    /// A dead letter goes out again (`latchkey outbox retry`), with the same PIN, which then signs
    /// in; once that PIN has expired, sending it again is refused.
    @Test(arguments: TestStore.enabled) func aDeadMessageIsRetriedWhileItsPINLives(store: TestStore) async throws {
        let phone = PhoneSignInTests.phone
        try await serving(try await MessageReceiver.start(statuses: [.unprocessableContent, .ok, .unprocessableContent])) { receiver in
            let harness = try await TestHarness.make(store: store) { _ in
            } configureServer: {
                $0.delivery.smsSender = .webhook
                $0.delivery.webhookURL = receiver.url + "/hook"
                $0.delivery.webhookSecret = "webhook-test-secret"
            }
            try await harness.run { client in
                let (_, admin, viewer) = try await harness.operatorTokens(client)
                let requestID = try #require(try await client.startPhone(phone).string("requestId"))
                try await eventually { try await harness.latestMessage(to: phone).status == .dead }
                let id = try await harness.latestMessage(to: phone).message.id
                let dead = try await client.send(.get, "/v1/operator/outbox?status=dead", token: viewer)
                #expect((dead.value("items") as? [[String: Any]])?.count == 1)
                #expect(try await client.send(.post, "/v1/operator/outbox/\(id)/retry", token: viewer).status == .forbidden)
                let storeArguments = ["--data-dir", harness.directory.path] + (harness.databaseURL.map { ["--database", $0] } ?? [])
                let retried = try await LatchkeyBinary.run(["outbox", "retry", id] + storeArguments)
                #expect(retried.status == 0 && retried.stdout.contains("queued \(id) again"), "\(retried.stderr)")
                #expect(try await client.send(.post, "/v1/operator/outbox/\(id)/retry", token: admin).status == .notFound)
                let notDead = try await LatchkeyBinary.run(["outbox", "retry", id] + storeArguments)
                #expect(notDead.status != 0 && notDead.stderr.contains("not_found"), "\(notDead.stderr)")
                try await eventually { try await harness.latestMessage(to: phone).status == .sent }
                let pins = receiver.requests.map(\.pin)
                #expect(pins.count == 2 && pins[0] != nil && pins[0] == pins[1], "\(pins)")
                #expect(try await client.verifyPhone(requestID, pin: pins[0] ?? "").status == .created)

                _ = try await client.startPhone(phone)
                try await eventually { try await harness.latestMessage(to: phone).status == .dead }
                let expired = try await harness.latestMessage(to: phone).message.id
                harness.clock.advance(by: 601)
                let refused = try await client.send(.post, "/v1/operator/outbox/\(expired)/retry", token: admin)
                #expect(refused.status == .conflict && refused.string("code") == "message_expired")
                #expect(receiver.requests.count == 3)
                #expect(try await client.send(.get, "/v1/operator/outbox?status=lost", token: viewer).status == .unprocessableContent)
            }
        }
    }

    /// The login name of the user this test runs as (the CLI it starts runs as the same).
    private static var systemUser: String {
        guard let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name else { return "uid:\(geteuid())" }
        return String(cString: name)
    }

    /// This machine's host name.
    private static var hostName: String {
        var buffer = [CChar](repeating: 0, count: 256)
        _ = gethostname(&buffer, 255)
        return String(cString: buffer)
    }

    /// A failed operator sign-in — a wrong password, an unknown name, a wrong code, through the
    /// API or the console's pages — leaves an audit row with the name given, the step and the
    /// address, never the password or code tried.
    @Test(arguments: TestStore.enabled) func failedOperatorSignInsAreAudited(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let owner = try await harness.operatorToken(client, try await harness.makeOperator("olivia", role: .owner))
            let vera = try await harness.makeOperator("vera", role: .viewer)
            let wrongPassword = "wrong passphrase 9931"
            let refused = try await client.send(
                .post,
                "/v1/operator/sessions",
                json: ["username": "vera", "password": wrongPassword, "code": vera.code(harness)]
            )
            #expect(refused.status == .unauthorized)
            let unknown = try await client.send(
                .post,
                "/v1/operator/sessions",
                json: ["username": "nobody", "password": wrongPassword, "code": "123456"]
            )
            #expect(unknown.status == .unauthorized)
            let wrongCode = vera.code(harness, stepsAhead: 20)
            let badCode = try await client.send(
                .post,
                "/v1/operator/sessions",
                json: ["username": "vera", "password": vera.password, "code": wrongCode]
            )
            #expect(badCode.status == .unauthorized && badCode.string("code") == "invalid_code")
            var browser = ConsolePagesTests.Browser()
            _ = try await browser.get(client, "/console/sign-in")
            _ = try await browser.post(client, "/console/sign-in", ["username": "vera", "password": wrongPassword])

            let log = try await client.send(.get, "/v1/operator/audit", token: owner)
            let failed = (log.value("items") as? [[String: Any]] ?? []).filter { $0["action"] as? String == "operator.sign_in_failed" }
            let rows = failed.map { "\($0["actor"] as? String ?? "") \($0["target"] as? String ?? "") \($0["operatorID"] as? String ?? "-")" }
            #expect(rows.filter { $0 == "vera password \(vera.id)" }.count == 2, "\(rows)")
            #expect(rows.contains("nobody password -") && rows.contains("vera code \(vera.id)"), "\(rows)")
            #expect(failed.allSatisfy { ($0["source"] as? String)?.isEmpty == false })
            #expect(!log.text.contains(wrongPassword) && !log.text.contains(vera.password) && !log.text.contains(wrongCode))
        }
    }

    /// Reading what operators may read of users and messages leaves a row: a user's record, a
    /// search of users, the outbox.
    @Test(arguments: TestStore.enabled) func sensitiveReadsAreAudited(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let (owner, _, viewer) = try await harness.operatorTokens(client)
            let user = try await client.signUpUser("rita")
            let userID = try #require(try await client.send(.get, "/v1/me", token: user.access).string("id"))
            let base = "/v1/operator/apps/\(harness.app.id)/users"
            #expect(try await client.send(.get, "\(base)/\(userID)", token: viewer).status == .ok)
            #expect(try await client.send(.get, "\(base)?q=rita", token: viewer).status == .ok)
            #expect(try await client.send(.get, "/v1/operator/outbox?status=dead", token: viewer).status == .ok)
            var browser = ConsolePagesTests.Browser()
            try await browser.signIn(client, harness, try await harness.makeOperator("paula", role: .viewer))
            #expect(try await browser.get(client, "/console/apps/\(harness.app.id)/users/\(userID)").status == .ok)

            let log = try await client.send(.get, "/v1/operator/audit", token: owner)
            let rows = (log.value("items") as? [[String: Any]] ?? []).map {
                "\($0["actor"] as? String ?? "") \($0["action"] as? String ?? "") \($0["target"] as? String ?? "")"
            }
            for expected in [
                "vera user.read \(userID)", "vera users.search \(harness.app.id) rita", "vera outbox.read dead", "paula user.read \(userID)",
            ] {
                #expect(rows.contains(expected), "no audit row \(expected) in \(rows)")
            }
        }
    }

    /// The command line goes through the same service: its changes are in the audit log, as the
    /// system user running it, from `cli`.
    @Test(arguments: TestStore.enabled) func theCommandLineIsAudited(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let storeArguments = ["--data-dir", harness.directory.path] + (harness.databaseURL.map { ["--database", $0] } ?? [])
        try await harness.run { client in
            let (owner, _, _) = try await harness.operatorTokens(client)
            let user = try await client.signUpUser("cleo")
            let userID = try #require(try await client.send(.get, "/v1/me", token: user.access).string("id"))
            // `USER` says nothing: the row names the account the process runs as, and the host.
            let disable = try await LatchkeyBinary.run(
                ["users", "disable", "--app", harness.app.clientID, userID] + storeArguments,
                environment: ["USER": "ops"]
            )
            #expect(disable.status == 0, "\(disable.stderr)")
            let created = try await LatchkeyBinary.run(
                ["operators", "create", "carla", "--role", "viewer", "--json"] + storeArguments,
                environment: ["USER": "ops"]
            )
            #expect(created.status == 0, "\(created.stderr)")
            #expect(created.stdout.contains("\"password\""))
            let listed = try await LatchkeyBinary.run(["operators", "list"] + storeArguments)
            #expect(listed.stdout.contains("carla  viewer  (TOTP not enrolled)"))
            // Reads of a user's record and of the outbox are audited too.
            #expect(try await LatchkeyBinary.run(["users", "show", "--app", harness.app.clientID, userID] + storeArguments).status == 0)
            #expect(try await LatchkeyBinary.run(["outbox", "list"] + storeArguments).status == 0)
            let log = try await client.send(.get, "/v1/operator/audit", token: owner)
            let entries = try #require(log.value("items") as? [[String: Any]])
            let actor = "cli:\(Self.systemUser)@\(Self.hostName)"
            let cliActors = Set(entries.filter { $0["source"] as? String == "cli" }.compactMap { $0["actor"] as? String })
            #expect(cliActors == [actor])
            for (action, target) in [("user.disable", userID), ("user.read", userID), ("outbox.read", "all")] {
                #expect(
                    entries.contains { $0["actor"] as? String == actor && $0["action"] as? String == action && $0["target"] as? String == target }
                )
            }
            #expect(entries.contains { $0["actor"] as? String == actor && $0["action"] as? String == "operator.create" })
            #expect(try await client.send(.get, "/v1/me", token: user.access).status == .unauthorized)
        }
    }
}
