import Foundation
import Latchkey
import LatchkeyServer
import LatchkeyTestSupport
import Testing

/// `latchkey.profile` against a live server: Kuggle's create profile after a sign-up, changes,
/// typed errors, invite codes, and the completion-handler form.
@Suite struct SDKProfileTests {
    @Test func createUpdateAndInvite() async throws {
        try await serving(try await LiveServer.start()) { server in
            let ann = server.client()
            try await ann.auth.signUp(username: "ann", password: "correct horse battery")
            let empty = try await ann.profile.get()
            #expect(empty.firstName == nil && empty.inviteCode.count == 8 && empty.invitedCount == 0)

            await #expect(throws: LatchkeyError.invalidFirstName) { try await ann.profile.update(firstName: "   ") }
            let created = try await ann.profile.create(
                firstName: "Ann",
                dateOfBirth: "1990-03-05",
                gender: .female,
                displayName: "Annie",
                avatarURL: URL(string: "https://cdn.example/a.png")
            )
            #expect(created.profileCreated && created.gender == .female && created.displayName == "Annie")
            // What the profile shares with the account follows on the current user.
            #expect(ann.currentUser?.dateOfBirth == "1990-03-05" && ann.currentUser?.profile.displayName == "Annie")

            let changed = try await ann.profile.update(dateOfBirth: "1991-04-06", clearing: [.avatarURL])
            #expect(changed.dateOfBirth == "1991-04-06" && changed.avatarURL == nil && changed.firstName == "Ann")
            #expect(try await ann.auth.reloadUser().dateOfBirth == "1991-04-06")
            do {
                try await ann.profile.create(firstName: "", dateOfBirth: "2999-01-01", gender: .other)
                Issue.record("expected a refusal")
            } catch let error as LatchkeyError {
                #expect(error.fieldErrors == [.invalidFirstName, .invalidDateOfBirth])
            }
            await #expect(throws: LatchkeyError.invalidAvatarURL) {
                try await ann.profile.update(avatarURL: URL(string: "http://cdn.example/a.png"))
            }

            let bob = server.client()
            try await bob.auth.signUp(username: "bob", password: "correct horse battery")
            await #expect(throws: LatchkeyError.unknownInviteCode) { try await bob.profile.redeemInviteCode("ZZZZZZZZ") }
            await #expect(throws: LatchkeyError.ownInviteCode) { try await bob.profile.redeemInviteCode(try await bob.profile.get().inviteCode) }
            #expect(try await bob.profile.redeemInviteCode(created.inviteCode.lowercased()).inviteRedeemed)
            await #expect(throws: LatchkeyError.inviteAlreadyRedeemed) { try await bob.profile.redeemInviteCode(created.inviteCode) }
            #expect(try await ann.profile.get().invitedCount == 1)

            // The callback form hands over the same answer.
            let answer = await withCheckedContinuation { continuation in
                bob.profile.get { result in continuation.resume(returning: try? result.get().inviteRedeemed) }
            }
            #expect(answer == true)
            await #expect(throws: LatchkeyError.notSignedIn) { try await server.client().profile.get() }
        }
    }
}
