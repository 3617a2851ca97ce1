import Foundation
import Latchkey
import LatchkeyServer
import LatchkeyTestSupport
import Testing

/// Email sign-up and sign-in (Wilddog createUser, authUser): a sent verification link is a
/// result, and a malformed address is `invalidEmail`.
@Suite struct SDKEmailSignUpTests {
    @Test func aSignUpAwaitingVerificationIsAResultNotAnError() async throws {
        // The default app hides taken emails, so it verifies an address before its first sign-in.
        try await serving(try await LiveServer.start()) { server in
            let sdk = server.client()
            let result = try await sdk.auth.signUp(email: "ada@example.com", password: "correct horse battery")
            #expect(result == .verificationSent(email: "ada@example.com"))
            #expect(result.user == nil)
            #expect(sdk.currentUser == nil)
            await #expect(throws: LatchkeyError.invalidCredentials) {
                try await sdk.auth.signIn(email: "ada@example.com", password: "correct horse battery")
            }

            try await sdk.auth.verifyEmail(token: try await server.latestLinkToken(to: "ada@example.com"))
            let user = try await sdk.auth.signIn(email: "ada@example.com", password: "correct horse battery")
            #expect(user.emailVerified)
            // A taken address answers the same, so the result tells no one who has an account.
            let again = try await server.client().auth.signUp(email: "ada@example.com", password: "another horse battery")
            #expect(again == .verificationSent(email: "ada@example.com"))
        }
    }

    @Test func anAppThatRevealsTakenEmailsSignsTheNewUserIn() async throws {
        try await serving(try await LiveServer.start(configure: { $0.auth.revealTakenEmails = true })) { server in
            let sdk = server.client()
            let result = try await sdk.auth.signUp(email: "grace@example.com", password: "correct horse battery")
            #expect(result.user == sdk.currentUser)
            #expect(result.user?.email == "grace@example.com")
        }
    }

    @Test func aMalformedEmailIsInvalidEmailBeforeAnyRequest() async throws {
        // Nothing listens on the discard port: a request would throw `.network`.
        let offline = Latchkey(clientID: "lk_offline", apiURL: URL(string: "http://127.0.0.1:9")!)
        for email in ["not an email", "ada@", "@example.com", ""] {
            await #expect(throws: LatchkeyError.invalidEmail) { try await offline.auth.signIn(email: email, password: "correct horse battery") }
            await #expect(throws: LatchkeyError.invalidEmail) { try await offline.auth.signUp(email: email, password: "correct horse battery") }
        }
        #expect(offline.isReachable == nil)
    }
}
