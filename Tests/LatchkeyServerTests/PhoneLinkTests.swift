import Foundation
import HTTPTypes
import HummingbirdTesting
import LatchkeyServer
import LatchkeyTestSupport
import Testing

/// Adding a phone number to a signed-in account (`/v1/me/phone*`): a guest upgraded in place, the
/// typed conflict only after the PIN proved the number, PINs bound to their user and purpose,
/// the recent sign-in for changes and the last-identity rule for removal.
@Suite struct PhoneLinkTests {
    static let phone = PhoneSignInTests.phone
    static let otherPhone = "+14155550177"

    @Test(arguments: TestStore.enabled) func aGuestWhoAddsANumberIsUpgradedInPlace(store: TestStore) async throws {
        let harness = try await GuestSignInTests.harness(store)
        try await harness.run { client in
            let guest = try await client.signInAnonymously()
            let guestID = try #require(guest.string("user.id"))
            let access = try #require(guest.string("session.accessToken"))
            let saved = Data(#"{"level":3}"#.utf8)
            #expect(try await client.send(.put, "/v1/me/appdata/progress", raw: saved, token: access).status == .created)

            let linked = try await client.linkPhone(Self.phone, token: access, harness)
            #expect(linked.status == .ok)
            #expect(linked.string("id") == guestID)
            #expect(linked.string("phone") == Self.phone)
            #expect(linked.value("isAnonymous") as? Bool == false)

            // The number signs in to the same user, whose data stayed.
            let requestID = try #require(try await client.startPhone(Self.phone).string("requestId"))
            let signedIn = try await client.verifyPhone(requestID, pin: try await harness.latestPIN(to: Self.phone))
            #expect(signedIn.status == .ok)
            #expect(signedIn.string("user.id") == guestID)
            let token = try #require(signedIn.string("session.accessToken"))
            #expect(try await client.send(.get, "/v1/me/appdata/progress", token: token).body == saved)
            #expect(try await client.upgrade(token, ["username": "ann", "password": "correct horse battery"]).string("code") == "not_anonymous")
        }
    }

    /// Sending answers alike for a taken and a free number; the conflict comes only with the right
    /// PIN — `account_conflict` on `phone` for a guest, `identity_in_use` for anyone else — and
    /// spends the PIN; neither account changes.
    @Test(arguments: TestStore.enabled) func aTakenNumberIsAConflictOnlyOnceThePINProvedIt(store: TestStore) async throws {
        let harness = try await GuestSignInTests.harness(store)
        try await harness.run { client in
            let ownerRequest = try #require(try await client.startPhone(Self.phone).string("requestId"))
            let owner = try await client.verifyPhone(ownerRequest, pin: try await harness.latestPIN(to: Self.phone))
            let ownerID = try #require(owner.string("user.id"))

            let guest = try #require(try await client.signInAnonymously().string("session.accessToken"))
            let taken = try await client.send(.post, "/v1/me/phone", json: ["phone": Self.phone], token: guest)
            let free = try await client.send(.post, "/v1/me/phone", json: ["phone": Self.otherPhone], token: guest)
            #expect([taken.status, free.status] == [.accepted, .accepted])
            #expect(Set(taken.json.keys) == Set(free.json.keys))

            let requestID = try #require(taken.string("requestId"))
            let pin = try await harness.latestPIN(to: Self.phone)
            let verify = { (pin: String) in
                try await client.send(.post, "/v1/me/phone/verify", json: ["phone": Self.phone, "requestId": requestID, "pin": pin], token: guest)
            }
            #expect(try await verify(pin == "000000" ? "111111" : "000000").string("code") == "invalid_code")
            let conflict = try await verify(pin)
            #expect(conflict.status == .conflict)
            #expect(conflict.string("code") == "account_conflict")
            #expect(((conflict.value("errors") as? [[String: Any]])?.first?["field"] as? String) == "phone")
            #expect(try await verify(pin).string("code") == "code_expired")
            let me = try await client.send(.get, "/v1/me", token: guest)
            #expect(me.value("isAnonymous") as? Bool == true)
            #expect(me.string("phone") == nil)

            let member = try await client.signUpUser("carol").access
            let again = try await client.linkPhone(Self.phone, token: member, harness)
            #expect(again.status == .conflict)
            #expect(again.string("code") == "identity_in_use")
            let ownerAgain = try await client.startPhone(Self.phone).string("requestId")
            let signedIn = try await client.verifyPhone(try #require(ownerAgain), pin: try await harness.latestPIN(to: Self.phone))
            #expect(signedIn.string("user.id") == ownerID)
        }
    }

    /// A link PIN is good only for the user it was sent for, and sign-in and link PINs do not
    /// stand in for each other.
    @Test(arguments: TestStore.enabled) func aLinkPINServesOnlyItsUserAndPurpose(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let ann = try await client.signUpUser("ann").access
            let bob = try await client.signUpUser("bob").access
            let sent = try await client.send(.post, "/v1/me/phone", json: ["phone": Self.phone], token: ann)
            let requestID = try #require(sent.string("requestId"))
            let pin = try await harness.latestPIN(to: Self.phone)
            let body = ["phone": Self.phone, "requestId": requestID, "pin": pin]
            #expect(try await client.send(.post, "/v1/me/phone/verify", json: body, token: bob).string("code") == "code_expired")
            #expect(try await client.verifyPhone(requestID, pin: pin).string("code") == "code_expired")

            let signInRequest = try #require(try await client.startPhone(Self.otherPhone).string("requestId"))
            let signInPIN = try await harness.latestPIN(to: Self.otherPhone)
            let foreign = ["phone": Self.otherPhone, "requestId": signInRequest, "pin": signInPIN]
            #expect(try await client.send(.post, "/v1/me/phone/verify", json: foreign, token: ann).string("code") == "code_expired")

            let linked = try await client.send(.post, "/v1/me/phone/verify", json: body, token: ann)
            #expect(linked.status == .ok)
            #expect(linked.string("phone") == Self.phone)
            #expect(try await client.send(.get, "/v1/me", token: bob).string("phone") == nil)
        }
    }

    /// A member replaces or removes their number only within the recent sign-in window; the old
    /// number stops signing in to them; the last way to sign in stays.
    @Test(arguments: TestStore.enabled) func changesNeedARecentSignInAndTheLastWayInStays(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let ann = try await client.signUp(["username": "ann", "password": "correct horse battery"])
            let annID = try #require(ann.string("user.id"))
            let access = try #require(ann.string("session.accessToken"))
            #expect(try await client.send(.delete, "/v1/me/phone", token: access).status == .notFound)
            #expect(try await client.linkPhone(Self.phone, token: access, harness).string("phone") == Self.phone)

            harness.clock.advance(by: 301)
            let stale = try await client.send(.post, "/v1/me/phone", json: ["phone": Self.otherPhone], token: access)
            #expect(stale.string("code") == "reauthentication_required")
            #expect(try await client.send(.delete, "/v1/me/phone", token: access).string("code") == "reauthentication_required")
            let proof = ["password": "correct horse battery"]
            #expect(try await client.send(.post, "/v1/me/reauthenticate", json: proof, token: access).status == .noContent)
            let replaced = try await client.linkPhone(Self.otherPhone, token: access, harness)
            #expect(replaced.string("phone") == Self.otherPhone)
            let providers = ((replaced.value("identities") as? [[String: Any]]) ?? []).compactMap { $0["subject"] as? String }
            #expect(!providers.contains(Self.phone))

            // The old number is free again: its sign-in makes a new user.
            let oldNumber = try #require(try await client.startPhone(Self.phone).string("requestId"))
            let newcomer = try await client.verifyPhone(oldNumber, pin: try await harness.latestPIN(to: Self.phone))
            #expect(newcomer.status == .created)
            #expect(newcomer.string("user.id") != annID)
            let newcomerAccess = try #require(newcomer.string("session.accessToken"))
            #expect(try await client.send(.delete, "/v1/me/phone", token: newcomerAccess).string("code") == "last_identity")

            let removed = try await client.send(.delete, "/v1/me/phone", token: access)
            #expect(removed.status == .ok)
            #expect(removed.string("phone") == nil)
            let start = try #require(try await client.startPhone(Self.otherPhone).string("requestId"))
            #expect(
                try await client.verifyPhone(start, pin: try await harness.latestPIN(to: Self.otherPhone), phone: Self.otherPhone).status == .created
            )
        }
    }

    /// Bad numbers, apps without phone sign-in and children awaiting consent are refused.
    @Test(arguments: TestStore.enabled) func badNumbersAndAppsWithoutPhoneAreTypedErrors(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.auth.signInMethods.remove(.phone) }
        try await harness.run { client in
            let access = try await client.signUpUser("ann").access
            #expect(try await client.send(.post, "/v1/me/phone", json: ["phone": Self.phone], token: access).string("code") == "method_disabled")
        }
        let open = try await TestHarness.make(store: store)
        try await open.run { client in
            let access = try await client.signUpUser("ann").access
            let bad = try await client.send(.post, "/v1/me/phone", json: ["phone": "0415 555 0123"], token: access)
            #expect(bad.status == .badRequest)
            #expect(bad.string("code") == "invalid_phone")
            let long = ["phone": Self.phone, "requestId": String(repeating: "r", count: 65), "pin": "123456"]
            #expect(try await client.send(.post, "/v1/me/phone/verify", json: long, token: access).string("code") == "code_expired")
            #expect(try await client.send(.post, "/v1/me/phone", json: ["phone": Self.phone]).status == .unauthorized)
            let child = try await client.signUpChild("kid").access
            #expect(try await client.send(.post, "/v1/me/phone", json: ["phone": Self.phone], token: child).status == .forbidden)
        }
    }

    /// Fifty verifications of one PIN at once: one adds the number, the others find it spent.
    @Test(arguments: TestStore.enabled) func fiftyParallelUsesOfOneLinkPINLinkOnce(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.auth.ipFailureLimit = 1_000 }
        try await harness.run { client in
            let access = try await client.signUpUser("ann").access
            let requestID = try #require(try await client.send(.post, "/v1/me/phone", json: ["phone": Self.phone], token: access).string("requestId"))
            let body = ["phone": Self.phone, "requestId": requestID, "pin": try await harness.latestPIN(to: Self.phone)]
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<50 { group.addTask { try await client.send(.post, "/v1/me/phone/verify", json: body, token: access).status } }
                return try await group.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .ok }.count == 1)
            #expect(statuses.filter { $0 == .badRequest }.count == 49)
        }
    }
}

extension Client {
    /// `POST /v1/me/phone` then `POST /v1/me/phone/verify` with the PIN it sent; the answer of the second.
    func linkPhone(_ phone: String, token: String, _ harness: TestHarness) async throws -> TestResponse {
        let sent = try await send(.post, "/v1/me/phone", json: ["phone": phone], token: token)
        guard let requestID = sent.string("requestId") else { return sent }
        let pin = try await harness.latestPIN(to: phone)
        return try await send(.post, "/v1/me/phone/verify", json: ["phone": phone, "requestId": requestID, "pin": pin], token: token)
    }
}
