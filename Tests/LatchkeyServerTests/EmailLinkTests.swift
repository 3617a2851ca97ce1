import Foundation
import HTTPTypes
import LatchkeyServer
import LatchkeyTestSupport
import Testing

/// Email verification, password reset and email change by single-use links.
@Suite struct EmailLinkTests {
    static let email = "ada@example.com"

    @Test(arguments: TestStore.enabled) func emailIsVerifiedOnlyThroughTheLink(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.auth.revealTakenEmails = true }
        try await harness.run { client in
            let token = try #require(
                try await client.signUp(["email": Self.email, "password": "correct horse battery"]).string("session.accessToken")
            )
            #expect(try await client.me(token).value("emailVerified") as? Bool == false)
            let forged = try await client.send(.patch, "/v1/me", json: ["emailVerified": true], token: token)
            #expect(forged.status == .badRequest)
            #expect(forged.string("code") == "unknown_field")

            #expect(try await client.send(.post, "/v1/me/email/verification", token: token).status == .accepted)
            let entry = try await harness.latestMessage(to: Self.email)
            #expect(entry.message.channel == .email)
            #expect(try await harness.latestSent(to: Self.email).subject == "Verify your email for Test App")
            let link = try await harness.latestLinkToken(to: Self.email)
            #expect(try await client.me(token).value("emailVerified") as? Bool == false)

            #expect(try await client.send(.post, "/v1/auth/email/verify", json: ["token": link]).status == .noContent)
            #expect(try await client.me(token).value("emailVerified") as? Bool == true)
            let reused = try await client.send(.post, "/v1/auth/email/verify", json: ["token": link])
            #expect(reused.status == .badRequest)
            #expect(reused.string("code") == "code_expired")
            #expect(try await client.send(.post, "/v1/auth/email/verify", json: ["token": "lke_forged"]).string("code") == "code_expired")
        }
    }

    @Test(arguments: TestStore.enabled) func resetRequestForAnUnknownEmailLooksLikeOneForAKnownEmail(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) {
            $0.auth.revealTakenEmails = true
            $0.delivery.ipSendLimit = 1_000
            $0.delivery.recipientSendLimit = 1_000
        }
        try await harness.run { client in
            _ = try await client.signUp(["email": Self.email, "password": "correct horse battery"])
            var answers: Set<String> = []
            var rounds = 0
            try await expectTimingRatio(within: 0.5...2, "median known/unknown") {
                rounds += 20
                return try await medianTimeRatio(rounds: 20) { isKnown, round in
                    let address = isKnown ? Self.email : "nobody-\(round % 2)@example.com"
                    let answer = try await client.send(.post, "/v1/auth/password/reset", json: ["email": address], app: client.clientID)
                    answers.insert("\(answer.status.code) \(answer.text) \(answer.headers[.contentType] ?? "")")
                }
            }
            #expect(answers == ["202  "])
            // Links for the known address are queued just after each answer.
            let queued = rounds
            try await eventually { try await harness.backend.outbox.list(limit: 100).count == queued }
            let messages = try await harness.backend.outbox.list(limit: 100)
            #expect(messages.allSatisfy { $0.message.recipient == Self.email })
        }
    }

    @Test(arguments: TestStore.enabled) func resetSetsThePasswordAndEndsEverySession(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.auth.revealTakenEmails = true }
        try await harness.run { client in
            let signUp = try await client.signUp(["username": "ada", "email": Self.email, "password": "correct horse battery"])
            let access = try #require(signUp.string("session.accessToken"))
            let refresh = try #require(signUp.string("session.refreshToken"))
            _ = try await client.send(.post, "/v1/auth/password/reset", json: ["email": "ADA@example.com"], app: client.clientID)
            let link = try await harness.latestLinkToken(to: Self.email)

            let weak = try await client.send(.post, "/v1/auth/password/reset/confirm", json: ["token": link, "password": "short"])
            #expect(weak.status == .unprocessableContent)
            #expect(weak.fieldCodes == ["invalid_password"])
            let done = try await client.send(.post, "/v1/auth/password/reset/confirm", json: ["token": link, "password": "a brand new secret"])
            #expect(done.status == .noContent)

            #expect(try await client.me(access).status == .unauthorized)
            #expect(try await client.refresh(refresh).status == .unauthorized)
            #expect(try await client.signIn("ada").status == .unauthorized)
            #expect(try await client.signIn("ada", password: "a brand new secret").status == .ok)
            let again = try await client.send(.post, "/v1/auth/password/reset/confirm", json: ["token": link, "password": "another new secret"])
            #expect(again.string("code") == "code_expired")
        }
    }

    @Test(arguments: TestStore.enabled) func resetLinksExpireAfterAnHour(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.auth.revealTakenEmails = true }
        try await harness.run { client in
            _ = try await client.signUp(["email": Self.email, "password": "correct horse battery"])
            _ = try await client.send(.post, "/v1/auth/password/reset", json: ["email": Self.email], app: client.clientID)
            let link = try await harness.latestLinkToken(to: Self.email)
            harness.clock.advance(by: 3_601)
            let late = try await client.send(.post, "/v1/auth/password/reset/confirm", json: ["token": link, "password": "a brand new secret"])
            #expect(late.string("code") == "code_expired")
        }
    }

    @Test(arguments: TestStore.enabled) func emailChangesOnlyWhenTheNewAddressConfirms(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.auth.revealTakenEmails = true }
        try await harness.run { client in
            let token = try #require(
                try await client.signUp(["email": Self.email, "password": "correct horse battery"]).string("session.accessToken")
            )
            _ = try await client.signUp(["email": "taken@example.com", "password": "correct horse battery"])
            #expect(try await client.send(.post, "/v1/me/email", json: ["email": "not an email"], token: token).string("code") == "invalid_email")
            #expect(try await client.send(.post, "/v1/me/email", json: ["email": "new@example.com"], token: token).status == .accepted)
            #expect(try await client.me(token).string("email") == Self.email)
            let link = try await harness.latestLinkToken(to: "new@example.com")
            #expect(try await harness.latestSent(to: "new@example.com").subject == "Confirm your new email for Test App")
            #expect(try await client.send(.post, "/v1/auth/email/verify", json: ["token": link]).status == .noContent)
            let me = try await client.me(token)
            #expect(me.string("email") == "new@example.com")
            #expect(me.value("emailVerified") as? Bool == true)

            #expect(try await client.send(.post, "/v1/me/email", json: ["email": "taken@example.com"], token: token).status == .accepted)
            let takenLink = try await harness.latestLinkToken(to: "taken@example.com")
            let clash = try await client.send(.post, "/v1/auth/email/verify", json: ["token": takenLink])
            #expect(clash.status == .conflict)
            #expect(try await client.me(token).string("email") == "new@example.com")
        }
    }

    /// Outstanding verification and reset links die when the password changes, when the email
    /// changes (they were sent to the old address) and when the account is disabled — re-enabling
    /// it brings none back.
    @Test(arguments: TestStore.enabled) func outstandingLinksDieWhenThePasswordAddressOrStandingChanges(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) {
            $0.auth.revealTakenEmails = true
            $0.delivery.recipientSendLimit = 100
            $0.delivery.ipSendLimit = 100
        }
        try await harness.run { client in
            let signUp = try await client.signUp(["username": "ada", "email": Self.email, "password": "correct horse battery"])
            let access = try #require(signUp.string("session.accessToken"))
            let userID = try #require(signUp.string("user.id"))
            /// A verification link and a reset link to `address`, both live.
            func links(to address: String) async throws -> (verify: String, reset: String) {
                let verification = try await harness.message(to: address) {
                    _ = try await client.send(.post, "/v1/me/email/verification", token: access)
                }
                return (try TestHarness.linkToken(in: verification), try await harness.resetLinkToken(for: address, client: client))
            }
            func expectDead(_ links: (verify: String, reset: String), _ trigger: String) async throws {
                let verify = try await client.send(.post, "/v1/auth/email/verify", json: ["token": links.verify])
                #expect(verify.string("code") == "code_expired", "verification link after \(trigger)")
                let reset = try await client.send(
                    .post,
                    "/v1/auth/password/reset/confirm",
                    json: ["token": links.reset, "password": "a takeover secret"]
                )
                #expect(reset.string("code") == "code_expired", "reset link after \(trigger)")
            }

            let beforePasswordChange = try await links(to: Self.email)
            let changed = try await client.send(
                .post,
                "/v1/me/password",
                json: ["currentPassword": "correct horse battery", "newPassword": "another fine secret"],
                token: access
            )
            #expect(changed.status == .noContent)
            try await expectDead(beforePasswordChange, "a password change")

            let beforeEmailChange = try await links(to: Self.email)
            _ = try await client.send(.post, "/v1/me/email", json: ["email": "ada2@example.com"], token: access)
            let change = try await harness.latestLinkToken(to: "ada2@example.com")
            #expect(try await client.send(.post, "/v1/auth/email/verify", json: ["token": change]).status == .noContent)
            try await expectDead(beforeEmailChange, "an email change")

            let beforeDisable = try await links(to: "ada2@example.com")
            try await harness.backend.setUserDisabled(true, userID: userID, appID: harness.app.id)
            try await harness.backend.setUserDisabled(false, userID: userID, appID: harness.app.id)
            try await expectDead(beforeDisable, "disabling")
            #expect(try await client.signIn("ada", password: "another fine secret").status == .ok)
        }
    }

    @Test(arguments: TestStore.enabled) func messagesFollowTheRequestLanguage(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.auth.revealTakenEmails = true }
        try await harness.run { client in
            _ = try await client.signUp(["email": Self.email, "password": "correct horse battery"])
            for (language, subject) in [("ja", "Test App のパスワードの再設定"), ("zh-CN", "重置您的 Test App 密码"), ("fr", "Reset your Test App password")] {
                let message = try await harness.message(to: Self.email) {
                    _ = try await client.send(
                        .post,
                        "/v1/auth/password/reset",
                        json: ["email": Self.email],
                        app: client.clientID,
                        headers: [.acceptLanguage: language]
                    )
                }
                #expect(message.subject == subject)
            }
        }
    }

    @Test(arguments: TestStore.enabled) func theActionPageNeedsAClickAndThenVerifies(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.auth.revealTakenEmails = true }
        try await harness.run { client in
            let token = try #require(
                try await client.signUp(["email": Self.email, "password": "correct horse battery"]).string("session.accessToken")
            )
            _ = try await client.send(.post, "/v1/me/email/verification", token: token)
            let body = try await harness.latestSent(to: Self.email).body
            #expect(body.contains("http://latchkey.test/v1/auth/action?mode=verifyEmail&token="))
            let link = try await harness.latestLinkToken(to: Self.email)

            let page = try await client.send(.get, "/v1/auth/action?mode=verifyEmail&token=\(link)")
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            #expect(page.headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true)
            #expect(page.text.contains(#"name="token" value="\#(link)""#))
            #expect(try await client.me(token).value("emailVerified") as? Bool == false)

            // A form without the page's token, or with another browser's, does nothing.
            let form = try PageForm(of: page)
            let forged = try await client.send(.post, "/v1/auth/action", form: ["mode": "verifyEmail", "token": link])
            #expect(forged.status == .forbidden)
            #expect(forged.text.contains("This form has expired"))
            let other = try PageForm(of: try await client.send(.get, "/v1/auth/action?mode=verifyEmail&token=\(link)"))
            let mixed = try await client.send(
                .post,
                "/v1/auth/action",
                form: ["mode": "verifyEmail", "token": link, "csrf_token": other.token],
                headers: [.cookie: form.cookie]
            )
            #expect(mixed.status == .forbidden)
            #expect(try await client.me(token).value("emailVerified") as? Bool == false)

            let (fields, cookie) = form.request(["mode": "verifyEmail", "token": link])
            let confirmed = try await client.send(.post, "/v1/auth/action", form: fields, headers: cookie)
            #expect(confirmed.status == .ok)
            #expect(confirmed.text.contains("Email confirmed"))
            #expect(try await client.me(token).value("emailVerified") as? Bool == true)
            let again = try await client.send(.post, "/v1/auth/action", form: fields, headers: cookie)
            #expect(again.status == .badRequest)
            let hostile = try await client.send(.get, "/v1/auth/action?mode=verifyEmail&token=%22%3E%3Cscript%3E")
            #expect(!hostile.text.contains("<script>"))
        }
    }

    /// The reset page shows a refused password in its error summary, linked to the field, in the
    /// page's language, and keeps the link usable; an accepted one is set.
    @Test func theResetPageShowsARefusedPasswordInItsErrorSummary() async throws {
        let harness = try await TestHarness.make(store: .sqlite) { $0.auth.revealTakenEmails = true }
        try await harness.run { client in
            _ = try await client.signUp(["username": "ada", "email": Self.email, "password": "correct horse battery"])
            let link = try await harness.resetLinkToken(for: Self.email, client: client)
            let page = "/v1/auth/action?mode=resetPassword&token=\(link)"
            let japanese: HTTPFields = [.acceptLanguage: "ja"]
            let weak = try await client.submit(
                ["mode": "resetPassword", "token": link, "password": "short"],
                to: "/v1/auth/action",
                from: page,
                headers: japanese
            )
            #expect(weak.status == .unprocessableContent)
            #expect(weak.text.contains(#"<html lang="ja">"#))
            #expect(weak.text.contains(#"class="error-summary""#) && weak.text.contains(##"href="#password""##))
            #expect(weak.text.contains(#"aria-describedby="password-error""#))
            let done = try await client.submit(
                ["mode": "resetPassword", "token": link, "password": "a brand new secret"],
                to: "/v1/auth/action",
                from: page
            )
            #expect(done.status == .ok)
            #expect(done.text.contains("Password changed"))
            #expect(try await client.signIn("ada", password: "a brand new secret").status == .ok)
        }
    }
}

extension Client {
    /// `GET /v1/me`.
    func me(_ token: String) async throws -> TestResponse {
        try await send(.get, "/v1/me", token: token)
    }
}

extension TestHarness {
    /// Asks for a password reset of `email` and returns the token of the link that it queues.
    func resetLinkToken(for email: String, client: Client) async throws -> String {
        let message = try await message(to: email) {
            _ = try await client.send(.post, "/v1/auth/password/reset", json: ["email": email], app: client.clientID)
        }
        return try Self.linkToken(in: message)
    }
}
