import Foundation
import HTTPTypes
import HummingbirdTesting
import LatchkeyServer
import Testing

/// Sign-in outcomes, enumeration resistance and failure throttling.
@Suite struct SignInTests {
    @Test(arguments: TestStore.enabled) func signInByUsernameAndEmail(store: TestStore) async throws {
        // An app that says "taken" (one that hides it signs an email account in once it is verified).
        let harness = try await TestHarness.make(store: store) { $0.auth.revealTakenEmails = true }
        try await harness.run { client in
            _ = try await client.signUp(["username": "bob", "email": "bob@example.com", "password": "correct horse battery"])
            let byName = try await client.signIn("BOB")
            #expect(byName.status == .ok)
            #expect(byName.string("user.username") == "bob")
            #expect(byName.string("session.accessToken") != nil)
            let byEmail = try await client.send(
                .post,
                "/v1/auth/signin",
                json: ["email": "Bob@Example.com", "password": "correct horse battery"],
                app: client.clientID
            )
            #expect(byEmail.status == .ok)
        }
    }

    /// Wilddog's InvalidEmail: a malformed address is a typed field error, not wrong credentials.
    @Test(arguments: TestStore.enabled) func aMalformedEmailIsInvalidEmail(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            for email in ["not an email", "ada@", "@example.com"] {
                let answer = try await client.send(
                    .post,
                    "/v1/auth/signin",
                    json: ["email": email, "password": "correct horse battery"],
                    app: client.clientID
                )
                #expect(answer.status == .unprocessableContent, "\(email)")
                #expect(answer.string("code") == "invalid_email", "\(email)")
                let signUp = try await client.send(
                    .post,
                    "/v1/auth/signup",
                    json: ["email": email, "password": "correct horse battery"],
                    app: client.clientID
                )
                #expect(signUp.string("code") == "invalid_email", "\(email)")
            }
            // A well-formed unknown address still answers as wrong credentials.
            let unknown = try await client.send(
                .post,
                "/v1/auth/signin",
                json: ["email": "nobody@example.com", "password": "correct horse battery"],
                app: client.clientID
            )
            #expect(unknown.string("code") == "invalid_credentials")
        }
    }

    @Test(arguments: TestStore.enabled) func unknownUserAndWrongPasswordLookTheSame(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            _ = try await client.signUpUser("carol")
            let wrong = try await client.signIn("carol", password: "wrong password here")
            let unknown = try await client.signIn("nobody-here", password: "wrong password here")
            #expect(wrong.status == .unauthorized)
            #expect(unknown.status == .unauthorized)
            var wrongBody = wrong.json
            var unknownBody = unknown.json
            wrongBody["requestId"] = nil
            unknownBody["requestId"] = nil
            #expect(NSDictionary(dictionary: wrongBody).isEqual(to: unknownBody))
            #expect(wrong.string("code") == "invalid_credentials")
        }
    }

    /// Wrong passwords lock a name from the address they came from, never for its owner
    /// elsewhere: however many addresses guess at a name, the right password from a fresh one
    /// signs in. A name locked from an address answers like a wrong password — a made-up name
    /// locks alike — so a lock tells nothing about who exists.
    @Test(arguments: TestStore.enabled) func failuresLockANameOnlyFromTheirAddress(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) {
            $0.auth.accountFailureLimit = 3
        } configureServer: {
            $0.trustedProxies = ["127.0.0.1"]
        }
        try await harness.run(.live) { client in
            _ = try await client.signUpUser("dave")
            func from(_ address: String) -> HTTPFields { [.forwardedFor: address] }
            for attacker in 1...4 {
                for _ in 0..<3 {
                    let wrong = try await client.signIn("DAVE", password: "not the password", headers: from("203.0.113.\(attacker)"))
                    #expect(wrong.status == .unauthorized)
                    _ = try await client.signIn("nobody-here", password: "not the password", headers: from("203.0.113.\(attacker)"))
                }
            }
            let locked = try await client.signIn("dave", headers: from("203.0.113.1"))
            let lockedUnknown = try await client.signIn("nobody-here", headers: from("203.0.113.1"))
            #expect(locked.status == .unauthorized && locked.string("code") == "invalid_credentials")
            var lockedBody = locked.json
            var unknownBody = lockedUnknown.json
            lockedBody["requestId"] = nil
            unknownBody["requestId"] = nil
            #expect(NSDictionary(dictionary: lockedBody).isEqual(to: unknownBody))
            // Twelve failures from four addresses: the owner, from theirs, is not held up.
            #expect(try await client.signIn("dave", headers: from("198.51.100.9")).status == .ok)
            harness.clock.advance(by: 901)
            #expect(try await client.signIn("dave", headers: from("203.0.113.1")).status == .ok)
        }
    }

    @Test(arguments: TestStore.enabled) func ipIsThrottledWith429AndForwardedForIsIgnoredFromUntrustedPeers(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.auth.ipFailureLimit = 4 }
        try await harness.run(.live) { client in
            for index in 0..<4 {
                let spoofed: HTTPFields = [HTTPField.Name("X-Forwarded-For")!: "10.0.0.\(index)"]
                let response = try await client.signIn("user\(index)", password: "wrong password", headers: spoofed)
                #expect(response.status == .unauthorized)
            }
            let throttled = try await client.signIn("anyone", password: "whatever it is")
            #expect(throttled.status == .tooManyRequests)
            #expect(throttled.string("code") == "rate_limited")
            #expect(Int(throttled.headers[.retryAfter] ?? "") ?? 0 > 0)
        }
    }

    /// An IPv6 client is counted by its /64, in every throttle keyed by IP.
    @Test(arguments: TestStore.enabled) func ipv6ClientsAreThrottledPerSlash64(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) {
            $0.auth.ipFailureLimit = 3
            $0.auth.ipSignUpLimit = 2
        } configureServer: {
            $0.trustedProxies = ["127.0.0.1"]
        }
        try await harness.run(.live) { client in
            func from(_ address: String) -> HTTPFields { [.forwardedFor: address] }
            for address in ["2001:db8:1:2::1", "2001:DB8:1:2:0:0:0:2", "2001:db8:1:2:ffff:ffff:ffff:fffe"] {
                #expect(try await client.signIn("nobody", password: "wrong password", headers: from(address)).status == .unauthorized)
            }
            let sameSlash64 = try await client.signIn("nobody", password: "wrong password", headers: from("2001:db8:1:2:abcd::9"))
            #expect(sameSlash64.status == .tooManyRequests)
            #expect(try await client.signIn("nobody", password: "wrong password", headers: from("2001:db8:1:3::1")).status == .unauthorized)
            // IPv4 clients stay per address, the same whether mapped into IPv6 or not.
            for _ in 0..<3 {
                #expect(try await client.signIn("nobody", password: "wrong password", headers: from("192.0.2.1")).status == .unauthorized)
            }
            #expect(try await client.signIn("nobody", password: "wrong password", headers: from("::ffff:192.0.2.1")).status == .tooManyRequests)
            #expect(try await client.signIn("nobody", password: "wrong password", headers: from("192.0.2.2")).status == .unauthorized)

            // The sign-up limit counts the /64 as well.
            func signUp(_ name: String, from address: String) async throws -> TestResponse {
                try await client.send(
                    .post,
                    "/v1/auth/signup",
                    json: ["username": name, "password": "correct horse battery"],
                    app: client.clientID,
                    headers: from(address)
                )
            }
            #expect(try await signUp("six1", from: "2001:db8:9:9::1").status == .created)
            #expect(try await signUp("six2", from: "2001:db8:9:9:1::2").status == .created)
            #expect(try await signUp("six3", from: "2001:db8:9:9:2::3").status == .tooManyRequests)
            #expect(try await signUp("six3", from: "2001:db8:9:a::3").status == .created)
        }
    }

    @Test(arguments: TestStore.enabled) func disabledUserCannotSignInAndLosesSessions(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let tokens = try await client.signUpUser("erin")
            let me = try await client.send(.get, "/v1/me", token: tokens.access)
            let id = try #require(me.string("id"))
            try await harness.backend.setUserDisabled(true, userID: id, appID: harness.app.id)
            #expect(try await client.send(.get, "/v1/me", token: tokens.access).status == .unauthorized)
            #expect(try await client.refresh(tokens.refresh).status == .unauthorized)
            let signIn = try await client.signIn("erin")
            #expect(signIn.status == .forbidden)
            #expect(signIn.string("code") == "account_disabled")
            try await harness.backend.setUserDisabled(false, userID: id, appID: harness.app.id)
            #expect(try await client.signIn("erin").status == .ok)
        }
    }

    @Test(arguments: TestStore.enabled) func rehashesWhenTheAppRaisesTheCost(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            _ = try await client.signUpUser("frank")
            var app = harness.app
            app.settings.auth.bcryptCost = 11
            try await harness.backend.apps.update(app)
            harness.clock.advance(by: 10)  // let the app cache expire
            #expect(try await client.signIn("frank").status == .ok)
            #expect(try await client.signIn("frank").status == .ok)
        }
    }
}
