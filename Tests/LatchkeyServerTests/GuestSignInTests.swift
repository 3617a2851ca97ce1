import Foundation
import HTTPTypes
import HummingbirdTesting
import LatchkeyServer
import LatchkeyTestSupport
import Testing

/// Guests: anonymous and device sign-in, their throttle, cap and janitor purge, and the upgrade
/// in place that keeps a guest's user id and data or answers a conflict that touches no account.
@Suite struct GuestSignInTests {
    static let deviceID = "8F14E45F-CEEA-467A-9575-2E2E2A5B1C3D"

    /// An app with both guest sign-ins on, and `configure` applied.
    static func harness(_ store: TestStore, _ configure: @escaping (inout AppSettings) -> Void = { _ in }) async throws -> TestHarness {
        try await TestHarness.make(store: store) { settings in
            settings.auth.signInMethods.formUnion([.anonymous, .device])
            configure(&settings)
        }
    }

    @Test(arguments: TestStore.enabled) func guestSignInIsOffUntilTheAppTurnsItOn(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let anonymous = try await client.signInAnonymously()
            #expect(anonymous.status == .forbidden)
            #expect(anonymous.string("code") == "method_disabled")
            let device = try await client.signIn(deviceID: Self.deviceID)
            #expect(device.status == .forbidden)
            #expect(device.string("code") == "method_disabled")
        }
    }

    @Test(arguments: TestStore.enabled) func anonymousSignInMakesANewGuestEachTime(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run { client in
            let first = try await client.signInAnonymously()
            #expect(first.status == .created)
            #expect(first.value("user.isAnonymous") as? Bool == true)
            #expect(first.string("user.uid")?.hasPrefix("anonymous:") == true)
            let access = try #require(first.string("session.accessToken"))
            #expect(Self.claims(of: access)["is_anonymous"] as? Bool == true)
            let me = try await client.send(.get, "/v1/me", token: access)
            #expect(me.value("isAnonymous") as? Bool == true)

            let second = try await client.signInAnonymously()
            #expect(second.status == .created)
            #expect(second.string("user.id") != first.string("user.id"))
        }
    }

    @Test(arguments: TestStore.enabled) func theSameDeviceIDSignsInToTheSameUser(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run { client in
            let created = try await client.signIn(deviceID: Self.deviceID)
            #expect(created.status == .created)
            #expect(created.value("user.isAnonymous") as? Bool == true)
            #expect(created.string("user.uid")?.hasPrefix("device:") == true)
            let again = try await client.signIn(deviceID: Self.deviceID)
            #expect(again.status == .ok)
            #expect(again.string("user.id") == created.string("user.id"))
            // Only a digest of the id is stored, never the id itself.
            #expect(again.text.contains(Self.deviceID) == false)
            let other = try await client.signIn(deviceID: "another-device-id-0001")
            #expect(other.status == .created)
            #expect(other.string("user.id") != created.string("user.id"))
        }
    }

    @Test(arguments: TestStore.enabled) func badDeviceIDsAreTypedErrors(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run { client in
            let tooLong = String(repeating: "a", count: 129)
            for deviceID in ["", "short-id", tooLong, "has spaces in the device id", "ünïcödé-device-identifier", "a/b/c/d/e/f/g/h/i/j"] {
                let response = try await client.signIn(deviceID: deviceID)
                #expect(response.status == .badRequest, "\(deviceID)")
                #expect(response.string("code") == "invalid_device_id", "\(deviceID)")
                #expect(response.fieldCodes == ["invalid_device_id"], "\(deviceID)")
            }
            // The request reader refuses these before the device id is looked at (NUL in any string).
            for body in [[:], ["deviceId": 42], ["deviceId": Self.deviceID, "admin": true], ["deviceId": "nul\u{0}-device-identifier"]]
                as [[String: any Sendable]]
            {
                let response = try await client.send(.post, "/v1/auth/device", json: body, app: client.clientID)
                #expect(response.status == .badRequest, "\(body)")
            }
            #expect(try await client.signIn(deviceID: String(repeating: "a", count: 128)).status == .created)
        }
    }

    /// New guests spend the IP's sign-up budget; a device that has its guest still signs in.
    @Test(arguments: TestStore.enabled) func newGuestsAreLimitedPerIP(store: TestStore) async throws {
        let harness = try await Self.harness(store) { $0.auth.ipSignUpLimit = 2 }
        try await harness.run(.live) { client in
            #expect(try await client.signIn(deviceID: Self.deviceID).status == .created)
            #expect(try await client.signInAnonymously().status == .created)
            let limited = try await client.signInAnonymously()
            #expect(limited.status == .tooManyRequests)
            #expect(limited.string("code") == "rate_limited")
            #expect(Int(limited.headers[.retryAfter] ?? "") ?? 0 > 0)
            #expect(try await client.signIn(deviceID: "another-device-id-0001").status == .tooManyRequests)
            #expect(try await client.signUp(["username": "ann", "password": "correct horse battery"]).status == .tooManyRequests)
            #expect(try await client.signIn(deviceID: Self.deviceID).status == .ok)
            harness.clock.advance(by: 3_601)
            #expect(try await client.signInAnonymously().status == .created)
        }
    }

    @Test(arguments: TestStore.enabled) func guestsAreCappedPerApp(store: TestStore) async throws {
        let harness = try await Self.harness(store) { $0.guests.guestLimit = 2 }
        try await harness.run { client in
            let first = try #require(try await client.signInAnonymously().string("session.accessToken"))
            #expect(try await client.signIn(deviceID: Self.deviceID).status == .created)
            let capped = try await client.signInAnonymously()
            #expect(capped.status == .forbidden)
            #expect(capped.string("code") == "guest_limit_reached")
            #expect(try await client.signIn(deviceID: "another-device-id-0001").string("code") == "guest_limit_reached")
            #expect(try await client.signIn(deviceID: Self.deviceID).status == .ok)
            // An upgraded guest no longer counts.
            #expect(try await client.upgrade(first, ["username": "ann", "password": "correct horse battery"]).status == .ok)
            #expect(try await client.signInAnonymously().status == .created)
        }
    }

    /// Fifty guests made at once of an app allowing ten: exactly ten.
    @Test(arguments: TestStore.enabled) func parallelNewGuestsStayWithinTheCap(store: TestStore) async throws {
        let harness = try await Self.harness(store) { $0.guests.guestLimit = 10 }
        try await harness.run { client in
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<50 { group.addTask { try await client.signInAnonymously().status } }
                return try await group.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .created }.count == 10)
            #expect(statuses.filter { $0 == .forbidden }.count == 40)
        }
    }

    /// A guest idle past `guestIdleDays` is deleted whole; a sign-in moves its purge, and an
    /// upgraded guest is never purged.
    @Test(arguments: TestStore.enabled) func idleGuestsArePurgedAndUpgradedOnesStay(store: TestStore) async throws {
        let harness = try await Self.harness(store) { $0.guests.guestIdleDays = 1 }
        try await harness.run { client in
            #expect(try await client.signInAnonymously().status == .created)
            let upgraded = try #require(try await client.signInAnonymously().string("session.accessToken"))
            #expect(try await client.upgrade(upgraded, ["username": "ann", "password": "correct horse battery"]).status == .ok)
            #expect(try await client.signIn(deviceID: Self.deviceID).status == .created)
            harness.clock.advance(by: 18 * 3_600)
            #expect(try await harness.backend.janitor.sweep()["idleGuests"] == nil)
            #expect(try await client.signIn(deviceID: Self.deviceID).status == .ok)
            harness.clock.advance(by: 7 * 3_600)
            #expect(try await harness.backend.janitor.sweep()["idleGuests"] == 1)
            #expect(try await client.signIn("ann").status == .ok)
            let device = try await client.signIn(deviceID: Self.deviceID)
            #expect(device.status == .ok)
            harness.clock.advance(by: 30 * 86_400)
            #expect(try await harness.backend.janitor.sweep()["idleGuests"] == 1)
            #expect(try await client.signIn("ann").status == .ok)
            #expect(try await client.signIn(deviceID: Self.deviceID).status == .created)
        }
    }

    /// A guest who keeps a session alive by refreshing it is not idle, though it never signs in again.
    @Test(arguments: TestStore.enabled) func aGuestWhoseSessionIsRefreshedIsNotPurged(store: TestStore) async throws {
        let harness = try await Self.harness(store) { settings in
            settings.guests.guestIdleDays = 1
            settings.auth.sessionTTL = 7 * 86_400
        }
        try await harness.run { client in
            let guest = try await client.signIn(deviceID: Self.deviceID)
            var refreshToken = try #require(guest.string("session.refreshToken"))
            for _ in 0..<2 {
                harness.clock.advance(by: 20 * 3_600)
                let refreshed = try await client.refresh(refreshToken)
                #expect(refreshed.status == .ok)
                refreshToken = try #require(refreshed.string("session.refreshToken"))
            }
            // 50 h after the sign-in, 10 h after the last refresh: still here.
            harness.clock.advance(by: 10 * 3_600)
            #expect(try await harness.backend.janitor.sweep()["idleGuests"] == nil)
            #expect(try await client.signIn(deviceID: Self.deviceID).status == .ok)
            // A day and more without a sign-in or a refresh: gone.
            harness.clock.advance(by: 25 * 3_600)
            #expect(try await harness.backend.janitor.sweep()["idleGuests"] == 1)
            #expect(try await client.signIn(deviceID: Self.deviceID).status == .created)
        }
    }

    @Test(arguments: TestStore.enabled) func upgradeByPasswordKeepsTheUserIDAndData(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run { client in
            let guest = try await client.signIn(deviceID: Self.deviceID)
            let userID = try #require(guest.string("user.id"))
            let access = try #require(guest.string("session.accessToken"))
            let saved = Data(#"{"level":7}"#.utf8)
            #expect(try await client.send(.put, "/v1/me/appdata/progress", raw: saved, token: access).status == .created)

            let upgraded = try await client.upgrade(access, ["username": "ann", "email": "ann@example.com", "password": "correct horse battery"])
            #expect(upgraded.status == .ok)
            #expect(upgraded.string("id") == userID)
            #expect(upgraded.value("isAnonymous") as? Bool == false)
            #expect(upgraded.string("username") == "ann")
            // The app hides taken emails: the email is the user's once its link is used, verified.
            #expect(upgraded.string("email") == nil)
            let link = try await harness.latestLinkToken(to: "ann@example.com")
            #expect(try await client.send(.post, "/v1/auth/email/verify", json: ["token": link]).status == .noContent)
            let me = try await client.send(.get, "/v1/me", token: access)
            #expect(me.string("email") == "ann@example.com")
            #expect(me.value("emailVerified") as? Bool == true)
            let providers = ((upgraded.value("identities") as? [[String: Any]]) ?? []).compactMap { $0["provider"] as? String }
            #expect(Set(providers) == ["device", "password"])

            // The guest's session goes on; the data is the same user's.
            #expect(try await client.send(.get, "/v1/me/appdata/progress", token: access).body == saved)
            let signedIn = try await client.signIn("ann")
            #expect(signedIn.string("user.id") == userID)
            let token = try #require(signedIn.string("session.accessToken"))
            #expect(Self.claims(of: token)["is_anonymous"] == nil)
            #expect(try await client.send(.get, "/v1/me/appdata/progress", token: token).body == saved)
            #expect(try await client.signIn(deviceID: Self.deviceID).string("user.id") == userID)

            let again = try await client.upgrade(token, ["username": "bob", "password": "correct horse battery"])
            #expect(again.status == .conflict)
            #expect(again.string("code") == "not_anonymous")
        }
    }

    /// Where taken emails are hidden, an upgrade to a taken email answers as one to a free email
    /// does, and changes neither account; its link fails for whoever reads that inbox.
    @Test(arguments: TestStore.enabled) func anUpgradeToATakenEmailRevealsNothingWhereTakenEmailsAreHidden(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run { client in
            let owner = try await client.signUpUser("owner").access
            #expect(try await client.send(.post, "/v1/me/email", json: ["email": "taken@example.com"], token: owner).status == .accepted)
            let ownersLink = try await harness.latestLinkToken(to: "taken@example.com")
            #expect(try await client.send(.post, "/v1/auth/email/verify", json: ["token": ownersLink]).status == .noContent)
            var answers: [TestResponse] = []
            for email in ["taken@example.com", "free@example.com"] {
                let guest = try #require(try await client.signInAnonymously().string("session.accessToken"))
                answers.append(try await client.upgrade(guest, ["email": email, "password": "correct horse battery"]))
            }
            #expect(answers.map(\.status) == [.ok, .ok])
            #expect(answers.map { $0.string("email") } == [nil, nil])
            #expect(Set(answers.map { Set($0.json.keys) }).count == 1)
            let taken = try await client.send(
                .post,
                "/v1/auth/email/verify",
                json: ["token": try await harness.latestLinkToken(to: "taken@example.com")]
            )
            #expect(taken.status == .conflict)
            #expect(taken.fieldCodes == ["duplicate_email"])
            #expect(try await client.send(.get, "/v1/me", token: owner).string("email") == "taken@example.com")
        }
    }

    @Test(arguments: TestStore.enabled) func upgradeRequestsAreValidatedLikeSignUps(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run { client in
            let access = try #require(try await client.signInAnonymously().string("session.accessToken"))
            #expect(try await client.upgrade(access, ["password": "correct horse battery"]).string("code") == "invalid_request")
            let weak = try await client.upgrade(access, ["username": "ann", "password": "short"])
            #expect(weak.status == .unprocessableContent)
            #expect(weak.string("code") == "invalid_password")
            #expect(try await client.upgrade(access, ["username": "a b", "password": "correct horse battery"]).string("code") == "invalid_username")
            #expect(try await client.upgrade(access, ["email": "nope", "password": "correct horse battery"]).string("code") == "invalid_email")
            let unknown = try await client.send(
                .post,
                "/v1/me/upgrade",
                json: ["username": "ann", "password": "correct horse battery", "emailVerified": true],
                token: access
            )
            #expect(unknown.status == .badRequest)
            #expect(try await client.send(.post, "/v1/me/upgrade", json: ["username": "ann", "password": "x"]).status == .unauthorized)
            #expect(try await client.send(.get, "/v1/me", token: access).value("isAnonymous") as? Bool == true)
        }
    }

    /// Taking on another account's username or email answers `account_conflict` naming it, and
    /// neither account changes: the guest stays a guest with its data, the owner keeps theirs.
    @Test(arguments: TestStore.enabled) func upgradeToAnIdentityOfAnotherAccountIsAConflictThatTouchesNeither(store: TestStore) async throws {
        let harness = try await Self.harness(store) { $0.auth.revealTakenEmails = true }
        try await harness.run { client in
            let owner = try await client.signUp(["username": "ann", "email": "ann@example.com", "password": "correct horse battery"])
            let ownerID = try #require(owner.string("user.id"))
            let ownerAccess = try #require(owner.string("session.accessToken"))
            let ownerData = Data(#"{"owner":true}"#.utf8)
            #expect(try await client.send(.put, "/v1/me/appdata/progress", raw: ownerData, token: ownerAccess).status == .created)

            let guest = try await client.signInAnonymously()
            let guestID = try #require(guest.string("user.id"))
            let access = try #require(guest.string("session.accessToken"))
            let guestData = Data(#"{"guest":true}"#.utf8)
            #expect(try await client.send(.put, "/v1/me/appdata/progress", raw: guestData, token: access).status == .created)

            for (field, body) in [
                ("username", ["username": "ANN", "password": "another good passphrase"]),
                ("email", ["username": "fresh", "email": "Ann@Example.com", "password": "another good passphrase"]),
            ] {
                let conflict = try await client.upgrade(access, body)
                #expect(conflict.status == .conflict)
                #expect(conflict.string("code") == "account_conflict")
                #expect(((conflict.value("errors") as? [[String: Any]])?.first?["field"] as? String) == field)
            }

            let me = try await client.send(.get, "/v1/me", token: access)
            #expect(me.string("id") == guestID)
            #expect(me.value("isAnonymous") as? Bool == true)
            #expect(me.string("username") == nil)
            #expect(try await client.send(.get, "/v1/me/appdata/progress", token: access).body == guestData)
            let signedIn = try await client.signIn("ann")
            #expect(signedIn.string("user.id") == ownerID)
            #expect(try await client.signIn("fresh").status == .unauthorized)
            let token = try #require(signedIn.string("session.accessToken"))
            #expect(try await client.send(.get, "/v1/me/appdata/progress", token: token).body == ownerData)
        }
    }

    /// Through the router, like the parallel sign-ups: one new device id used fifty times at
    /// once makes one user, and every call signs in to it.
    @Test(arguments: TestStore.enabled) func fiftyParallelDeviceSignInsOfOneNewIDCreateExactlyOneUser(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run { client in
            let answers = try await withThrowingTaskGroup(of: (HTTPResponse.Status, String?).self) { group in
                for _ in 0..<50 {
                    group.addTask {
                        let response = try await client.signIn(deviceID: Self.deviceID)
                        return (response.status, response.string("user.id"))
                    }
                }
                return try await group.reduce(into: [(HTTPResponse.Status, String?)]()) { $0.append($1) }
            }
            #expect(answers.filter { $0.0 == .created }.count == 1)
            #expect(answers.filter { $0.0 == .ok }.count == 49)
            #expect(Set(answers.map(\.1)).count == 1)
            #expect(answers.first?.1 != nil)
        }
    }

    /// The payload of a JWT, decoded without checking it.
    static func claims(of token: String) -> [String: Any] {
        let parts = token.split(separator: ".")
        guard parts.count == 3 else { return [:] }
        var payload = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        payload += String(repeating: "=", count: (4 - payload.count % 4) % 4)
        guard let data = Data(base64Encoded: payload) else { return [:] }
        return ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any]) ?? [:]
    }
}

extension Client {
    /// `POST /v1/auth/anonymous` for this client's app.
    func signInAnonymously() async throws -> TestResponse {
        try await send(.post, "/v1/auth/anonymous", app: clientID)
    }

    /// `POST /v1/auth/device` for this client's app.
    func signIn(deviceID: String) async throws -> TestResponse {
        try await send(.post, "/v1/auth/device", json: ["deviceId": deviceID], app: clientID)
    }

    /// `POST /v1/me/upgrade` with the guest's token.
    func upgrade(_ token: String, _ fields: [String: String]) async throws -> TestResponse {
        try await send(.post, "/v1/me/upgrade", json: fields, token: token)
    }
}
