import Foundation
import HTTPTypes
import HummingbirdTesting
import LatchkeyServer
import LatchkeyTestSupport
import Testing

/// Passwordless sign-in by email: one code and one link per email, single use together, and the
/// phone PIN's rules — checks per code, wrong codes per address and IP, sends per address and
/// IP, answers that do not tell whether an address has an account.
@Suite struct EmailSignInTests {
    static let email = "ada@example.com"

    /// An app with email sign-in on, and `configure` applied.
    static func harness(_ store: TestStore, _ configure: @escaping (inout AppSettings) -> Void = { _ in }) async throws -> TestHarness {
        try await TestHarness.make(store: store) { settings in
            settings.auth.signInMethods.insert(.emailCode)
            configure(&settings)
        }
    }

    @Test(arguments: TestStore.enabled) func emailSignInIsOffUntilTheAppTurnsItOn(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            for response in [
                try await client.sendEmailCode(Self.email),
                try await client.verifyEmailCode("123456"),
                try await client.send(.post, "/v1/auth/email/link", json: ["token": "lke_whatever"], app: client.clientID),
            ] {
                #expect(response.status == .forbidden)
                #expect(response.string("code") == "method_disabled")
            }
            #expect(try await harness.backend.outbox.list().isEmpty)
        }
    }

    @Test(arguments: TestStore.enabled) func aCodeSignsInAndTheFirstMakesAVerifiedUser(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run { client in
            let sent = try await client.sendEmailCode("Ada@Example.com")
            #expect(sent.status == .accepted)
            #expect(sent.value("expiresIn") as? Int == 600)
            let message = try await harness.latestSent(to: "Ada@Example.com")
            let code = try Self.code(in: message)
            #expect(message.subject == "\(code) is your Test App sign-in code")

            let created = try await client.verifyEmailCode(code, email: "ada@EXAMPLE.com")
            #expect(created.status == .created)
            #expect(created.string("user.email") == Self.email)
            #expect(created.value("user.emailVerified") as? Bool == true)
            #expect(created.value("user.profileCreated") as? Bool == false)
            #expect(created.string("session.accessToken") != nil)
            let userID = try #require(created.string("user.id"))
            #expect(try await client.verifyEmailCode(code).string("code") == "code_expired")

            _ = try await client.sendEmailCode(Self.email)
            let again = try await client.verifyEmailCode(try await harness.latestEmailCode(to: Self.email))
            #expect(again.status == .ok)
            #expect(again.string("user.id") == userID)
        }
    }

    /// One email, one credential: the link and the code are used up together.
    @Test(arguments: TestStore.enabled) func theLinkSignsInOnceAndUsesUpTheCode(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run { client in
            _ = try await client.sendEmailCode(Self.email)
            let message = try await harness.latestSent(to: Self.email)
            #expect(message.body.contains("http://latchkey.test/v1/auth/action?mode=signIn&token="))
            let token = try TestHarness.linkToken(in: message)
            var settings = AppSettings()
            settings.auth.signInMethods.insert(.emailCode)
            let other = try await harness.backend.apps.create(name: "Other", settings: settings)
            let foreign = try await client.send(.post, "/v1/auth/email/link", json: ["token": token], app: other.app.clientID)
            #expect(foreign.string("code") == "code_expired")

            let signedIn = try await client.useEmailLink(token)
            #expect(signedIn.status == .created)
            #expect(signedIn.string("user.email") == Self.email)
            #expect(signedIn.value("user.emailVerified") as? Bool == true)
            #expect(try await client.useEmailLink(token).string("code") == "code_expired")
            #expect(try await client.verifyEmailCode(try Self.code(in: message)).string("code") == "code_expired")
        }
    }

    /// With `createUser: false` an address without an account is sent nothing, yet the answer,
    /// and the answer to a guessed code, are those of an address with one.
    @Test(arguments: TestStore.enabled) func addressesWithAndWithoutAccountsAnswerAlike(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run { client in
            _ = try await client.sendEmailCode(Self.email)
            #expect(try await client.verifyEmailCode(try await harness.latestEmailCode(to: Self.email)).status == .created)

            let unknown = "nobody@example.com"
            var answers = [try await client.sendEmailCode(unknown, createUser: false)]
            // The known address's email is queued just after the answer.
            let message = try await harness.message(to: Self.email) {
                answers.append(try await client.sendEmailCode(Self.email, createUser: false))
            }
            #expect(answers.map(\.status) == [.accepted, .accepted])
            #expect(Set(answers.map { $0.json.keys.sorted() }).count == 1)
            let code = try Self.code(in: message)
            #expect(try await harness.backend.outbox.list(recipient: unknown, limit: 10).isEmpty)

            let wrong = code == "000000" ? "111111" : "000000"
            let guesses = [try await client.verifyEmailCode(wrong, email: unknown), try await client.verifyEmailCode(wrong)]
            #expect(guesses.map(\.status) == [.badRequest, .badRequest])
            #expect(guesses.map { $0.string("code") } == ["invalid_code", "invalid_code"])
            #expect(try await client.verifyEmailCode(code).status == .ok)
        }
    }

    /// The answer's time does not tell either: with `createUser: false` a known address (an
    /// email queued) and an unknown one (a decoy code only) take the same time to answer.
    @Test(arguments: TestStore.enabled) func addressesWithAndWithoutAccountsTakeTheSameTime(store: TestStore) async throws {
        let harness = try await Self.harness(store) {
            $0.delivery.ipSendLimit = 1_000
            $0.delivery.recipientSendLimit = 1_000
        }
        try await harness.run { client in
            _ = try await client.sendEmailCode(Self.email)
            #expect(try await client.verifyEmailCode(try await harness.latestEmailCode(to: Self.email)).status == .created)
            try await expectTimingRatio(within: 0.5...2, "median known / unknown address") {
                try await medianTimeRatio { isKnown, round in
                    let address = isKnown ? Self.email : "nobody-\(round % 2)@example.com"
                    let answer = try await client.sendEmailCode(address, createUser: false)
                    #expect(answer.status == .accepted)
                }
            }
        }
    }

    @Test(arguments: TestStore.enabled) func malformedAddressesAreTypedErrors(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run { client in
            for address in ["", "ada", "ada@", "@example.com", String(repeating: "a", count: 400) + "@example.com"] {
                let response = try await client.sendEmailCode(address)
                #expect(response.status == .unprocessableContent, "\(address)")
                #expect(response.string("code") == "invalid_email", "\(address)")
            }
            let extra = try await client.send(
                .post,
                "/v1/auth/email/otp",
                json: ["email": Self.email, "emailVerified": true],
                app: client.clientID
            )
            #expect(extra.string("code") == "unknown_field")
            #expect(try await harness.backend.outbox.list().isEmpty)
            #expect(try await client.verifyEmailCode(String(repeating: "1", count: 64)).string("code") == "code_expired")
        }
    }

    @Test(arguments: TestStore.enabled) func aCodeExpiresAfterTenMinutesAndANewOneReplacesIt(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run { client in
            _ = try await client.sendEmailCode(Self.email)
            let first = try await harness.latestSent(to: Self.email)
            _ = try await client.sendEmailCode(Self.email)
            let second = try await harness.latestSent(to: Self.email)
            #expect(first.id != second.id)
            #expect(try await client.useEmailLink(try TestHarness.linkToken(in: first)).string("code") == "code_expired")
            harness.clock.advance(by: 601)
            let late = try await client.verifyEmailCode(try Self.code(in: second))
            #expect(late.status == .badRequest)
            #expect(late.string("code") == "code_expired")
            #expect(try await client.useEmailLink(try TestHarness.linkToken(in: second)).string("code") == "code_expired")
        }
    }

    @Test(arguments: TestStore.enabled) func theSixthCheckIsRefusedEvenWithTheRightCode(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run { client in
            _ = try await client.sendEmailCode(Self.email)
            let code = try await harness.latestEmailCode(to: Self.email)
            let wrong = code == "000000" ? "111111" : "000000"
            for _ in 0..<5 {
                #expect(try await client.verifyEmailCode(wrong).string("code") == "invalid_code")
            }
            let sixth = try await client.verifyEmailCode(code)
            #expect(sixth.status == .badRequest)
            #expect(sixth.string("code") == "code_expired")
            // The code and the link are one credential: the link of a code guessed at five times is spent too.
            let link = try TestHarness.linkToken(in: try await harness.latestSent(to: Self.email))
            #expect(try await client.useEmailLink(link).string("code") == "code_expired")
        }
    }

    /// Wrong codes count per address — its `+tag` aliases with it — across its codes, and lock it.
    @Test(arguments: TestStore.enabled) func wrongCodesCountPerAddressAndLockIt(store: TestStore) async throws {
        let harness = try await Self.harness(store) { $0.phone.pinFailureLimit = 3 }
        try await harness.run { client in
            let alias = "ada+games@example.com"
            for address in [Self.email, alias, Self.email] {
                _ = try await client.sendEmailCode(address)
                let code = try await harness.latestEmailCode(to: address)
                #expect(try await client.verifyEmailCode(code == "000000" ? "111111" : "000000", email: address).string("code") == "invalid_code")
            }
            _ = try await client.sendEmailCode(Self.email)
            let locked = try await client.verifyEmailCode(try await harness.latestEmailCode(to: Self.email))
            #expect(locked.status == .tooManyRequests)
            #expect(locked.string("code") == "rate_limited")
            #expect(Int(locked.headers[.retryAfter] ?? "") ?? 0 > 0)

            let other = "grace@example.com"
            _ = try await client.sendEmailCode(other)
            #expect(try await client.verifyEmailCode(try await harness.latestEmailCode(to: other), email: other).status == .created)
            harness.clock.advance(by: 901)
            _ = try await client.sendEmailCode(Self.email)
            #expect(try await client.verifyEmailCode(try await harness.latestEmailCode(to: Self.email)).status == .created)
        }
    }

    @Test(arguments: TestStore.enabled) func wrongCodesCountPerIPAcrossAddresses(store: TestStore) async throws {
        let harness = try await Self.harness(store) { $0.auth.ipFailureLimit = 3 }
        try await harness.run(.live) { client in
            var codes: [(email: String, code: String)] = []
            for index in 0..<4 {
                let email = "user\(index)@example.com"
                _ = try await client.sendEmailCode(email)
                codes.append((email, try await harness.latestEmailCode(to: email)))
            }
            for (email, code) in codes.prefix(3) {
                #expect(try await client.verifyEmailCode(code == "000000" ? "111111" : "000000", email: email).string("code") == "invalid_code")
            }
            let locked = try await client.verifyEmailCode(codes[3].code, email: codes[3].email)
            #expect(locked.status == .tooManyRequests)
            #expect(locked.headers[.retryAfter] != nil)
        }
    }

    @Test(arguments: TestStore.enabled) func fiftyParallelVerificationsOfOneCodeSucceedOnce(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run(.live) { client in
            _ = try await client.sendEmailCode(Self.email)
            let code = try await harness.latestEmailCode(to: Self.email)
            let statuses = try await Self.fiftyAtOnce { try await client.verifyEmailCode(code).status }
            #expect(statuses.filter { $0.kind == .successful }.count == 1, "\(statuses)")
            #expect(statuses.filter { $0 == .badRequest }.count == 49, "\(statuses)")
        }
    }

    @Test(arguments: TestStore.enabled) func fiftyParallelUsesOfOneLinkSucceedOnce(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run(.live) { client in
            _ = try await client.sendEmailCode(Self.email)
            let token = try await harness.latestLinkToken(to: Self.email)
            let statuses = try await Self.fiftyAtOnce { try await client.useEmailLink(token).status }
            #expect(statuses.filter { $0.kind == .successful }.count == 1, "\(statuses)")
            #expect(statuses.filter { $0 == .badRequest }.count == 49, "\(statuses)")
        }
    }

    @Test(arguments: TestStore.enabled) func sendsAreLimitedPerAddressAndPerIP(store: TestStore) async throws {
        let harness = try await Self.harness(store) {
            $0.delivery.recipientSendLimit = 2
            $0.delivery.ipSendLimit = 3
        }
        try await harness.run(.live) { client in
            #expect(try await client.sendEmailCode(Self.email).status == .accepted)
            #expect(try await client.sendEmailCode(Self.email, createUser: false).status == .accepted)
            let limited = try await client.sendEmailCode(Self.email)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter].flatMap(Int.init) ?? 0 > 0)
            #expect(try await client.sendEmailCode("grace@example.com").status == .accepted)
            #expect(try await client.sendEmailCode("alan@example.com").status == .tooManyRequests)
            #expect(try await harness.backend.outbox.list().count == 2)
        }
    }

    /// New accounts spend the IP's sign-up budget; an address that has its account still signs in.
    @Test(arguments: TestStore.enabled) func newAccountsSpendTheIPSignUpBudget(store: TestStore) async throws {
        let harness = try await Self.harness(store) { $0.auth.ipSignUpLimit = 1 }
        try await harness.run(.live) { client in
            _ = try await client.sendEmailCode(Self.email)
            #expect(try await client.verifyEmailCode(try await harness.latestEmailCode(to: Self.email)).status == .created)
            let other = "grace@example.com"
            _ = try await client.sendEmailCode(other)
            let limited = try await client.verifyEmailCode(try await harness.latestEmailCode(to: other), email: other)
            #expect(limited.status == .tooManyRequests)
            _ = try await client.sendEmailCode(Self.email)
            #expect(try await client.verifyEmailCode(try await harness.latestEmailCode(to: Self.email)).status == .ok)
            harness.clock.advance(by: 3_601)
            _ = try await client.sendEmailCode(other)
            #expect(try await client.verifyEmailCode(try await harness.latestEmailCode(to: other), email: other).status == .created)
        }
    }

    /// A code signs in to the account a password sign-up made with the address, and verifies it.
    @Test(arguments: TestStore.enabled) func aCodeSignsInToAPasswordAccountAndVerifiesItsEmail(store: TestStore) async throws {
        let harness = try await Self.harness(store) { $0.auth.revealTakenEmails = true }
        try await harness.run { client in
            let signedUp = try await client.signUp(["email": Self.email, "password": "correct horse battery"])
            #expect(signedUp.value("user.emailVerified") as? Bool == false)
            _ = try await client.sendEmailCode(Self.email, createUser: false)
            let signedIn = try await client.verifyEmailCode(try await harness.latestEmailCode(to: Self.email))
            #expect(signedIn.status == .ok)
            #expect(signedIn.string("user.id") == signedUp.string("user.id"))
            #expect(signedIn.value("user.emailVerified") as? Bool == true)
        }
    }

    /// An email sign-up nobody verified (an app hiding taken emails) may be an attacker's with
    /// someone else's address: the owner's code sign-in takes the account without that password.
    @Test(arguments: TestStore.enabled) func aCodeSignInDropsThePasswordOfAnUnverifiedSignUp(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run { client in
            let signedUp = try await client.signUp(["email": Self.email, "password": "attacker chose this"])
            #expect(signedUp.string("session.accessToken") == nil)
            _ = try await client.sendEmailCode(Self.email)
            let signedIn = try await client.verifyEmailCode(try await harness.latestEmailCode(to: Self.email))
            #expect(signedIn.status == .ok)
            #expect(signedIn.string("user.id") == signedUp.string("user.id"))
            let password = try await client.send(
                .post,
                "/v1/auth/signin",
                json: ["email": Self.email, "password": "attacker chose this"],
                app: client.clientID
            )
            #expect(password.status == .unauthorized)
            #expect(password.string("code") == "invalid_credentials")
        }
    }

    /// The server's page asks for a click (a mail scanner's fetch uses nothing), then signs the
    /// browser in to the hosted login of the link's app.
    @Test(arguments: TestStore.enabled) func theActionPageSignsTheBrowserIn(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run { client in
            _ = try await client.sendEmailCode(Self.email)
            let token = try await harness.latestLinkToken(to: Self.email)
            let page = try await client.send(.get, "/v1/auth/action?mode=signIn&token=\(token)")
            #expect(page.status == .ok)
            #expect(page.text.contains(#"name="mode" value="signIn""#))
            let form = try PageForm(of: page)
            let (fields, cookie) = form.request(["mode": "signIn", "token": token])
            let signedIn = try await client.send(.post, "/v1/auth/action", form: fields, headers: cookie)
            #expect(signedIn.status == .ok)
            #expect(signedIn.text.contains("You are signed in"))
            let session = try #require(signedIn.headers[values: .setCookie].first { $0.hasPrefix("lk_session=") }?.split(separator: ";").first)
            let browser = try await client.send(.get, "/v1/auth/browser-session", app: client.clientID, headers: [.cookie: String(session)])
            #expect(browser.value("active") as? Bool == true)
            let again = try await client.send(.post, "/v1/auth/action", form: fields, headers: cookie)
            #expect(again.status == .badRequest)
        }
    }

    /// The statuses of fifty parallel runs of `call`.
    static func fiftyAtOnce(_ call: @escaping @Sendable () async throws -> HTTPResponse.Status) async throws -> [HTTPResponse.Status] {
        try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
            for _ in 0..<50 { group.addTask { try await call() } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    /// The 6-digit code in a sign-in email.
    static func code(in message: LoggedMessages.Message) throws -> String {
        guard let match = message.body.firstMatch(of: /(\d{6}) is your/) else { throw HarnessError.unexpected("no code in \(message.body)") }
        return String(match.output.1)
    }
}

extension Client {
    /// `POST /v1/auth/email/otp`.
    func sendEmailCode(_ email: String, createUser: Bool? = nil) async throws -> TestResponse {
        var body: [String: Any] = ["email": email]
        body["createUser"] = createUser
        return try await send(.post, "/v1/auth/email/otp", json: body, app: clientID)
    }

    /// `POST /v1/auth/email/otp/verify`, for ``EmailSignInTests/email`` unless told.
    func verifyEmailCode(_ code: String, email: String = EmailSignInTests.email) async throws -> TestResponse {
        try await send(.post, "/v1/auth/email/otp/verify", json: ["email": email, "code": code], app: clientID)
    }

    /// `POST /v1/auth/email/link`.
    func useEmailLink(_ token: String) async throws -> TestResponse {
        try await send(.post, "/v1/auth/email/link", json: ["token": token], app: clientID)
    }
}

extension TestHarness {
    /// The code of the newest sign-in email to `email`.
    func latestEmailCode(to email: String) async throws -> String {
        try EmailSignInTests.code(in: try await latestSent(to: email))
    }
}
