import Foundation
import HTTPTypes
import HummingbirdTesting
import LatchkeyServer
import LatchkeyTestSupport
import Testing

/// KWS createUser statuses, all-at-once validation, canonical uniqueness under concurrency.
@Suite struct SignUpTests {
    @Test(arguments: TestStore.enabled) func successReturnsUserAndSession(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let response = try await client.signUp([
                "username": "alice", "password": "correct horse battery", "dateOfBirth": "2012-03-04",
                "country": "gb", "parentEmail": "parent@example.com",
            ])
            #expect(response.status == .created)
            #expect(response.string("user.username") == "alice")
            #expect(response.string("user.country") == "GB")
            #expect(response.string("user.dateOfBirth") == "2012-03-04")
            #expect(response.string("user.parentEmail") == "parent@example.com")
            let id = try #require(response.string("user.id"))
            #expect(response.string("user.uid") == "password:\(id)")
            #expect(response.string("session.tokenType") == "Bearer")
            #expect(response.value("session.expiresIn") as? Int == 3600)
            #expect(response.string("session.refreshToken")?.hasPrefix("lkr_") == true)
            #expect(response.string("session.expiresAt") != nil)
        }
    }

    @Test(
        arguments: TestStore.enabled,
        [
            (["username": "bad name!", "password": "correct horse battery"], "invalid_username"),
            (["username": "ab", "password": "correct horse battery"], "invalid_username"),
            (["username": "kid1", "password": "short"], "invalid_password"),
            (["username": "kid1", "password": "correct horse battery", "dateOfBirth": "12/03/2012"], "invalid_date_of_birth"),
            (["username": "kid1", "password": "correct horse battery", "dateOfBirth": "2099-01-01"], "invalid_date_of_birth"),
            (["username": "kid1", "password": "correct horse battery", "dateOfBirth": "2011-02-29"], "invalid_date_of_birth"),
            (["username": "kid1", "password": "correct horse battery", "country": "GBR"], "invalid_country"),
            (["username": "kid1", "password": "correct horse battery", "country": "XX"], "invalid_country"),
            (["username": "kid1", "password": "correct horse battery", "parentEmail": "not-an-email"], "invalid_parent_email"),
            (["email": "no at sign", "password": "correct horse battery"], "invalid_email"),
        ]
    )
    func eachInvalidFieldHasItsOwnCode(store: TestStore, item: ([String: String], String)) async throws {
        let (fields, code) = item
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let response = try await client.signUp(fields)
            #expect(response.status == .unprocessableContent)
            #expect(response.string("code") == code)
            #expect(response.fieldCodes == [code])
            #expect(response.headers[.contentType] == "application/problem+json; charset=utf-8")
        }
    }

    @Test(arguments: TestStore.enabled) func passwordReasons(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let cases = [
                ("seven77", "too_short"), ("password123", "too_common"), ("qwertyuiop", "too_common"),
                ("xx-maxwell-xx-99", "contains_context"), (String(repeating: "é", count: 257), "too_long"),
            ]
            for (password, reason) in cases {
                let response = try await client.signUp(["username": "maxwell", "password": password])
                #expect(response.string("code") == "invalid_password", "\(password)")
                let errors = response.value("errors") as? [[String: Any]]
                #expect(errors?.first?["reason"] as? String == reason, "\(password)")
            }
        }
    }

    @Test(arguments: TestStore.enabled) func everyFailureIsReportedAtOnce(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            _ = try await client.signUpUser("taken")
            let response = try await client.signUp([
                "username": "taken", "password": "123", "dateOfBirth": "tomorrow", "country": "zz", "parentEmail": "x@",
            ])
            #expect(response.status == .unprocessableContent)
            #expect(response.string("code") == "validation_failed")
            #expect(
                Set(response.fieldCodes) == [
                    "invalid_password", "invalid_date_of_birth", "invalid_country", "invalid_parent_email",
                    "duplicate_username",
                ]
            )
        }
    }

    @Test(arguments: TestStore.enabled) func duplicateUsernameIsCaseAndUnicodeInsensitive(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            _ = try await client.signUpUser("Alice")
            for variant in ["alice", "ALICE", "ａｌｉｃｅ"] {
                let response = try await client.signUp(["username": variant, "password": "correct horse battery"])
                if variant == "ａｌｉｃｅ" {
                    // Full-width letters are not in the username alphabet at all.
                    #expect(response.string("code") != nil)
                } else {
                    #expect(response.status == .conflict)
                    #expect(response.string("code") == "duplicate_username")
                }
            }
        }
    }

    @Test(arguments: TestStore.enabled) func invalidOperationWhenNoIdentifierOrMalformed(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let noIdentifier = try await client.signUp(["password": "correct horse battery"])
            #expect(noIdentifier.status == .badRequest)
            #expect(noIdentifier.string("code") == "invalid_request")
            let notJSON = try await client.send(.post, "/v1/auth/signup", raw: Data("{nope".utf8), app: client.clientID)
            #expect(notJSON.status == .badRequest)
            #expect(notJSON.string("code") == "invalid_request")
            let wrongType = try await client.send(
                .post,
                "/v1/auth/signup",
                json: ["username": 5, "password": "correct horse battery"],
                app: client.clientID
            )
            #expect(wrongType.status == .badRequest)
            #expect(wrongType.fieldCodes == ["invalid_field"])
        }
    }

    @Test(arguments: TestStore.enabled) func signUpsAreLimitedPerIP(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.auth.ipSignUpLimit = 3 }
        try await harness.run(.live) { client in
            #expect(try await client.signUp(["username": "one", "password": "correct horse battery"]).status == .created)
            // Refused sign-ups do not count; accepted ones do, a taken email's decoy answer as well.
            #expect(try await client.signUp(["username": "one", "password": "correct horse battery"]).status == .conflict)
            #expect(try await client.signUp(["email": "two@example.com", "password": "correct horse battery"]).status == .created)
            #expect(try await client.signUp(["email": "two@example.com", "password": "correct horse battery"]).status == .created)
            let limited = try await client.signUp(["username": "four", "password": "correct horse battery"])
            #expect(limited.status == .tooManyRequests)
            #expect(limited.string("code") == "rate_limited")
            #expect(Int(limited.headers[.retryAfter] ?? "") ?? 0 > 0)
            harness.clock.advance(by: 3_601)
            #expect(try await client.signUp(["username": "four", "password": "correct horse battery"]).status == .created)
        }
    }

    /// Through the router, not a socket: the live test client gives up on a response after 20 s,
    /// which fifty hashes can take while the rest of the suite hashes too.
    @Test(arguments: TestStore.enabled) func fiftyParallelSignUpsOfOneNameCreateExactlyOne(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<50 {
                    group.addTask { try await client.signUp(["username": "popular", "password": "correct horse battery"]).status }
                }
                return try await group.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .created }.count == 1)
            #expect(statuses.filter { $0 == .conflict }.count == 49)
            // The one sign-up's two changes (the user's identity, its sign-in) and nothing else: the
            // failures rolled back (on SQLite, to their savepoints in the same group-committed
            // batch) and left neither changes nor used sequence numbers.
            try await eventually {
                try await client.metrics().metric("latchkey_change_feed_applied_sequence") == 2
            }
        }
    }

    @Test(arguments: TestStore.enabled) func takenEmailIsNotRevealedByDefault(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let first = try await client.signUp(["email": "Person@Example.com", "password": "correct horse battery"])
            let second = try await client.signUp(["email": "person@example.com", "password": "another good secret"])
            #expect(first.status == .created)
            #expect(second.status == .created)
            #expect(first.value("session") == nil)
            #expect(second.value("session") == nil)
            #expect(Set(first.json.keys) == Set(second.json.keys))
            #expect(Set((first.value("user") as? [String: Any])?.keys ?? [:].keys) == Set((second.value("user") as? [String: Any])?.keys ?? [:].keys))
            // Only the first registration holds, and its password signs in once the address is verified.
            let signIn = {
                try await client.send(
                    .post,
                    "/v1/auth/signin",
                    json: ["email": "PERSON@example.com", "password": "correct horse battery"],
                    app: client.clientID
                )
            }
            #expect(try await signIn().status == .unauthorized)
            let sent = { @Sendable in harness.messages.all.filter { $0.recipient.lowercased() == "person@example.com" } }
            try await eventually { Set(sent().map(\.purpose)) == ["verify_email", "sign_up_attempt"] }
            let verification = try #require(sent().first { $0.purpose == "verify_email" })
            let link = try TestHarness.linkToken(in: verification)
            #expect(try await client.send(.post, "/v1/auth/email/verify", json: ["token": link]).status == .noContent)
            #expect(try await signIn().status == .ok)
            let other = try await client.send(
                .post,
                "/v1/auth/signin",
                json: ["email": "person@example.com", "password": "another good secret"],
                app: client.clientID
            )
            #expect(other.status == .unauthorized)
        }
    }

    /// An attacker's view of an app that hides taken emails: every sequence of public calls —
    /// sign-up alone, sign-up then sign-in (by email or by the username sent along), sign-up then
    /// another sign-up with that username, sign-up twice, sign-up then a reset request, sign-in
    /// alone — answers byte for byte the same (status, headers, body with ids and the names
    /// themselves masked) for a taken address and a free one, and a sign-up takes the same time.
    @Test(arguments: TestStore.enabled) func noSequenceOfCallsTellsATakenEmailFromAFreeOne(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) {
            $0.auth.ipFailureLimit = 10_000
            $0.delivery.ipSendLimit = 10_000
            $0.delivery.recipientSendLimit = 10_000
        }
        try await harness.run { client in
            let taken = "owner@example.com"
            #expect(try await client.signUp(["username": "owner", "email": taken, "password": "violet skies at dusk"]).status == .created)
            let ownerLink = try await harness.latestLinkToken(to: taken)
            #expect(try await client.send(.post, "/v1/auth/email/verify", json: ["token": ownerLink]).status == .noContent)

            let password = "correct horse battery"
            let signUp = { (fields: [String: String]) in try await client.signUp(fields) }
            let signIn = { (fields: [String: String]) in try await client.send(.post, "/v1/auth/signin", json: fields, app: client.clientID) }
            let sequences: [(String, (_ email: String, _ username: String) async throws -> [TestResponse])] = [
                ("sign-up", { email, _ in [try await signUp(["email": email, "password": password])] }),
                ("sign-up with a username", { email, name in [try await signUp(["email": email, "username": name, "password": password])] }),
                (
                    "sign-up, sign-in by email",
                    { email, _ in
                        [try await signUp(["email": email, "password": password]), try await signIn(["email": email, "password": password])]
                    }
                ),
                (
                    "sign-up, sign-in by the username",
                    { email, name in
                        [
                            try await signUp(["email": email, "username": name, "password": password]),
                            try await signIn(["username": name, "password": password]),
                        ]
                    }
                ),
                (
                    "sign-up, the username again",
                    { email, name in
                        [
                            try await signUp(["email": email, "username": name, "password": password]),
                            try await signUp(["username": name, "password": password]),
                        ]
                    }
                ),
                (
                    "sign-up, the username again with another email",
                    { email, name in
                        [
                            try await signUp(["email": email, "username": name, "password": password]),
                            try await signUp(["email": "other-\(name)@example.com", "username": name, "password": password]),
                        ]
                    }
                ),
                (
                    "sign-up twice",
                    { email, _ in
                        [try await signUp(["email": email, "password": password]), try await signUp(["email": email, "password": password])]
                    }
                ),
                (
                    "sign-up, reset request",
                    { email, _ in
                        [
                            try await signUp(["email": email, "password": password]),
                            try await client.send(.post, "/v1/auth/password/reset", json: ["email": email], app: client.clientID),
                        ]
                    }
                ),
                ("sign-in", { email, _ in [try await signIn(["email": email, "password": password])] }),
            ]
            for (index, (label, sequence)) in sequences.enumerated() {
                let forTaken = try await sequence(taken, "takn\(index)")
                let forFree = try await sequence("free\(index)@example.com", "free\(index)")
                #expect(
                    forTaken.map { Self.fingerprint($0, masking: [taken, "takn\(index)"]) }
                        == forFree.map { Self.fingerprint($0, masking: ["free\(index)@example.com", "free\(index)"]) },
                    "\(label)"
                )
            }
            // The owner was told, and still signs in; a free address's account signs in once verified.
            #expect(try await harness.backend.outbox.list(recipient: taken, limit: 100).contains { $0.message.purpose == "sign_up_attempt" })
            #expect(try await signIn(["email": taken, "password": "violet skies at dusk"]).status == .ok)
            let link = try await harness.latestLinkToken(to: "free0@example.com")
            #expect(try await client.send(.post, "/v1/auth/email/verify", json: ["token": link]).status == .noContent)
            #expect(try await signIn(["email": "free0@example.com", "password": password]).status == .ok)

            try await expectTimingRatio(within: 0.8...1.25, "median sign-up time, taken / free address") {
                try await medianTimeRatio(rounds: 30) { isTaken, _ in
                    let name = "timed\(UUID().uuidString.prefix(8).lowercased())"
                    let fields = ["email": isTaken ? taken : "\(name)@example.com", "username": name + (isTaken ? "t" : "f"), "password": password]
                    let status = try await signUp(fields).status
                    #expect(status == .created)
                }
            }
        }
    }

    /// A response as an attacker compares it: status, headers (but the request id), and the body
    /// with keys sorted, ids masked, and the given names (the address, the username) replaced.
    private static func fingerprint(_ response: TestResponse, masking names: [String]) -> String {
        var body = response.text
        if let object = try? JSONSerialization.jsonObject(with: response.body),
            let sorted = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        {
            body = String(decoding: sorted, as: UTF8.self)
        }
        for (index, name) in names.enumerated() { body = body.replacingOccurrences(of: name, with: "<name \(index)>") }
        body = body.replacing(/"requestId":"[^"]*"/, with: #""requestId":"-""#)
        body = body.replacing(/[0-9abcdefghjkmnpqrstvwxyz]{26}/, with: "<id>")
        let headers = response.headers.filter { $0.name != .init("X-Request-Id")! }.map { "\($0.name): \($0.value)" }.sorted()
        return "\(response.status.code) \(headers) \(body)"
    }

    @Test(arguments: TestStore.enabled) func takenEmailIsRevealedWhenTheAppSaysSo(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.auth.revealTakenEmails = true }
        try await harness.run { client in
            let first = try await client.signUp(["email": "a@example.com", "password": "correct horse battery"])
            #expect(first.value("session") != nil)
            let second = try await client.signUp(["email": "A@example.com", "password": "correct horse battery"])
            #expect(second.status == .conflict)
            #expect(second.string("code") == "duplicate_email")
        }
    }

    @Test(arguments: TestStore.enabled) func longPasswordsAreNotTruncated(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let base = String(repeating: "long-passphrase-", count: 6)  // 96 bytes, past bcrypt's 72
            _ = try await client.signUpUser("longpass", password: base + "A")
            #expect(try await client.signIn("longpass", password: base + "A").status == .ok)
            #expect(try await client.signIn("longpass", password: base + "B").status == .unauthorized)
        }
    }

    @Test(arguments: TestStore.enabled) func disabledMethodIsRefused(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.auth.signInMethods = [.email] }
        try await harness.run { client in
            let response = try await client.signUp(["username": "someone", "password": "correct horse battery"])
            #expect(response.status == .forbidden)
            #expect(response.string("code") == "method_disabled")
        }
    }
}
