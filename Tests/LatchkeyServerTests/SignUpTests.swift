import Foundation
import HTTPTypes
import HummingbirdTesting
import LatchkeyServer
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

    @Test(arguments: TestStore.enabled, [
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
    ])
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
                ])
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
                .post, "/v1/auth/signup", json: ["username": 5, "password": "correct horse battery"], app: client.clientID)
            #expect(wrongType.status == .badRequest)
            #expect(wrongType.fieldCodes == ["invalid_field"])
        }
    }

    @Test(arguments: TestStore.enabled) func signUpsAreLimitedPerIP(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.ipSignUpLimit = 3 }
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

    @Test(arguments: TestStore.enabled) func fiftyParallelSignUpsOfOneNameCreateExactlyOne(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run(.live) { client in
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
            // Only the first registration holds: its password signs in, the second's does not.
            let good = try await client.send(
                .post, "/v1/auth/signin", json: ["email": "PERSON@example.com", "password": "correct horse battery"], app: client.clientID)
            #expect(good.status == .ok)
            let other = try await client.send(
                .post, "/v1/auth/signin", json: ["email": "person@example.com", "password": "another good secret"], app: client.clientID)
            #expect(other.status == .unauthorized)
        }
    }

    @Test(arguments: TestStore.enabled) func takenEmailIsRevealedWhenTheAppSaysSo(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.revealTakenEmails = true }
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
        let harness = try await TestHarness.make(store: store) { $0.signInMethods = [.email] }
        try await harness.run { client in
            let response = try await client.signUp(["username": "someone", "password": "correct horse battery"])
            #expect(response.status == .forbidden)
            #expect(response.string("code") == "method_disabled")
        }
    }
}
