import Foundation
import HTTPTypes
import HummingbirdTesting
import LatchkeyServer
import LatchkeyTestSupport
import Testing

/// `POST /v1/me/merge`: a guest's data moves into an existing account by each feature's rule,
/// the guest is deleted, and the proof — the guest's refresh token — works once.
@Suite struct GuestMergeTests {
    /// An app with guests, a leaderboard of each order and two wallet currencies.
    static func harness(_ store: TestStore) async throws -> TestHarness {
        try await GuestSignInTests.harness(store) { $0.wallet.walletCurrencies = ["kredits", "gems"] }
    }

    @Test(arguments: TestStore.enabled) func theGuestsDataMovesInByEachFeaturesRuleAndTheGuestIsGone(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run { client in
            let boards = try await LeaderboardTests.Board.make(client, harness)
            try await boards.define("points", ["allowUserSubmits": true])
            try await boards.define("race", ["allowUserSubmits": true, "sortOrder": "asc"])
            let wallet = try await harness.clientToken(client, scope: "wallet:write")
            let award = { (userID: String, amount: Int, currency: String, key: String) async throws in
                let body: [String: any Sendable] = ["currency": currency, "amount": amount, "idempotencyKey": key]
                #expect(try await client.send(.post, "/v1/wallet/users/\(userID)/transactions", json: body, token: wallet).status == .created)
            }

            let owner = try await client.signUp(["username": "ann", "password": "correct horse battery"])
            let ownerID = try #require(owner.string("user.id"))
            let ownerAccess = try #require(owner.string("session.accessToken"))
            #expect(try await client.send(.put, "/v1/me/appdata/shared", raw: Data(#""ann's""#.utf8), token: ownerAccess).status == .created)
            try await award(ownerID, 10, "kredits", "same-key")
            #expect(try await client.send(.post, "/v1/leaderboards/points/scores", json: ["score": 50], token: ownerAccess).status == .ok)
            #expect(try await client.send(.post, "/v1/leaderboards/race/scores", json: ["score": 30], token: ownerAccess).status == .ok)

            let guest = try await client.signIn(deviceID: GuestSignInTests.deviceID)
            let guestID = try #require(guest.string("user.id"))
            let guestAccess = try #require(guest.string("session.accessToken"))
            let guestRefresh = try #require(guest.string("session.refreshToken"))
            #expect(try await client.send(.put, "/v1/me/appdata/shared", raw: Data(#""guest's""#.utf8), token: guestAccess).status == .created)
            #expect(try await client.send(.put, "/v1/me/appdata/progress", raw: Data(#"{"level":9}"#.utf8), token: guestAccess).status == .created)
            try await award(guestID, 5, "kredits", "same-key")
            try await award(guestID, 2, "gems", "gems")
            #expect(try await client.send(.post, "/v1/leaderboards/points/scores", json: ["score": 80], token: guestAccess).status == .ok)
            #expect(try await client.send(.post, "/v1/leaderboards/race/scores", json: ["score": 45], token: guestAccess).status == .ok)
            #expect(try await client.send(.patch, "/v1/me/profile", json: ["firstName": "Gus"], token: guestAccess).status == .ok)
            let device: [String: any Sendable] = ["token": PushDeviceTests.apnsToken, "platform": "ios", "topics": ["news"]]
            #expect(try await client.send(.post, "/v1/me/devices", json: device, token: guestAccess).status == .created)
            #expect(
                try await client.upgrade(guestAccess, ["username": "ann", "password": "correct horse battery"]).string("code") == "account_conflict"
            )

            let merged = try await client.merge(guest: guestRefresh, into: ownerAccess)
            #expect(merged.status == .ok)
            #expect(merged.string("user.id") == ownerID)
            #expect(merged.value("merged.appData.moved") as? Int == 1)
            #expect(merged.value("merged.appData.conflicts") as? [String] == ["shared"])
            #expect(merged.value("merged.wallet.moved") as? Int == 2)
            #expect(merged.value("merged.leaderboards.moved") as? Int == 1)
            #expect((merged.value("merged.leaderboards.conflicts") as? [String])?.first?.hasPrefix("race@") == true)
            #expect(merged.value("merged.identities.moved") as? Int == 1)
            #expect(merged.value("merged.devices.moved") as? Int == 1)
            #expect(merged.value("merged.profile.moved") as? Int == 1)

            // The account's own values won; the guest's filled the gaps.
            #expect(try await client.send(.get, "/v1/me/appdata/shared", token: ownerAccess).body == Data(#""ann's""#.utf8))
            #expect(try await client.send(.get, "/v1/me/appdata/progress", token: ownerAccess).body == Data(#"{"level":9}"#.utf8))
            let balances = try #require(try await client.send(.get, "/v1/me/wallet", token: ownerAccess).value("balances") as? [[String: Any]])
            let byCurrency = Dictionary(
                uniqueKeysWithValues: balances.compactMap { b in (b["currency"] as? String).map { ($0, b["balance"] as? Int) } }
            )
            #expect(byCurrency["kredits"] == 15 && byCurrency["gems"] == 2)
            let ledger = try #require(try await client.send(.get, "/v1/me/wallet/ledger", token: ownerAccess).value("entries") as? [[String: Any]])
            #expect(ledger.count == 3)
            #expect(ledger.first { $0["currency"] as? String == "kredits" }?["balanceAfter"] as? Int == 15)
            #expect(try await client.send(.get, "/v1/leaderboards/points/entries/me", token: ownerAccess).value("score") as? Int == 80)
            #expect(try await client.send(.get, "/v1/leaderboards/race/entries/me", token: ownerAccess).value("score") as? Int == 30)
            #expect(try await client.send(.get, "/v1/me/profile", token: ownerAccess).string("firstName") == "Gus")
            let devices = try await client.send(.get, "/v1/me/devices", token: ownerAccess)
            #expect((devices.value("devices") as? [[String: Any]])?.count == 1)

            // The guest is gone: its session ended, and its device id signs in to the account.
            #expect(try await client.send(.get, "/v1/me", token: guestAccess).status == .unauthorized)
            #expect(try await client.send(.post, "/v1/auth/refresh", json: ["refreshToken": guestRefresh], app: client.clientID).status != .ok)
            let again = try await client.signIn(deviceID: GuestSignInTests.deviceID)
            #expect(again.status == .ok)
            #expect(again.string("user.id") == ownerID)
            #expect(again.value("user.isAnonymous") as? Bool == false)
        }
    }

    /// Only a live guest session proves a guest; a user who is no guest, the account itself, a
    /// child's account awaiting consent and a stale sign-in of the account are typed refusals
    /// that change nothing.
    @Test(arguments: TestStore.enabled) func onlyALiveGuestMergesAndNeverIntoItself(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run { client in
            let owner = try await client.signUpUser("ann")
            let member = try await client.signUpUser("bob")
            let guest = try await client.signInAnonymously()
            let guestAccess = try #require(guest.string("session.accessToken"))
            let guestRefresh = try #require(guest.string("session.refreshToken"))

            let notGuest = try await client.merge(guest: member.refresh, into: owner.access)
            #expect(notGuest.status == .conflict)
            #expect(notGuest.string("code") == "not_anonymous")
            let itself = try await client.merge(guest: guestRefresh, into: guestAccess)
            #expect(itself.status == .conflict)
            #expect(itself.string("code") == "merge_into_self")
            for token in ["lkr_unknown", String(repeating: "x", count: 300)] {
                let unknown = try await client.merge(guest: token, into: owner.access)
                #expect(unknown.status == .badRequest)
                #expect(unknown.string("code") == "invalid_guest_token")
            }
            // A child awaiting parental consent takes in nothing of a guest's.
            let child = try await client.signUpChild("kid")
            let restricted = try await client.merge(guest: guestRefresh, into: child.access)
            #expect(restricted.status == .forbidden && restricted.string("code") == "insufficient_scope")
            #expect(restricted.headers[.wwwAuthenticate]?.contains("insufficient_scope") == true)
            let extra = try await client.send(
                .post,
                "/v1/me/merge",
                json: ["guestRefreshToken": guestRefresh, "userId": "x"],
                token: owner.access
            )
            #expect(extra.string("code") == "unknown_field")

            // A rotated-out refresh token proves nothing; the current one does.
            let rotated = try await client.send(.post, "/v1/auth/refresh", json: ["refreshToken": guestRefresh], app: client.clientID)
            let current = try #require(rotated.string("session.refreshToken"))
            #expect(try await client.merge(guest: guestRefresh, into: owner.access).string("code") == "invalid_guest_token")

            harness.clock.advance(by: 301)
            let stale = try await client.merge(guest: current, into: owner.access)
            #expect(stale.status == .forbidden)
            #expect(stale.string("code") == "reauthentication_required")
            let fresh = try #require(try await client.signIn("ann").string("session.accessToken"))
            #expect(
                try await client.send(.get, "/v1/me", token: try #require(rotated.string("session.accessToken"))).value("isAnonymous") as? Bool
                    == true
            )
            #expect(try await client.merge(guest: current, into: fresh).status == .ok)
            #expect(try await client.merge(guest: current, into: fresh).string("code") == "invalid_guest_token")
        }
    }

    /// Fifty merges of one guest at once: one moves its data, the rest find no guest; its
    /// wallet is added once.
    @Test(arguments: TestStore.enabled) func fiftyParallelMergesOfOneGuestSucceedOnce(store: TestStore) async throws {
        let harness = try await Self.harness(store)
        try await harness.run { client in
            let owner = try await client.signUp(["username": "ann", "password": "correct horse battery"])
            let ownerAccess = try #require(owner.string("session.accessToken"))
            let guest = try await client.signInAnonymously()
            let guestID = try #require(guest.string("user.id"))
            let guestRefresh = try #require(guest.string("session.refreshToken"))
            let wallet = try await harness.clientToken(client, scope: "wallet:write")
            let award: [String: any Sendable] = ["currency": "kredits", "amount": 7, "idempotencyKey": "k"]
            #expect(try await client.send(.post, "/v1/wallet/users/\(guestID)/transactions", json: award, token: wallet).status == .created)

            let answers = try await withThrowingTaskGroup(of: (HTTPResponse.Status, String?).self) { group in
                for _ in 0..<50 {
                    group.addTask {
                        let answer = try await client.merge(guest: guestRefresh, into: ownerAccess)
                        return (answer.status, answer.string("code"))
                    }
                }
                return try await group.reduce(into: [(HTTPResponse.Status, String?)]()) { $0.append($1) }
            }
            #expect(answers.filter { $0.0 == .ok }.count == 1)
            #expect(answers.filter { $0.1 == "invalid_guest_token" }.count == 49)
            let balances = try await client.send(.get, "/v1/me/wallet", token: ownerAccess).value("balances") as? [[String: Any]]
            #expect(balances?.first { $0["currency"] as? String == "kredits" }?["balance"] as? Int == 7)
        }
    }
}

extension Client {
    /// `POST /v1/me/merge`: merges the guest whose refresh token is `guest` into the account of `account`.
    func merge(guest: String, into account: String) async throws -> TestResponse {
        try await send(.post, "/v1/me/merge", json: ["guestRefreshToken": guest], token: account)
    }
}
