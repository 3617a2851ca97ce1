import Foundation
import Latchkey
import LatchkeyServer
import LatchkeyTestSupport
import Testing

/// The SDK's second factor against a live server: enrolling an authenticator, the typed
/// `mfaRequired` a sign-in then throws and its completion by a code or a recovery code,
/// recovery codes replaced, the factor turned off, and enrollment at sign-in where the app requires it.
@Suite struct SDKSecondFactorTests {
    /// The code of the step `stepsAhead` after the clock's now (the server accepts one step either side).
    static func code(_ totp: TOTP, clock: ManualTimeSource, stepsAhead: Int64 = 0) -> String {
        totp.code(step: TOTP.step(at: clock.now()) + stepsAhead)
    }

    static func authenticator(_ enrollment: TOTPEnrollment) throws -> TOTP {
        TOTP(secret: try #require(Base32.decode(enrollment.secret)))
    }

    @Test func signInThrowsMFARequiredAndTheCodeCompletesIt() async throws {
        let clock = ManualTimeSource(start: Date())
        try await serving(try await LiveServer.start(time: clock)) { server in
            let sdk = server.client()
            try await sdk.auth.signUp(username: "ann", password: "correct horse battery")
            let enrollment = try await sdk.auth.enrollTOTP()
            #expect(enrollment.uri.hasPrefix("otpauth://totp/"))
            let totp = try Self.authenticator(enrollment)
            await #expect(throws: LatchkeyError.invalidCode) { _ = try await sdk.auth.confirmTOTP(code: "000000") }
            let recoveryCodes = try await sdk.auth.confirmTOTP(code: Self.code(totp, clock: clock))
            #expect(recoveryCodes.count == 10)
            #expect(try await sdk.auth.secondFactorStatus() == SecondFactorStatus(totpEnrolled: true, recoveryCodesLeft: 10, required: true))
            await #expect(throws: LatchkeyError.totpAlreadyEnrolled) { try await sdk.auth.enrollTOTP() }
            try await sdk.auth.signOut()
            clock.advance(by: 30)

            let challenge: MFAChallenge
            do {
                try await sdk.auth.signIn(username: "ann", password: "correct horse battery")
                Issue.record("sign-in did not ask for the second factor")
                return
            } catch let error as LatchkeyError {
                guard case .mfaRequired(let asked) = error.kind else { throw error }
                challenge = asked
            }
            #expect(!challenge.needsEnrollment)
            #expect(sdk.currentUser == nil)
            await #expect(throws: LatchkeyError.invalidCode) { try await sdk.auth.completeSignIn(challenge: challenge, code: "000000") }
            let user = try await sdk.auth.completeSignIn(challenge: challenge, code: Self.code(totp, clock: clock))
            #expect(user.username == "ann")
            #expect(sdk.currentUser?.id == user.id)
            await #expect(throws: LatchkeyError.mfaChallengeExpired) {
                try await sdk.auth.completeSignIn(challenge: challenge, code: Self.code(totp, clock: clock, stepsAhead: 1))
            }

            // A recovery code signs in once; new ones replace the old.
            try await sdk.auth.signOut()
            await #expect(throws: LatchkeyError.mfaRequired) { try await sdk.auth.signIn(username: "ann", password: "correct horse battery") }
            let second = try await Self.challenge(sdk)
            try await sdk.auth.completeSignIn(challenge: second, recoveryCode: recoveryCodes[0])
            #expect(try await sdk.auth.secondFactorStatus().recoveryCodesLeft == 9)
            let replaced = try await sdk.auth.regenerateRecoveryCodes()
            #expect(replaced.count == 10 && Set(replaced).isDisjoint(with: recoveryCodes))
            try await sdk.auth.signOut()
            await #expect(throws: LatchkeyError.invalidCode) {
                try await sdk.auth.completeSignIn(challenge: try await Self.challenge(sdk), recoveryCode: recoveryCodes[1])
            }

            // Turned off, sign-in needs the password alone again.
            try await sdk.auth.completeSignIn(challenge: try await Self.challenge(sdk), recoveryCode: replaced[0])
            try await sdk.auth.disableTOTP()
            await #expect(throws: LatchkeyError.totpNotEnrolled) { try await sdk.auth.disableTOTP() }
            try await sdk.auth.signOut()
            #expect(try await sdk.auth.signIn(username: "ann", password: "correct horse battery").username == "ann")
        }
    }

    /// An app that requires an authenticator: the sign-up of a new account throws `mfaRequired`
    /// asking for enrollment (no session before it), the first code signs in and gives the
    /// recovery codes; a sign-in that gives up before the code enrolls at the next one.
    @Test func anAppThatRequiresTOTPEnrollsTheNewAccountBeforeItsFirstSession() async throws {
        let clock = ManualTimeSource(start: Date())
        try await serving(try await LiveServer.start(time: clock, configure: { $0.secondFactor.totpRequired = true })) { server in
            let sdk = server.client()
            let challenge = try await Self.challenge { try await sdk.auth.signUp(username: "ann", password: "correct horse battery") }
            #expect(challenge.needsEnrollment)
            #expect(sdk.currentUser == nil)
            let enrollment = try await sdk.auth.enrollTOTP(challenge: challenge)
            let totp = try Self.authenticator(enrollment)
            await #expect(throws: LatchkeyError.invalidCode) { _ = try await sdk.auth.completeEnrollment(challenge: challenge, code: "000000") }
            let (user, recoveryCodes) = try await sdk.auth.completeEnrollment(challenge: challenge, code: Self.code(totp, clock: clock))
            #expect(user.username == "ann")
            #expect(sdk.currentUser?.id == user.id)
            #expect(recoveryCodes.count == 10)
            #expect(try await sdk.auth.secondFactorStatus() == SecondFactorStatus(totpEnrolled: true, recoveryCodesLeft: 10, required: true))
            try await sdk.auth.signOut()
            let next = try await Self.challenge(sdk)
            #expect(!next.needsEnrollment)
            #expect(try await sdk.auth.completeSignIn(challenge: next, recoveryCode: recoveryCodes[0]).id == user.id)

            // A new account whose enrollment was not finished enrolls at its next sign-in.
            await #expect(throws: LatchkeyError.mfaRequired) { try await sdk.auth.signUp(username: "bob", password: "correct horse battery") }
            let later = try await Self.challenge { try await sdk.auth.signIn(username: "bob", password: "correct horse battery") }
            #expect(later.needsEnrollment)
            let bob = try Self.authenticator(try await sdk.auth.enrollTOTP(challenge: later))
            #expect(try await sdk.auth.completeEnrollment(challenge: later, code: Self.code(bob, clock: clock)).user.username == "bob")
        }
    }

    /// The challenge of a password sign-in of `ann` that must throw `mfaRequired`.
    static func challenge(_ sdk: Latchkey) async throws -> MFAChallenge {
        try await challenge { try await sdk.auth.signIn(username: "ann", password: "correct horse battery") }
    }

    /// The challenge of a sign-in or sign-up, `call`, that must throw `mfaRequired`.
    static func challenge(of call: () async throws -> CurrentUser) async throws -> MFAChallenge {
        do {
            _ = try await call()
        } catch let error as LatchkeyError {
            if case .mfaRequired(let challenge) = error.kind { return challenge }
            throw error
        }
        throw LatchkeyError(.server(code: "no_challenge", message: "the call did not ask for the second factor"))
    }
}
