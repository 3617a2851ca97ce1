import Foundation
import HTTPTypes
import Testing

@testable import LatchkeyServer

/// Kuggle's profiles through HTTP: creation, changes, the date of birth shared with the account,
/// invite codes, what an account awaiting consent may set, and reads by the app's servers.
@Suite struct ProfileTests {
    static let complete: [String: String] = ["firstName": "Joe", "dateOfBirth": "1990-03-05", "gender": "male"]
    /// A complete profile for the ten-year-old `Client.signUpChild` makes (their date of birth is locked).
    static let childComplete = complete.merging(["dateOfBirth": "2016-05-01"]) { $1 }

    @Test(arguments: TestStore.enabled) func aPhoneUserCreatesTheProfileWithPutOrACompletingPatch(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let started = try await client.startPhone(PhoneSignInTests.phone)
            let verified = try await client.verifyPhone(
                try #require(started.string("requestId")),
                pin: try await harness.latestPIN(to: PhoneSignInTests.phone)
            )
            let token = try #require(verified.string("session.accessToken"))

            let empty = try await client.send(.get, "/v1/me/profile", token: token)
            #expect(empty.status == .ok)
            #expect(empty.value("profileCreated") as? Bool == false)
            #expect(empty.value("firstName") == nil && empty.value("invitedCount") as? Int == 0)
            let code = try #require(empty.string("inviteCode"))
            #expect(InviteCode.normalized(code) == code)
            #expect(try await client.send(.get, "/v1/me/profile", token: token).string("inviteCode") == code)

            // A PUT needs every required field, and reports each missing one.
            let missing = try await client.send(.put, "/v1/me/profile", json: ["firstName": "Joe"], token: token)
            #expect(missing.status == .unprocessableContent)
            #expect(Set(missing.fieldCodes) == ["invalid_gender", "invalid_date_of_birth"])
            // A PATCH that leaves the profile incomplete does not create it; one that completes it does.
            let partial = try await client.send(.patch, "/v1/me/profile", json: ["firstName": "Joe", "gender": "male"], token: token)
            #expect(partial.status == .ok && partial.value("profileCreated") as? Bool == false)
            #expect(partial.string("firstName") == "Joe" && partial.string("gender") == "male")
            let completed = try await client.send(.patch, "/v1/me/profile", json: ["dateOfBirth": "1990-03-05"], token: token)
            #expect(completed.value("profileCreated") as? Bool == true)
            #expect(try await client.send(.get, "/v1/me", token: token).value("profileCreated") as? Bool == true)
        }
    }

    @Test(arguments: TestStore.enabled) func fieldsAreValidatedAndTheDateOfBirthIsTheAccounts(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let token = try await client.signUpUser("joe").access
            let created = try await client.send(
                .put,
                "/v1/me/profile",
                json: Self.complete.merging(["displayName": "Joey", "avatarURL": "https://cdn.example/j.png"]) { $1 },
                token: token
            )
            #expect(created.status == .ok)
            #expect(created.value("profileCreated") as? Bool == true)
            #expect(created.string("displayName") == "Joey" && created.string("avatarURL") == "https://cdn.example/j.png")

            // One date of birth: the account's, whichever route changes it.
            let me = try await client.send(.get, "/v1/me", token: token)
            #expect(me.string("dateOfBirth") == "1990-03-05" && me.string("displayName") == "Joey")
            #expect(try await client.send(.patch, "/v1/me", json: ["dateOfBirth": "1991-04-06"], token: token).status == .ok)
            #expect(try await client.send(.get, "/v1/me/profile", token: token).string("dateOfBirth") == "1991-04-06")

            let invalid: [(String, Any, String)] = [
                ("gender", "robot", "invalid_gender"), ("firstName", NSNull(), "invalid_first_name"),
                ("firstName", String(repeating: "a", count: 65), "invalid_first_name"), ("firstName", " \u{7}", "invalid_first_name"),
                ("dateOfBirth", "2999-01-01", "invalid_date_of_birth"), ("dateOfBirth", NSNull(), "invalid_date_of_birth"),
                ("avatarURL", "http://cdn.example/j.png", "invalid_avatar_url"), ("avatarURL", "javascript:alert(1)", "invalid_avatar_url"),
                ("avatarURL", "https://cdn.example/" + String(repeating: "a", count: 2_040), "invalid_avatar_url"),
                ("displayName", "", "invalid_display_name"),
                // Characters that change how the text around a name reads: a right-to-left
                // override (others would read the name reversed) and line separators.
                ("displayName", "\u{202E}nimda", "invalid_display_name"), ("displayName", "Ann\u{2066}", "invalid_display_name"),
                ("firstName", "Jo\u{2028}e", "invalid_first_name"), ("firstName", "Jo\u{200F}e", "invalid_first_name"),
                ("avatarURL", "https://cdn.example/\u{202E}gnp.exe", "invalid_avatar_url"),
            ]
            for (field, value, code) in invalid {
                let refused = try await client.send(.patch, "/v1/me/profile", json: [field: value], token: token)
                #expect(refused.status == .unprocessableContent && refused.string("code") == code, "\(field): \(refused.text)")
            }
            for wrong: Any in [7, -1, "3", 1.5] {
                let refused = try await client.send(.patch, "/v1/me/profile", json: ["gender": wrong], token: token)
                #expect([.badRequest, .unprocessableContent].contains(refused.status) && refused.string("code") != nil, "\(wrong): \(refused.text)")
            }
            // The invite code and the flags are not the user's to set.
            for field in ["inviteCode", "profileCreated", "invitedCount"] {
                let refused = try await client.send(.patch, "/v1/me/profile", json: [field: "X"], token: token)
                #expect(refused.status == .badRequest && refused.string("code") == "unknown_field")
            }
            let cleared = try await client.send(.patch, "/v1/me/profile", json: ["displayName": NSNull(), "avatarURL": NSNull()], token: token)
            #expect(cleared.status == .ok && cleared.value("displayName") == nil && cleared.value("avatarURL") == nil)
            #expect(cleared.string("firstName") == "Joe" && cleared.value("profileCreated") as? Bool == true)
            #expect(try await client.send(.get, "/v1/me/profile").status == .unauthorized)
        }
    }

    /// Kuggle's create-profile sends the gender as its number in a string (`"gender": "1"`:
    /// 0 female, 1 male, 2 other or undisclosed); a JSON number means the same. The profile
    /// answers with the name.
    @Test(arguments: TestStore.enabled) func kugglesNumericGenderIsAcceptedAsTheSeedSendsIt(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let token = try await client.signUpUser("kuggle").access
            let created = try await client.send(
                .put,
                "/v1/me/profile",
                json: ["firstName": "Joe", "dateOfBirth": "1990-03-05", "gender": "1"],
                token: token
            )
            #expect(created.status == .ok && created.string("gender") == "male", "\(created.text)")
            let numbers: [(Any, String)] = [("0", "female"), (2, "other"), (0, "female"), (1, "male"), ("2", "other"), ("female", "female")]
            for (sent, stored) in numbers {
                let changed = try await client.send(.patch, "/v1/me/profile", json: ["gender": sent], token: token)
                #expect(changed.status == .ok && changed.string("gender") == stored, "\(sent): \(changed.text)")
            }
        }
    }

    @Test(arguments: TestStore.enabled) func anInviteCodeIsRedeemedOncePerUserAndCounted(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let ann = try await client.signUpUser("ann").access
            let bob = try await client.signUpUser("bob").access
            let cat = try await client.signUpUser("cat").access
            let annCode = try #require(try await client.send(.get, "/v1/me/profile", token: ann).string("inviteCode"))
            let catCode = try #require(try await client.send(.get, "/v1/me/profile", token: cat).string("inviteCode"))
            #expect(annCode != catCode)

            // Unknown and malformed codes, and one's own, are refused without recording anything.
            for code in ["ZZZZZZZZ", "not-a-code", ""] {
                let unknown = try await client.send(.post, "/v1/me/profile/invite", json: ["code": code], token: bob)
                #expect(unknown.status == .notFound && unknown.string("code") == "unknown_invite_code", "\(code)")
            }
            let own = try await client.send(.post, "/v1/me/profile/invite", json: ["code": catCode], token: cat)
            #expect(own.status == .unprocessableContent && own.string("code") == "own_invite_code")

            // Case-insensitive, once per invitee.
            let redeemed = try await client.send(.post, "/v1/me/profile/invite", json: ["code": " \(annCode.lowercased()) "], token: bob)
            #expect(redeemed.status == .ok && redeemed.value("inviteRedeemed") as? Bool == true)
            let again = try await client.send(.post, "/v1/me/profile/invite", json: ["code": catCode], token: bob)
            #expect(again.status == .conflict && again.string("code") == "invite_already_redeemed")
            // A code pasted with its line break.
            #expect(try await client.send(.post, "/v1/me/profile/invite", json: ["code": "\(annCode)\r\n"], token: cat).status == .ok)
            let inviter = try await client.send(.get, "/v1/me/profile", token: ann)
            #expect(inviter.value("invitedCount") as? Int == 2 && inviter.value("inviteRedeemed") as? Bool == false)
        }
    }

    /// Invite codes: eight characters of the 31-character alphabet without look-alikes, drawn
    /// without bias; 10,000 draws are all different.
    @Test func inviteCodesAreRandomOverAnUnambiguousAlphabet() {
        let codes = (0..<10_000).map { _ in InviteCode.generate() }
        #expect(Set(codes).count == codes.count)
        let characters = codes.joined()
        #expect(Set(characters) == Set(InviteCode.alphabet))
        #expect(characters.allSatisfy { !"0O1IL".contains($0) })
        // Every symbol appears close to its share (80,000 / 31 ≈ 2,581).
        let counts = Dictionary(grouping: characters, by: { $0 }).mapValues(\.count)
        #expect(counts.values.allSatisfy { (2_200...2_960).contains($0) })
        #expect(InviteCode.normalized("abcd efg") == nil && InviteCode.normalized(" abcdefgh ") == "ABCDEFGH")
    }

    @Test(arguments: TestStore.enabled) func anAccountAwaitingConsentKeepsItsProfilePrivate(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let kid = try await client.signUpChild("kid").access
            for field in ["displayName", "avatarURL"] {
                let value = field == "avatarURL" ? "https://cdn.example/k.png" : "Kiddo"
                let refused = try await client.send(.put, "/v1/me/profile", json: Self.childComplete.merging([field: value]) { $1 }, token: kid)
                #expect(refused.status == .forbidden && refused.string("code") == "profile_restricted")
            }
            let created = try await client.send(.put, "/v1/me/profile", json: Self.childComplete, token: kid)
            #expect(created.status == .ok && created.value("profileCreated") as? Bool == true)
            #expect(try await client.send(.patch, "/v1/me/profile", json: ["displayName": "Kiddo"], token: kid).status == .forbidden)
            #expect(try await client.send(.patch, "/v1/me/profile", json: ["displayName": NSNull()], token: kid).status == .ok)
            #expect(try await client.send(.get, "/v1/me/profile", token: kid).string("firstName") == "Joe")
        }
    }

    /// A display name set while consent was granted is not shown to the app's server once the
    /// parent revokes it; the child still sees it.
    @Test(arguments: TestStore.enabled) func aRevokedChildsDisplayNameIsHiddenFromOthers(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let kid = try await client.signUpChild("kidname")
            try await KidsConsentTests.parentActs("grant", on: "kidname", harness: harness, client: client)
            let full = try #require(try await client.refresh(kid.refresh).string("session.accessToken"))
            let named = try await client.send(.put, "/v1/me/profile", json: Self.childComplete.merging(["displayName": "Kiddo"]) { $1 }, token: full)
            #expect(named.status == .ok && named.string("displayName") == "Kiddo")
            let userID = try #require(try await client.send(.get, "/v1/me", token: full).string("id"))
            let reader = try await harness.clientToken(client, scope: "profiles:read")
            #expect(try await client.send(.get, "/v1/users/\(userID)/profile", token: reader).string("profile.displayName") == "Kiddo")

            let manage = try await KidsConsentTests.manageLink(harness: harness, client: client)
            #expect(
                try await client.submit(["token": manage, "action": "revoke"], to: "/v1/consent", from: "/v1/consent?token=\(manage)").status == .ok
            )
            let seen = try await client.send(.get, "/v1/users/\(userID)/profile", token: reader)
            #expect(seen.status == .ok && seen.string("profile.firstName") == "Joe")
            #expect(seen.value("profile.displayName") == nil)
            let restricted = try #require(try await client.signIn("kidname").string("session.accessToken"))
            #expect(try await client.send(.get, "/v1/me/profile", token: restricted).string("displayName") == "Kiddo")
        }
    }

    @Test(arguments: TestStore.enabled) func confidentialClientsReadProfilesWithTheirScope(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let other = try await harness.makeApp(name: "Other")
        try await harness.run { client in
            let token = try await client.signUpUser("joe").access
            #expect(try await client.send(.put, "/v1/me/profile", json: Self.complete, token: token).status == .ok)
            let userID = try #require(try await client.send(.get, "/v1/me", token: token).string("id"))
            let path = "/v1/users/\(userID)/profile"

            let read = try await client.send(.get, path, token: try await harness.clientToken(client, scope: "profiles:read"))
            #expect(read.status == .ok && read.string("userId") == userID)
            #expect(read.string("profile.firstName") == "Joe" && read.string("profile.dateOfBirth") == "1990-03-05")
            #expect(try await client.send(.get, path, token: token).status == .forbidden)
            let wrongScope = try await client.send(.get, path, token: try await harness.clientToken(client, scope: "appdata:read"))
            #expect(wrongScope.status == .forbidden)
            let answer = try await client.send(
                .post,
                "/oauth/token",
                form: ["grant_type": "client_credentials", "client_id": other.app.clientID, "client_secret": other.clientSecret]
            )
            #expect(try await client.send(.get, path, token: try #require(answer.string("access_token"))).status == .notFound)
        }
    }

    /// Profile writes, first reads (which make the profile row) and redemptions racing the
    /// deletion of the account — or of the inviter — either happen or find the account gone,
    /// never a `500`: on PostgreSQL each locks the user's row first, as the deletion does before
    /// the rows it cascades to (no deadlock, no failed foreign key).
    @Test(arguments: TestStore.enabled) func profileWritesRacingTheAccountsDeletionNeverFail(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.auth.ipSignUpLimit = 1_000 }
        try await harness.run { client in
            for round in 0..<10 {
                let user = try await client.signUpUser("racer\(round)").access
                let inviter = try await client.signUpUser("inviter\(round)").access
                let code = try #require(try await client.send(.get, "/v1/me/profile", token: inviter).string("inviteCode"))
                let invitees = [try await client.signUpUser("inviteea\(round)").access, try await client.signUpUser("inviteeb\(round)").access]
                let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                    group.addTask { try await client.send(.delete, "/v1/me", token: user).status }
                    group.addTask { try await client.send(.delete, "/v1/me", token: inviter).status }
                    for writer in 0..<4 {
                        group.addTask { try await client.send(.patch, "/v1/me/profile", json: ["firstName": "N\(writer)"], token: user).status }
                        group.addTask { try await client.send(.get, "/v1/me/profile", token: user).status }
                    }
                    for invitee in invitees {
                        group.addTask { try await client.send(.post, "/v1/me/profile/invite", json: ["code": code], token: invitee).status }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(!statuses.contains { $0.code >= 500 }, "round \(round): \(statuses)")
            }
        }
    }
}
