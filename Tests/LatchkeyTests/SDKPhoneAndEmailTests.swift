import Foundation
import Latchkey
import LatchkeyServer
import LatchkeyTestSupport
import Testing

/// The SDK's phone PIN sign-in and email links against a live server (log sender; the test
/// reads PINs and links from the log sender's lines, as a developer would in the server log).
@Suite struct SDKPhoneAndEmailTests {
    @Test func phoneSignIn() async throws {
        try await serving(try await LiveServer.start()) { server in
            let sdk = server.client()
            await #expect(throws: LatchkeyError.invalidPhone) { try await sdk.auth.startPhoneSignIn("0415 555 0123") }
            let verification = try await sdk.auth.startPhoneSignIn("+1 415-555-0123")
            #expect(verification.phone == "+14155550123")
            let pin = try await server.latestMessageBody(to: "+14155550123").firstMatch(of: /\d{6}/).map { String($0.output) } ?? ""
            await #expect(throws: LatchkeyError.invalidCode) {
                try await sdk.auth.verifyPhone(verification, pin: pin == "000000" ? "111111" : "000000")
            }
            let user = try await sdk.auth.verifyPhone(verification, pin: pin)
            #expect(user.phone == "+14155550123")
            #expect(user.profileCreated == false)
            #expect(user.uid.hasPrefix("phone:"))
            #expect(sdk.currentUser?.id == user.id)
            await #expect(throws: LatchkeyError.codeExpired) { try await server.client().auth.verifyPhone(verification, pin: pin) }
        }
    }

    @Test func emailVerificationChangeAndPasswordReset() async throws {
        try await serving(try await LiveServer.start(configure: { $0.auth.revealTakenEmails = true })) { server in
            let sdk = server.client()
            try await sdk.auth.signUp(email: "ada@example.com", password: "correct horse battery")
            #expect(sdk.currentUser?.emailVerified == false)

            try await sdk.auth.sendEmailVerification()
            try await sdk.auth.verifyEmail(token: try await server.latestLinkToken(to: "ada@example.com"))
            #expect(sdk.currentUser?.emailVerified == true)

            try await sdk.auth.changeEmail(to: "lovelace@example.com")
            #expect(sdk.currentUser?.email == "ada@example.com")
            try await sdk.auth.verifyEmail(token: try await server.latestLinkToken(to: "lovelace@example.com"))
            #expect(sdk.currentUser?.email == "lovelace@example.com")

            try await server.client().auth.sendPasswordReset(email: "nobody@example.com")
            let sent = { server.messages.all.filter { $0.recipient == "lovelace@example.com" }.count }
            let before = sent()
            try await server.client().auth.sendPasswordReset(email: "lovelace@example.com")
            // The reset link is queued just after the answer (its timing must not tell known addresses).
            for _ in 0..<100 where sent() == before {
                try await Task.sleep(for: .milliseconds(50))
            }
            let reset = try await server.latestLinkToken(to: "lovelace@example.com")
            await #expect(throws: LatchkeyError.invalidPassword(.tooShort)) {
                try await server.client().auth.confirmPasswordReset(token: reset, newPassword: "short")
            }
            try await server.client().auth.confirmPasswordReset(token: reset, newPassword: "a brand new secret")
            await #expect(throws: LatchkeyError.sessionExpired) { try await sdk.auth.reloadUser() }
            #expect(sdk.currentUser == nil)
            let again = try await sdk.auth.signIn(email: "lovelace@example.com", password: "a brand new secret")
            #expect(again.emailVerified)
            await #expect(throws: LatchkeyError.codeExpired) { try await sdk.auth.verifyEmail(token: reset) }
        }
    }
}

extension SDKPhoneAndEmailTests {
    @Test func verifyEmailSucceedsWhenOnlyTheReloadFails() async throws {
        try await serving(try await LiveServer.start(configure: { $0.auth.revealTakenEmails = true })) { server in
            try await serving(try FaultyProxy(upstreamPort: server.port)) { proxy in
                let sdk = server.client(through: proxy.url)
                try await sdk.auth.signUp(email: "grace@example.com", password: "correct horse battery")
                try await sdk.auth.sendEmailVerification()
                let token = try await server.latestLinkToken(to: "grace@example.com")
                proxy.dropAnswers(to: "GET /v1/me ", count: 2)  // both tries of the idempotent GET
                try await sdk.auth.verifyEmail(token: token)  // the link was used; only the reload after it was lost
                #expect(try await sdk.auth.reloadUser().emailVerified)
            }
        }
    }
}

extension LiveServer {
    /// The body of the newest message to `recipient` in the outbox, read from the log sender's
    /// line (the outbox drops delivered bodies) once it is sent.
    func latestMessageBody(to recipient: String) async throws -> String {
        for _ in 0..<250 {
            if let id = try await backend.outbox.list(recipient: recipient, limit: 1).first?.message.id,
                let message = messages.all.last(where: { $0.id == id })
            {
                return message.body
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw CancellationError()
    }

    /// The `token` of the link in the newest email to `email`.
    func latestLinkToken(to email: String) async throws -> String {
        let body = try await latestMessageBody(to: email)
        return body.firstMatch(of: /token=([A-Za-z0-9_\-]+)/).map { String($0.output.1) } ?? ""
    }
}
