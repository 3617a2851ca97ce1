import Foundation
import HTTPTypes
import LatchkeyServer
import LatchkeyTestSupport
import Testing

/// `/v1/me`: read, update, password change, deletion and export.
@Suite struct AccountTests {
    @Test(arguments: TestStore.enabled) func readAndUpdateProfile(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let tokens = try await client.signUpUser("quinn")
            let patched = try await client.send(
                .patch,
                "/v1/me",
                json: ["country": "jp", "dateOfBirth": "2010-05-06", "parentEmail": "p@example.com"],
                token: tokens.access
            )
            #expect(patched.status == .ok)
            #expect(patched.string("country") == "JP")
            #expect(patched.string("dateOfBirth") == "2010-05-06")
            let cleared = try await client.send(.patch, "/v1/me", json: ["country": NSNull()], token: tokens.access)
            #expect(cleared.value("country") == nil)
            #expect(cleared.string("dateOfBirth") == "2010-05-06")
            let me = try await client.send(.get, "/v1/me", token: tokens.access)
            #expect(me.string("username") == "quinn")
            #expect(me.value("country") == nil)
        }
    }

    @Test(arguments: TestStore.enabled) func updateValidatesAndRefusesPrivilegedFields(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            _ = try await client.signUpUser("taken-name")
            let tokens = try await client.signUpUser("rosa")
            let invalid = try await client.send(.patch, "/v1/me", json: ["country": "Narnia", "dateOfBirth": "2999-01-01"], token: tokens.access)
            #expect(invalid.status == .unprocessableContent)
            #expect(Set(invalid.fieldCodes) == ["invalid_country", "invalid_date_of_birth"])
            let taken = try await client.send(.patch, "/v1/me", json: ["username": "TAKEN-NAME"], token: tokens.access)
            #expect(taken.status == .conflict)
            for field in ["emailVerified", "disabled", "id", "email"] {
                let response = try await client.send(.patch, "/v1/me", json: [field: true], token: tokens.access)
                #expect(response.status == .badRequest, "\(field)")
                #expect(response.string("code") == "unknown_field")
            }
            let signUp = try await client.send(
                .post,
                "/v1/auth/signup",
                json: ["username": "sneaky", "password": "correct horse battery", "emailVerified": true],
                app: client.clientID
            )
            #expect(signUp.status == .badRequest)
            #expect(signUp.fieldCodes == ["unknown_field"])
        }
    }

    @Test(arguments: TestStore.enabled) func changePasswordEndsOtherSessions(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let other = try await client.signUpUser("sam")
            let current = try #require(try await client.signIn("sam").string("session.accessToken"))
            let wrong = try await client.send(
                .post,
                "/v1/me/password",
                json: ["currentPassword": "nope nope nope", "newPassword": "a brand new secret"],
                token: current
            )
            #expect(wrong.status == .forbidden)
            #expect(wrong.string("code") == "wrong_password")
            let weak = try await client.send(
                .post,
                "/v1/me/password",
                json: ["currentPassword": "correct horse battery", "newPassword": "password"],
                token: current
            )
            #expect(weak.fieldCodes == ["invalid_password"])
            let changed = try await client.send(
                .post,
                "/v1/me/password",
                json: ["currentPassword": "correct horse battery", "newPassword": "a brand new secret"],
                token: current
            )
            #expect(changed.status == .noContent)
            #expect(try await client.send(.get, "/v1/me", token: other.access).status == .unauthorized)
            #expect(try await client.send(.get, "/v1/me", token: current).status == .ok)
            #expect(try await client.signIn("sam").status == .unauthorized)
            #expect(try await client.signIn("sam", password: "a brand new secret").status == .ok)
        }
    }

    /// A stolen access token is not a takeover: changing the email and deleting the account need a
    /// sign-in or re-authentication within the app's window (five minutes by default); a refresh
    /// does not count; `POST /v1/me/reauthenticate` with the password opens the window again.
    @Test(arguments: TestStore.enabled) func sensitiveChangesNeedARecentAuthentication(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.auth.revealTakenEmails = true }
        try await harness.run { client in
            let signUp = try await client.signUp(["username": "rex", "email": "rex@example.com", "password": "correct horse battery"])
            let refresh = try #require(signUp.string("session.refreshToken"))
            harness.clock.advance(by: 301)
            let refreshed = try #require(try await client.refresh(refresh).string("session.accessToken"))
            let sensitive: [(HTTPRequest.Method, String, [String: String]?)] = [
                (.post, "/v1/me/email", ["email": "rex2@example.com"]), (.delete, "/v1/me", nil),
            ]
            for (method, path, body) in sensitive {
                let refused = try await client.send(method, path, json: body, token: refreshed)
                #expect(refused.status == .forbidden, "\(path)")
                #expect(refused.string("code") == "reauthentication_required", "\(path)")
            }
            let reauthenticate = { (body: [String: String]) in
                try await client.send(.post, "/v1/me/reauthenticate", json: body, token: refreshed)
            }
            let wrong = try await reauthenticate(["password": "not my password"])
            #expect(wrong.status == .forbidden)
            #expect(wrong.string("code") == "wrong_password")
            #expect(try await reauthenticate([:]).status == .badRequest)
            #expect(try await reauthenticate(["password": "correct horse battery", "pin": "123456"]).status == .badRequest)
            #expect(try await client.send(.post, "/v1/me/email", json: ["email": "rex2@example.com"], token: refreshed).status == .forbidden)

            #expect(try await reauthenticate(["password": "correct horse battery"]).status == .noContent)
            #expect(try await client.send(.post, "/v1/me/email", json: ["email": "rex2@example.com"], token: refreshed).status == .accepted)
            harness.clock.advance(by: 301)
            #expect(try await client.send(.delete, "/v1/me", token: refreshed).string("code") == "reauthentication_required")
            let signedIn = try #require(try await client.signIn("rex").string("session.accessToken"))
            #expect(try await client.send(.delete, "/v1/me", token: signedIn).status == .noContent)
        }
    }

    /// The current-password check of a password change (and of a re-authentication) counts and
    /// locks like sign-in: after the account's limit even the right password is refused, and
    /// sign-in is locked too, until the window has passed.
    @Test(arguments: TestStore.enabled) func currentPasswordChecksAreThrottledLikeSignIn(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.auth.accountFailureLimit = 3 }
        try await harness.run { client in
            let tokens = try await client.signUpUser("guessed")
            func change(from current: String) async throws -> TestResponse {
                try await client.send(
                    .post,
                    "/v1/me/password",
                    json: ["currentPassword": current, "newPassword": "a brand new secret"],
                    token: tokens.access
                )
            }
            for guess in 0..<2 { #expect(try await change(from: "guess number \(guess)").string("code") == "wrong_password") }
            let wrongReauthentication = try await client.send(
                .post,
                "/v1/me/reauthenticate",
                json: ["password": "guess number 2"],
                token: tokens.access
            )
            #expect(wrongReauthentication.string("code") == "wrong_password")
            let locked = try await change(from: "correct horse battery")
            #expect(locked.status == .forbidden)
            #expect(locked.string("code") == "wrong_password")
            #expect(try await client.signIn("guessed").status == .unauthorized)
            harness.clock.advance(by: 901)
            #expect(try await change(from: "correct horse battery").status == .noContent)
            #expect(try await client.signIn("guessed", password: "a brand new secret").status == .ok)
        }
    }

    /// An email change tells the address it replaced, with a single-use link that puts that
    /// address back and signs everyone out — the owner's way back from a takeover.
    @Test(arguments: TestStore.enabled) func anEmailChangeSendsTheOldAddressAnUndoLink(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.auth.revealTakenEmails = true }
        try await harness.run { client in
            let signUp = try await client.signUp(["email": "owner@example.com", "password": "correct horse battery"])
            let access = try #require(signUp.string("session.accessToken"))
            #expect(try await client.send(.post, "/v1/me/email", json: ["email": "thief@example.com"], token: access).status == .accepted)
            let change = try await harness.latestLinkToken(to: "thief@example.com")
            var changed: HTTPResponse.Status?
            let notice = try await harness.message(to: "owner@example.com") {
                changed = try await client.send(.post, "/v1/auth/email/verify", json: ["token": change]).status
            }
            #expect(changed == .noContent)
            #expect(notice.subject == "The email of your Test App account was changed")
            #expect(notice.body.contains("thief@example.com"))
            #expect(try await client.me(access).string("email") == "thief@example.com")

            let undo = try TestHarness.linkToken(in: notice)
            #expect(try await client.send(.post, "/v1/auth/email/verify", json: ["token": undo]).status == .noContent)
            #expect(try await client.me(access).status == .unauthorized)
            let back = try await client.send(
                .post,
                "/v1/auth/signin",
                json: ["email": "owner@example.com", "password": "correct horse battery"],
                app: client.clientID
            )
            #expect(back.status == .ok)
            #expect(back.string("user.email") == "owner@example.com")
            #expect(try await client.send(.post, "/v1/auth/email/verify", json: ["token": undo]).string("code") == "code_expired")
        }
    }

    @Test(arguments: TestStore.enabled) func deleteAccountPurgesEverything(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let tokens = try await client.signUpUser("tina")
            #expect(try await client.send(.delete, "/v1/me", token: tokens.access).status == .noContent)
            #expect(try await client.send(.get, "/v1/me", token: tokens.access).status == .unauthorized)
            #expect(try await client.refresh(tokens.refresh).status == .unauthorized)
            #expect(try await client.signIn("tina").status == .unauthorized)
            #expect(try await client.signUp(["username": "tina", "password": "correct horse battery"]).status == .created)
        }
    }

    @Test(arguments: TestStore.enabled) func exportHoldsTheAccountAndSessions(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let tokens = try await client.signUpUser("uma")
            _ = try await client.signIn("uma")
            let export = try await client.send(.get, "/v1/me/export", token: tokens.access)
            #expect(export.status == .ok)
            #expect(export.string("user.username") == "uma")
            #expect(export.string("clientId") == harness.app.clientID)
            #expect((export.value("sessions") as? [Any])?.count == 2)
            #expect(!export.text.contains("password_hash") && !export.text.contains("$2b$"))
        }
    }

    @Test(arguments: TestStore.enabled) func appsAreIsolated(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let other = try await harness.makeApp(name: "Other")
        try await harness.run { client in
            let tokens = try await client.signUpUser("vera")
            let elsewhere = try await client.send(
                .post,
                "/v1/auth/signin",
                json: ["username": "vera", "password": "correct horse battery"],
                app: other.app.clientID
            )
            #expect(elsewhere.status == .unauthorized)
            let mismatch = try await client.send(.get, "/v1/me", token: tokens.access, app: other.app.clientID)
            #expect(mismatch.status == .unauthorized)
            #expect(mismatch.string("code") == "client_mismatch")
            let refreshElsewhere = try await client.send(
                .post,
                "/v1/auth/refresh",
                json: ["refreshToken": tokens.refresh],
                app: other.app.clientID
            )
            #expect(refreshElsewhere.status == .unauthorized)
            let sameName = try await client.send(
                .post,
                "/v1/auth/signup",
                json: ["username": "vera", "password": "correct horse battery"],
                app: other.app.clientID
            )
            #expect(sameName.status == .created)
            let unknownApp = try await client.send(.post, "/v1/auth/signin", json: ["username": "vera", "password": "x"], app: "lk_nope")
            #expect(unknownApp.string("code") == "unknown_client")
        }
    }
}
