import Foundation
import Latchkey
import LatchkeyServer
import LatchkeyTestSupport
import Testing

/// The SDK's passwordless email sign-in — the code and the link — against a live server (log
/// sender: the test reads the email as a developer would in the server log).
@Suite struct SDKEmailSignInTests {
    static let email = "ada@example.com"

    @Test func signInWithTheEmailedCode() async throws {
        try await serving(try await LiveServer.start(configure: { $0.auth.signInMethods.insert(.emailCode) })) { server in
            let sdk = server.client()
            await #expect(throws: LatchkeyError.invalidEmail) { try await sdk.auth.sendEmailCode(to: "not an email") }
            let expiresAt = try await sdk.auth.sendEmailCode(to: Self.email)
            #expect(expiresAt > Date())
            let body = try await server.latestMessageBody(to: Self.email)
            let code = try #require(body.firstMatch(of: /(\d{6}) is your/).map { String($0.output.1) })
            await #expect(throws: LatchkeyError.invalidCode) {
                try await sdk.auth.signIn(email: Self.email, code: code == "000000" ? "111111" : "000000")
            }
            let user = try await sdk.auth.signIn(email: Self.email, code: code)
            #expect(user.email == Self.email)
            #expect(user.emailVerified)
            #expect(user.profileCreated == false)
            #expect(sdk.currentUser?.id == user.id)
            await #expect(throws: LatchkeyError.codeExpired) { try await server.client().auth.signIn(email: Self.email, code: code) }
        }
    }

    /// The link opens the app (its `emailActionURL`, a universal link), which hands it over.
    @Test func signInWithTheEmailedLink() async throws {
        let configure: @Sendable (inout AppSettings) -> Void = { settings in
            settings.auth.signInMethods.insert(.emailCode)
            settings.email.emailActionURL = "https://app.example.com/auth"
        }
        try await serving(try await LiveServer.start(configure: configure)) { server in
            let sdk = server.client()
            try await sdk.auth.sendEmailCode(to: Self.email, createUser: true)
            let body = try await server.latestMessageBody(to: Self.email)
            let link = try #require(body.firstMatch(of: /https:\/\/app\.example\.com\/auth\?\S+/).flatMap { URL(string: String($0.output)) })
            #expect(AuthClient.isEmailSignInLink(link))
            let notALink = try #require(URL(string: "https://app.example.com/auth?mode=verifyEmail&token=abc"))
            #expect(!AuthClient.isEmailSignInLink(notALink))
            await #expect(throws: LatchkeyError.invalidOperation("")) { try await sdk.auth.signIn(emailLinkURL: notALink) }

            let user = try await sdk.auth.signIn(emailLinkURL: link)
            #expect(user.email == Self.email)
            #expect(user.emailVerified)
            await #expect(throws: LatchkeyError.codeExpired) { try await server.client().auth.signIn(emailLinkURL: link) }
        }
    }

    @Test func anAppThatHasNotTurnedItOnRefusesIt() async throws {
        try await serving(try await LiveServer.start()) { server in
            await #expect(throws: LatchkeyError.invalidOperation("")) { try await server.client().auth.sendEmailCode(to: Self.email) }
        }
    }
}
