import Foundation
import HTTPTypes
import HummingbirdTesting
import LatchkeyTestSupport
import Testing

@testable import LatchkeyServer

/// The TOTP second factor of app users over HTTP: enrollment confirmed by a first code, sign-in
/// answering `mfa_required` with a challenge, its completion by a code (once per step) or a
/// recovery code (once), the attempt and user throttles, parallel completions, disabling with a
/// recent authentication, the app-wide requirement and the operator's reset.
@Suite struct SecondFactorTests {
    /// An enrolled user: their authenticator and the recovery codes confirmation answered.
    struct Enrolled {
        var totp: TOTP
        var recoveryCodes: [String]
        var access: String

        /// The code `stepsAhead` steps after the harness's now.
        func code(_ harness: TestHarness, stepsAhead: Int64 = 0) -> String {
            totp.code(step: TOTP.step(at: harness.clock.now()) + stepsAhead)
        }
    }

    /// Signs `username` up and enrolls an authenticator; the clock then moves a step on, so the
    /// confirming code's step is past.
    static func enroll(_ username: String, _ client: Client, _ harness: TestHarness) async throws -> Enrolled {
        try await enroll(access: try await client.signUpUser(username).access, client, harness)
    }

    /// Enrolls an authenticator for the user of `access`, as ``enroll(_:_:_:)``.
    static func enroll(access: String, _ client: Client, _ harness: TestHarness) async throws -> Enrolled {
        let started = try await client.send(.post, "/v1/me/mfa/totp", token: access)
        #expect(started.status == .created)
        let totp = TOTP(secret: try #require(started.string("secret").flatMap(Base32.decode)))
        let confirmed = try await client.send(
            .post,
            "/v1/me/mfa/totp/confirm",
            json: ["code": totp.code(step: TOTP.step(at: harness.clock.now()))],
            token: access
        )
        #expect(confirmed.status == .ok, "\(confirmed.text)")
        let codes = try #require(confirmed.value("codes") as? [String])
        harness.clock.advance(by: 30)
        return Enrolled(totp: totp, recoveryCodes: codes, access: access)
    }

    /// The challenge of a sign-in that must answer `mfa_required`.
    static func challenge(_ username: String, _ client: Client) async throws -> String {
        let answer = try await client.signIn(username)
        #expect(answer.status == .unauthorized)
        #expect(answer.string("code") == "mfa_required")
        #expect(answer.value("session") == nil)
        return try #require(answer.string("challenge"), "\(answer.text)")
    }

    @Test(arguments: TestStore.enabled) func enrollmentTakesEffectWithItsFirstCode(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let (access, _) = try await client.signUpUser("ann")
            let started = try await client.send(.post, "/v1/me/mfa/totp", token: access)
            #expect(started.status == .created)
            let uri = try #require(started.string("uri"))
            let secret = try #require(started.string("secret"))
            #expect(uri == "otpauth://totp/Test%20App:ann?secret=\(secret)&issuer=Test%20App&algorithm=SHA1&digits=6&period=30")
            // Not in effect before its first code: sign-in still gives a session.
            #expect(try await client.signIn("ann").status == .ok)
            #expect(try await client.send(.get, "/v1/me/mfa", token: access).value("totpEnrolled") as? Bool == false)

            let totp = TOTP(secret: try #require(Base32.decode(secret)))
            let wrong = try await client.send(.post, "/v1/me/mfa/totp/confirm", json: ["code": "000000"], token: access)
            #expect(wrong.status == .badRequest)
            #expect(wrong.string("code") == "invalid_code")
            let code = totp.code(step: TOTP.step(at: harness.clock.now()))
            let confirmed = try await client.send(.post, "/v1/me/mfa/totp/confirm", json: ["code": code], token: access)
            #expect(confirmed.status == .ok)
            let codes = try #require(confirmed.value("codes") as? [String])
            #expect(codes.count == 10 && Set(codes).count == 10)
            #expect(codes.allSatisfy { $0.count == 11 && $0.dropFirst(5).first == "-" })

            let status = try await client.send(.get, "/v1/me/mfa", token: access)
            #expect(status.value("totpEnrolled") as? Bool == true)
            #expect(status.value("recoveryCodesLeft") as? Int == 10)
            #expect(status.value("required") as? Bool == true)
            // The secret is shown once: a second enrollment is refused while one is in effect.
            let again = try await client.send(.post, "/v1/me/mfa/totp", token: access)
            #expect(again.status == .conflict)
            #expect(again.string("code") == "totp_already_enrolled")
        }
    }

    @Test(arguments: TestStore.enabled) func signInAsksForACodeAcceptedOncePerStep(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let ann = try await Self.enroll("ann", client, harness)
            // A wrong password says nothing about the second factor.
            let wrongPassword = try await client.signIn("ann", password: "wrong password here")
            #expect(wrongPassword.string("code") == "invalid_credentials")
            #expect(wrongPassword.value("challenge") == nil)

            let challenge = try await Self.challenge("ann", client)
            // The confirming code's step is used up: replaying it fails.
            let replayed = try await client.send(
                .post,
                "/v1/auth/mfa",
                json: ["challenge": challenge, "code": ann.code(harness, stepsAhead: -1)],
                app: client.clientID
            )
            #expect(replayed.status == .unauthorized)
            #expect(replayed.string("code") == "invalid_code")
            let code = ann.code(harness)
            let done = try await client.send(.post, "/v1/auth/mfa", json: ["challenge": challenge, "code": code], app: client.clientID)
            #expect(done.status == .ok, "\(done.text)")
            #expect(done.string("user.username") == "ann")
            let access = try #require(done.string("session.accessToken"))
            #expect(try await client.send(.get, "/v1/me", token: access).status == .ok)
            // The challenge is used, and the same code cannot complete another sign-in in its window.
            let reused = try await client.send(.post, "/v1/auth/mfa", json: ["challenge": challenge, "code": code], app: client.clientID)
            #expect(reused.string("code") == "mfa_challenge_expired")
            let next = try await Self.challenge("ann", client)
            let sameCode = try await client.send(.post, "/v1/auth/mfa", json: ["challenge": next, "code": code], app: client.clientID)
            #expect(sameCode.string("code") == "invalid_code")
            harness.clock.advance(by: 30)
            let later = try await client.send(
                .post,
                "/v1/auth/mfa",
                json: ["challenge": next, "code": ann.code(harness)],
                app: client.clientID
            )
            #expect(later.status == .ok)
        }
    }

    @Test(arguments: TestStore.enabled) func recoveryCodesSignInOnceAndCanBeReplaced(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let ann = try await Self.enroll("ann", client, harness)
            let complete = { (challenge: String, recovery: String) in
                try await client.send(.post, "/v1/auth/mfa", json: ["challenge": challenge, "recoveryCode": recovery], app: client.clientID)
            }
            // Typed in capitals and without the dash, it is the same code.
            let typed = ann.recoveryCodes[0].uppercased().replacingOccurrences(of: "-", with: "")
            #expect(try await complete(try await Self.challenge("ann", client), typed).status == .ok)
            let used = try await complete(try await Self.challenge("ann", client), ann.recoveryCodes[0])
            #expect(used.string("code") == "invalid_code")
            #expect(try await client.send(.get, "/v1/me/mfa", token: ann.access).value("recoveryCodesLeft") as? Int == 9)

            let replaced = try await client.send(.post, "/v1/me/mfa/recovery-codes", token: ann.access)
            #expect(replaced.status == .ok)
            let fresh = try #require(replaced.value("codes") as? [String])
            #expect(fresh.count == 10 && Set(fresh).isDisjoint(with: ann.recoveryCodes))
            #expect(try await complete(try await Self.challenge("ann", client), ann.recoveryCodes[1]).string("code") == "invalid_code")
            #expect(try await complete(try await Self.challenge("ann", client), fresh[0]).status == .ok)
            // Both or neither: a code and a recovery code together are refused.
            let both = try await client.send(
                .post,
                "/v1/auth/mfa",
                json: ["challenge": try await Self.challenge("ann", client), "code": "123456", "recoveryCode": fresh[1]],
                app: client.clientID
            )
            #expect(both.status == .badRequest)
        }
    }

    /// Five codes per challenge; wrong codes across challenges lock the user (`429`), even for a right code.
    @Test(arguments: TestStore.enabled) func wrongCodesAreLimitedPerChallengeAndPerUser(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.auth.accountFailureLimit = 7 }
        try await harness.run { client in
            let ann = try await Self.enroll("ann", client, harness)
            let challenge = try await Self.challenge("ann", client)
            let attempt = { (challenge: String, code: String) in
                try await client.send(.post, "/v1/auth/mfa", json: ["challenge": challenge, "code": code], app: client.clientID)
            }
            let wrong = ann.code(harness) == "000000" ? "111111" : "000000"
            for _ in 0..<5 { #expect(try await attempt(challenge, wrong).string("code") == "invalid_code") }
            #expect(try await attempt(challenge, ann.code(harness)).string("code") == "mfa_challenge_expired")

            let second = try await Self.challenge("ann", client)
            #expect(try await attempt(second, wrong).string("code") == "invalid_code")
            #expect(try await attempt(second, wrong).string("code") == "invalid_code")
            let locked = try await attempt(second, ann.code(harness))
            #expect(locked.status == .tooManyRequests)
            #expect(Int(locked.headers[.retryAfter] ?? "") ?? 0 > 0)
        }
    }

    @Test(arguments: TestStore.enabled) func challengesAreBoundToTheirAppAndExpire(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let ann = try await Self.enroll("ann", client, harness)
            let other = try await harness.makeApp(name: "Other")
            let challenge = try await Self.challenge("ann", client)
            let elsewhere = try await client.send(
                .post,
                "/v1/auth/mfa",
                json: ["challenge": challenge, "code": ann.code(harness)],
                app: other.app.clientID
            )
            #expect(elsewhere.status == .unauthorized)
            #expect(elsewhere.string("code") == "mfa_challenge_expired")
            for forged in ["", "nonsense", challenge + "x", String(challenge.dropLast(4)) + "AAAA", String(repeating: "a", count: 5_000)] {
                let answer = try await client.send(.post, "/v1/auth/mfa", json: ["challenge": forged, "code": "123456"], app: client.clientID)
                #expect(answer.string("code") == "mfa_challenge_expired", "\(forged.prefix(40))")
            }
            harness.clock.advance(by: 301)
            let late = try await client.send(
                .post,
                "/v1/auth/mfa",
                json: ["challenge": challenge, "code": ann.code(harness)],
                app: client.clientID
            )
            #expect(late.string("code") == "mfa_challenge_expired")
        }
    }

    /// Fifty completions of one challenge at once, each with a valid code: one session.
    @Test(arguments: TestStore.enabled) func fiftyParallelCompletionsOfOneChallengeSignInOnce(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run(.live) { client in
            let ann = try await Self.enroll("ann", client, harness)
            for body in [["code": ann.code(harness)], ["recoveryCode": ann.recoveryCodes[0]]] {
                let challenge = try await Self.challenge("ann", client)
                let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                    for _ in 0..<50 {
                        group.addTask {
                            try await client.send(
                                .post,
                                "/v1/auth/mfa",
                                json: body.merging(["challenge": challenge]) { $1 },
                                app: client.clientID
                            ).status
                        }
                    }
                    return try await group.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
                }
                #expect(statuses.filter { $0 == .ok }.count == 1, "\(body.keys)")
                #expect(statuses.allSatisfy { $0 == .ok || $0 == .unauthorized })
                harness.clock.advance(by: 30)
            }
        }
    }

    @Test(arguments: TestStore.enabled) func disablingNeedsARecentAuthentication(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let ann = try await Self.enroll("ann", client, harness)
            harness.clock.advance(by: 301)
            let stale = try await client.send(.delete, "/v1/me/mfa/totp", token: ann.access)
            #expect(stale.status == .forbidden)
            #expect(stale.string("code") == "reauthentication_required")
            #expect(try await client.send(.post, "/v1/me/mfa/recovery-codes", token: ann.access).string("code") == "reauthentication_required")
            let proof = try await client.send(.post, "/v1/me/reauthenticate", json: ["password": "correct horse battery"], token: ann.access)
            #expect(proof.status == .noContent)
            #expect(try await client.send(.delete, "/v1/me/mfa/totp", token: ann.access).status == .noContent)
            #expect(try await client.send(.delete, "/v1/me/mfa/totp", token: ann.access).string("code") == "totp_not_enrolled")
            #expect(try await client.signIn("ann").status == .ok)
        }
    }

    /// The `mfa_required` answer of a user who must enroll an authenticator: no session, the
    /// account kept, a challenge that enrolls.
    static func enrollmentChallenge(_ answer: TestResponse) throws -> String {
        #expect(answer.status == .unauthorized, "\(answer.text)")
        #expect(answer.string("code") == "mfa_required")
        #expect(answer.value("enrollment") as? Bool == true)
        #expect(answer.value("session") == nil)
        return try #require(answer.string("challenge"), "\(answer.text)")
    }

    /// Enrolls with an enrollment challenge and completes it with the first code: the answer.
    static func enrollAndComplete(_ challenge: String, _ client: Client, _ harness: TestHarness) async throws -> TestResponse {
        let enrollment = try await client.send(.post, "/v1/auth/mfa/totp", json: ["challenge": challenge], app: client.clientID)
        #expect(enrollment.status == .created)
        let totp = TOTP(secret: try #require(enrollment.string("secret").flatMap(Base32.decode)))
        return try await client.send(
            .post,
            "/v1/auth/mfa",
            json: ["challenge": challenge, "code": totp.code(step: TOTP.step(at: harness.clock.now()))],
            app: client.clientID
        )
    }

    /// With `totpRequired`, a user without an authenticator enrolls one with the sign-in's
    /// challenge — a new account before its first session — and gets the recovery codes.
    @Test(arguments: TestStore.enabled) func anAppThatRequiresTOTPEnrollsAtSignIn(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.secondFactor.totpRequired = true }
        try await harness.run { client in
            // The sign-up makes the account and asks for the authenticator before any session.
            let signUp = try await client.signUp(["username": "ann", "password": "correct horse battery"])
            _ = try Self.enrollmentChallenge(signUp)
            #expect(try await client.signUp(["username": "ann", "password": "correct horse battery"]).status == .conflict)
            let challenge = try Self.enrollmentChallenge(try await client.signIn("ann"))
            let done = try await Self.enrollAndComplete(challenge, client, harness)
            #expect(done.status == .ok, "\(done.text)")
            let recoveryCodes = try #require(done.value("recoveryCodes") as? [String])
            #expect(recoveryCodes.count == 10 && Set(recoveryCodes).count == 10)
            let access = try #require(done.string("session.accessToken"))
            #expect(
                try await client.send(.get, "/v1/me/mfa", token: access).value("recoveryCodesLeft") as? Int == 10
            )
            #expect(try await client.send(.get, "/v1/me/mfa", token: access).value("totpEnrolled") as? Bool == true)
            let next = try await client.signIn("ann")
            #expect(next.value("enrollment") as? Bool == false)
            let enrollAgain = try await client.send(
                .post,
                "/v1/auth/mfa/totp",
                json: ["challenge": try #require(next.string("challenge"))],
                app: client.clientID
            )
            #expect(enrollAgain.string("code") == "totp_already_enrolled")
        }
    }

    @Test(arguments: TestStore.enabled) func operatorsResetAUsersFactorAudited(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let ann = try await Self.enroll("ann", client, harness)
            let userID = try #require(try await client.send(.get, "/v1/me", token: ann.access).string("id"))
            let (_, admin, viewer) = try await harness.operatorTokens(client)
            let path = "/v1/operator/apps/\(harness.app.id)/users/\(userID)/mfa"
            #expect(try await client.send(.delete, path, token: viewer).status == .forbidden)
            #expect(try await client.send(.delete, path, token: admin).status == .noContent)
            #expect(try await client.send(.get, "/v1/me", token: ann.access).status == .unauthorized)
            #expect(try await client.signIn("ann").status == .ok)
            let audit = try await client.send(.get, "/v1/operator/audit", token: admin)
            #expect(audit.text.contains("user.reset_mfa"))
            #expect(try await client.send(.delete, "/v1/operator/apps/\(harness.app.id)/users/nobody/mfa", token: admin).status == .notFound)
        }
    }

    @Test(arguments: TestStore.enabled) func theCommandLineResetsAUsersFactorAudited(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let storeArguments = ["--data-dir", harness.directory.path] + (harness.databaseURL.map { ["--database", $0] } ?? [])
        try await harness.run { client in
            let ann = try await Self.enroll("ann", client, harness)
            let userID = try #require(try await client.send(.get, "/v1/me", token: ann.access).string("id"))
            let reset = try await LatchkeyBinary.run(
                ["users", "reset-mfa", "--app", harness.app.clientID, userID] + storeArguments,
                environment: ["USER": "ops"]
            )
            #expect(reset.status == 0, "\(reset.stderr)")
            #expect(reset.stdout.contains("reset the second factor of \(userID)"))
            #expect(try await client.signIn("ann").status == .ok)
            let again = try await LatchkeyBinary.run(["users", "reset-mfa", "--app", harness.app.clientID, userID] + storeArguments)
            #expect(again.stdout.contains("had no second factor"))
            let (owner, _, _) = try await harness.operatorTokens(client)
            let entries = try #require(try await client.send(.get, "/v1/operator/audit", token: owner).value("items") as? [[String: Any]])
            #expect(
                entries.contains {
                    $0["source"] as? String == "cli" && ($0["actor"] as? String)?.hasPrefix("cli:") == true
                        && $0["action"] as? String == "user.reset_mfa"
                        && $0["target"] as? String == userID
                }
            )
        }
    }

    /// The hosted login asks for the code after the password; a wrong code shows the page again,
    /// the right one continues to the client with an authorization code.
    @Test(arguments: TestStore.enabled) func theHostedLoginAsksForTheCode(store: TestStore) async throws {
        let redirectURI = "com.example.app:/callback"
        let harness = try await TestHarness.make(store: store) { $0.oauth.redirectURIs = [redirectURI] }
        try await harness.run { client in
            let ann = try await Self.enroll("ann", client, harness)
            var browser = LoginBrowser(client)
            let login = LoginRequest(clientID: harness.app.clientID, redirectURI: redirectURI)
            let page = try await browser.signIn(login.query, as: "ann")
            #expect(page.status == .ok)
            #expect(page.headers[.location] == nil)
            #expect(page.text.contains("action=\"/oauth/authorize/mfa\""))
            let challenge = try #require(page.text.firstMatch(of: /name="challenge" value="([^"]+)"/).map { String($0.1) })
            let form = { (page: TestResponse, code: String) in
                ["csrf_token": LoginBrowser.csrfToken(in: page) ?? "", "request": login.query, "challenge": challenge, "code": code]
            }
            let wrong = try await browser.post("/oauth/authorize/mfa", form: form(page, ann.code(harness) == "000000" ? "111111" : "000000"))
            #expect(wrong.status == .unauthorized)
            #expect(wrong.text.contains("action=\"/oauth/authorize/mfa\""))
            let done = try await browser.post("/oauth/authorize/mfa", form: form(wrong, ann.code(harness)))
            #expect(done.status == .seeOther)
            let code = try #require(LoginBrowser.redirectParameters(done)["code"])
            let tokens = try await client.send(.post, "/oauth/token", form: login.tokenForm(code: code))
            #expect(tokens.status == .ok)
            // The challenge is spent: using it again goes back to signing in.
            let again = try await browser.post("/oauth/authorize/mfa", form: form(wrong, ann.code(harness)))
            #expect(again.status == .unauthorized)
            #expect(again.text.contains("/oauth/authorize/sign-in"))
        }
    }

    /// With `totpRequired`, every sign-in that makes an account — email code, phone PIN — keeps
    /// the account and spends the credential, but starts no session before the authenticator is
    /// enrolled; guests, who have nothing to enroll against, are let in.
    @Test(arguments: TestStore.enabled) func newAccountsOfAnAppThatRequiresTOTPEnrollBeforeTheirFirstSession(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { settings in
            settings.secondFactor.totpRequired = true
            settings.auth.signInMethods.formUnion([.emailCode, .phone, .anonymous])
        }
        try await harness.run { client in
            let email = EmailSignInTests.email
            _ = try await client.sendEmailCode(email)
            let emailCode = try await harness.latestEmailCode(to: email)
            let byEmail = try Self.enrollmentChallenge(try await client.verifyEmailCode(emailCode))
            #expect(try await client.verifyEmailCode(emailCode).status == .badRequest)
            let emailDone = try await Self.enrollAndComplete(byEmail, client, harness)
            #expect(emailDone.status == .ok)
            #expect(emailDone.string("user.email") == email)
            #expect((emailDone.value("recoveryCodes") as? [String])?.count == 10)

            let started = try await client.startPhone(PhoneSignInTests.phone)
            let pin = try await harness.latestPIN(to: PhoneSignInTests.phone)
            let requestID = try #require(started.string("requestId"))
            let byPhone = try Self.enrollmentChallenge(try await client.verifyPhone(requestID, pin: pin))
            #expect(try await client.verifyPhone(requestID, pin: pin).status != .ok)
            harness.clock.advance(by: 30)
            let phoneDone = try await Self.enrollAndComplete(byPhone, client, harness)
            #expect(phoneDone.status == .ok)
            #expect(phoneDone.string("user.phone") == PhoneSignInTests.phone)

            let guest = try await client.signInAnonymously()
            #expect(guest.status == .created || guest.status == .ok)
            #expect(guest.string("session.accessToken") != nil)
        }
    }

    /// The OAuth password grant cannot skip the second factor: it answers `invalid_grant`.
    @Test(arguments: TestStore.enabled) func thePasswordGrantRefusesAUserWithASecondFactor(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.oauth.passwordGrantEnabled = true }
        try await harness.run { client in
            _ = try await Self.enroll("ann", client, harness)
            let grant = try await client.send(
                .post,
                "/oauth/token",
                form: ["grant_type": "password", "client_id": harness.app.clientID, "username": "ann", "password": "correct horse battery"]
            )
            #expect(grant.status == .badRequest)
            #expect(grant.string("error") == "invalid_grant")
            #expect(grant.value("access_token") == nil)
        }
    }

    /// The console's user page resets the factor (admins only), audited like the API's reset.
    @Test(arguments: TestStore.enabled) func theConsolePageResetsAUsersFactor(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let admin = try await harness.makeOperator("adam", role: .admin)
        let viewer = try await harness.makeOperator("vera", role: .viewer)
        try await harness.run { client in
            let ann = try await Self.enroll("ann", client, harness)
            let userID = try #require(try await client.send(.get, "/v1/me", token: ann.access).string("id"))
            let page = "/console/apps/\(harness.app.id)/users/\(userID)"
            var vera = ConsolePagesTests.Browser()
            try await vera.signIn(client, harness, viewer)
            _ = try await vera.get(client, page)
            #expect(try await vera.post(client, page, ["action": "reset_mfa"]).status == .forbidden)
            #expect(try await client.signIn("ann").string("code") == "mfa_required")

            var adam = ConsolePagesTests.Browser()
            try await adam.signIn(client, harness, admin)
            #expect(try await adam.get(client, page).text.contains("id=\"reset-mfa\""))
            #expect(try await adam.post(client, page, ["action": "reset_mfa"]).status == .seeOther)
            #expect(try await client.signIn("ann").status == .ok)
            let audit = try await harness.backend.admin.auditLog(by: .commandLine())
            #expect(audit.contains { $0.action == "user.reset_mfa" && $0.target == userID })
        }
    }

    /// A phone user with an authenticator: the right PIN answers `mfa_required` and is used up
    /// (it cannot fetch another challenge), and the code completes the sign-in.
    @Test(arguments: TestStore.enabled) func aPINSignInAsksForTheCodeAndUsesThePIN(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let phone = PhoneSignInTests.phone
            let first = try #require(try await client.startPhone(phone).string("requestId"))
            let access = try #require(try await client.verifyPhone(first, pin: try await harness.latestPIN(to: phone)).string("session.accessToken"))
            let user = try await Self.enroll(access: access, client, harness)

            let request = try #require(try await client.startPhone(phone).string("requestId"))
            let pin = try await harness.latestPIN(to: phone)
            let answer = try await client.verifyPhone(request, pin: pin)
            #expect(answer.status == .unauthorized)
            #expect(answer.string("code") == "mfa_required")
            let challenge = try #require(answer.string("challenge"))
            #expect(try await client.verifyPhone(request, pin: pin).string("code") == "code_expired")
            let done = try await client.send(
                .post,
                "/v1/auth/mfa",
                json: ["challenge": challenge, "code": user.code(harness)],
                app: client.clientID
            )
            #expect(done.status == .ok)
            #expect(done.string("user.phone") == phone)
        }
    }

    /// An email code or link signs a user with a second factor in only with the factor's code;
    /// the email credential is spent either way.
    @Test(arguments: TestStore.enabled) func anEmailCodeSignInAsksForTheCodeAndUsesTheEmailCode(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.auth.signInMethods.insert(.emailCode) }
        try await harness.run { client in
            let email = EmailSignInTests.email
            #expect(try await client.sendEmailCode(email).status == .accepted)
            let access = try #require(try await client.verifyEmailCode(try await harness.latestEmailCode(to: email)).string("session.accessToken"))
            let user = try await Self.enroll(access: access, client, harness)

            #expect(try await client.sendEmailCode(email).status == .accepted)
            let emailCode = try await harness.latestEmailCode(to: email)
            let answer = try await client.verifyEmailCode(emailCode)
            #expect(answer.status == .unauthorized)
            #expect(answer.string("code") == "mfa_required")
            #expect(answer.string("session.accessToken") == nil)
            let challenge = try #require(answer.string("challenge"))
            #expect(try await client.verifyEmailCode(emailCode).status == .badRequest)
            let done = try await client.send(
                .post,
                "/v1/auth/mfa",
                json: ["challenge": challenge, "code": user.code(harness)],
                app: client.clientID
            )
            #expect(done.status == .ok)
            #expect(done.string("user.email") == email)
        }
    }

}
