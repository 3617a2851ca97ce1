import Foundation
import Latchkey
import LatchkeyServer
import LatchkeyTestSupport
import LatchkeyWire
import Testing

/// The SDK's guests against a live server: anonymous and device sign-in, the device id kept by
/// the credential store, the upgrade in place and the typed conflict that lets an app switch.
@Suite struct SDKGuestTests {
    static func start() async throws -> LiveServer {
        try await LiveServer.start(configure: { $0.auth.signInMethods.formUnion([.anonymous, .device]) })
    }

    @Test func anonymousSignInMakesAGuest() async throws {
        try await serving(try await Self.start()) { server in
            let sdk = server.client()
            let guest = try await sdk.auth.signInAnonymously()
            #expect(guest.isAnonymous)
            #expect(guest.uid.hasPrefix("anonymous:"))
            #expect(guest.session.claims.isAnonymous == true)
            #expect(sdk.currentUser?.id == guest.id)
            #expect(try await sdk.auth.reloadUser().isAnonymous)
        }
    }

    @Test func guestSignInThatTheAppDidNotTurnOnIsRefused() async throws {
        try await serving(try await LiveServer.start()) { server in
            let sdk = server.client()
            await #expect(throws: LatchkeyError.invalidOperation("")) { try await sdk.auth.signInAnonymously() }
            await #expect(throws: LatchkeyError.invalidOperation("")) { try await sdk.auth.signIn(deviceID: "8F14E45F-CEEA-467A-9575-2E2E2A5B1C3D") }
        }
    }

    @Test func theStoredDeviceIDSignsInToTheSameGuestAfterSigningOut() async throws {
        try await serving(try await Self.start()) { server in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-sdk-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            let store = FileCredentialStore(url: directory.appendingPathComponent("session.json"))
            let sdk = server.client(store: store)
            let first = try await sdk.auth.signInWithDevice()
            #expect(first.isAnonymous)
            #expect(first.uid.hasPrefix("device:"))
            let deviceID = try #require(store.loadDeviceID())
            try await sdk.auth.signOut()
            #expect(store.loadDeviceID() == deviceID)

            // A new launch over the same store: the same guest.
            let relaunched = server.client(store: FileCredentialStore(url: directory.appendingPathComponent("session.json")))
            #expect(try await relaunched.auth.signInWithDevice().id == first.id)
            #expect(try await server.client().auth.signIn(deviceID: deviceID).id == first.id)
            await #expect(throws: LatchkeyError.invalidDeviceID) { try await server.client().auth.signIn(deviceID: "too short") }
        }
    }

    @Test func upgradeKeepsTheUserAndItsData() async throws {
        try await serving(try await Self.start()) { server in
            let sdk = server.client()
            let guest = try await sdk.auth.signInAnonymously()
            try await sdk.appData.set(["level": 7], forKey: "progress")

            let upgraded = try await sdk.auth.upgrade(username: "ann", password: "correct horse battery")
            #expect(upgraded.id == guest.id)
            #expect(upgraded.isAnonymous == false)
            #expect(upgraded.username == "ann")
            await #expect(throws: LatchkeyError.notAnonymous) { try await sdk.auth.upgrade(username: "bob", password: "correct horse battery") }

            let other = server.client()
            #expect(try await other.auth.signIn(username: "ann", password: "correct horse battery").id == guest.id)
            #expect(try await other.appData.get([String: Int].self, forKey: "progress")?.value == ["level": 7])
        }
    }

    /// A guest adds a phone number with a PIN and is upgraded in place; the number then signs in
    /// to it, and a number of another account is the typed conflict, only once the PIN proved it.
    @Test func aGuestWhoLinksAPhoneIsUpgradedInPlace() async throws {
        try await serving(try await Self.start()) { server in
            let pin = { (phone: String) in
                try await server.latestMessageBody(to: phone).firstMatch(of: /\d{6}/).map { String($0.output) } ?? ""
            }
            let sdk = server.client()
            let guest = try await sdk.auth.signInAnonymously()
            let verification = try await sdk.auth.linkPhone("+1 415-555-0123")
            #expect(verification.phone == "+14155550123")
            let linked = try await sdk.auth.verifyPhoneLink(verification, pin: try await pin("+14155550123"))
            #expect(linked.id == guest.id && linked.phone == "+14155550123" && !linked.isAnonymous)
            let signIn = try await server.client().auth.startPhoneSignIn("+14155550123")
            #expect(try await server.client().auth.verifyPhone(signIn, pin: try await pin("+14155550123")).id == guest.id)

            let other = server.client()
            _ = try await other.auth.signInAnonymously()
            let taken = try await other.auth.linkPhone("+14155550123")
            do {
                try await other.auth.verifyPhoneLink(taken, pin: try await pin("+14155550123"))
                Issue.record("a taken number was linked")
            } catch let error as LatchkeyError {
                #expect(error.kind == .accountConflict(field: "phone"))
            }
            #expect(try await other.auth.reloadUser().isAnonymous)
            await #expect(throws: LatchkeyError.lastIdentity) { try await sdk.auth.removePhone() }
        }
    }

    /// The conflict names the identity, changes neither account, and the app can switch to the
    /// account that holds it with what the user typed.
    @Test func aConflictLetsTheAppSwitchToTheExistingAccount() async throws {
        try await serving(try await Self.start()) { server in
            let owner = try await server.client().auth.signUp(username: "ann", password: "correct horse battery")
            let sdk = server.client()
            let guest = try await sdk.auth.signInAnonymously()
            do {
                try await sdk.auth.upgrade(username: "ann", password: "correct horse battery")
                Issue.record("the upgrade to a taken username succeeded")
            } catch let error as LatchkeyError {
                #expect(error == LatchkeyError.accountConflict)
                #expect(error.kind == .accountConflict(field: "username"))
            }
            #expect(sdk.currentUser?.id == guest.id)
            #expect(try await sdk.auth.reloadUser().isAnonymous)
            // Switch: sign in to the account that holds the name.
            let switched = try await sdk.auth.signIn(username: "ann", password: "correct horse battery")
            #expect(switched.id == owner.id)
            #expect(switched.isAnonymous == false)
        }
    }

    /// The other choice: sign in to the account that holds the name and merge the guest into it —
    /// the guest's keys the account lacks move, the account's own stay, and the guest is gone.
    @Test func aConflictLetsTheAppMergeTheGuestIntoTheExistingAccount() async throws {
        try await serving(try await Self.start()) { server in
            let ownerClient = server.client()
            let owner = try await ownerClient.auth.signUp(username: "ann", password: "correct horse battery")
            try await ownerClient.appData.set(["level": 1], forKey: "progress")
            let sdk = server.client()
            let guest = try await sdk.auth.signInAnonymously()
            try await sdk.appData.set(["level": 7], forKey: "progress")
            try await sdk.appData.set(["gold": 3], forKey: "chest")
            await #expect(throws: LatchkeyError.accountConflict) {
                try await sdk.auth.upgrade(username: "ann", password: "correct horse battery")
            }

            let merged = try await sdk.auth.mergeGuest { try await sdk.auth.signIn(username: "ann", password: "correct horse battery") }
            #expect(merged.user.id == owner.id)
            #expect(merged.merged["appData"] == GuestMergeSection(moved: 1, conflicts: ["progress"]))
            #expect(sdk.currentUser?.id == owner.id)
            #expect(try await sdk.appData.get([String: Int].self, forKey: "chest")?.value == ["gold": 3])
            #expect(try await sdk.appData.get([String: Int].self, forKey: "progress")?.value == ["level": 1])
            #expect(guest.id != owner.id)

            // Nothing to merge once the client is no guest; a guest session that ended proves nothing.
            await #expect(throws: LatchkeyError.notAnonymous) { try await sdk.auth.mergeGuest { try await sdk.auth.reloadUser() } }
            let other = server.client()
            _ = try await other.auth.signInAnonymously()
            try await other.auth.signOut()
            await #expect(throws: LatchkeyError.notAnonymous) { try await other.auth.mergeGuest { owner } }
        }
    }

    /// A merge the server refuses after the sign-in went through (here the wallets' sum is out of
    /// range) signs the guest in again and ends the account's new session, so the guest keeps its
    /// data on this device and the app can merge again once the cause is gone.
    @Test func aFailedMergeSignsTheGuestInAgain() async throws {
        try await serving(try await Self.start()) { server in
            let owner = try await server.client().auth.signUp(username: "ann", password: "correct horse battery")
            try await server.award(Int64.max - 5, to: owner.id, key: "fortune")
            let sdk = server.client()
            let guest = try await sdk.auth.signInAnonymously()
            try await server.award(10, to: guest.id, key: "starter")
            var account: CurrentUser?

            await #expect(throws: LatchkeyError.balanceOutOfRange) {
                try await sdk.auth.mergeGuest {
                    account = try await sdk.auth.signIn(username: "ann", password: "correct horse battery")
                    return try #require(account)
                }
            }
            #expect(sdk.currentUser?.id == guest.id)
            #expect(try await sdk.auth.reloadUser().isAnonymous)
            #expect(try await sdk.wallet.balances().balance(of: "kredits") == 10)
            // The session the sign-in opened for the merge is over.
            let opened = try #require(account)
            await #expect(throws: LatchkeyError.sessionExpired) { try await server.client().auth.signIn(accessToken: opened.session.accessToken) }

            try await server.award(-100, to: owner.id, key: "spent")
            let merged = try await sdk.auth.mergeGuest { try await sdk.auth.signIn(username: "ann", password: "correct horse battery") }
            #expect(merged.user.id == owner.id)
            #expect(sdk.currentUser?.id == owner.id)
            #expect(try await sdk.wallet.balances().balance(of: "kredits") == Int64.max - 95)
        }
    }
}
