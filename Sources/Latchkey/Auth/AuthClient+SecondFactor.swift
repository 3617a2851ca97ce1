public import Foundation
public import LatchkeyWire

/// The second step of a sign-in that threw ``LatchkeyError/Kind/mfaRequired(_:)``: what the
/// server answered, to pass to ``AuthClient/completeSignIn(challenge:code:)``.
public struct MFAChallenge: Sendable, Equatable {
    /// The server's challenge: good for five minutes, one sign-in and five codes.
    public let token: String
    /// True when the app requires a second factor the user has none of — a new account's too, so
    /// a sign-up can throw it: call ``AuthClient/enrollTOTP(challenge:)`` and show its secret
    /// before asking for a code for ``AuthClient/completeEnrollment(challenge:code:)``.
    public let needsEnrollment: Bool

    /// A challenge as the server answered it.
    public init(token: String, needsEnrollment: Bool) {
        self.token = token
        self.needsEnrollment = needsEnrollment
    }
}

extension AuthClient {
    /// Completes a sign-in that threw ``LatchkeyError/Kind/mfaRequired(_:)`` with a six-digit
    /// code of the user's authenticator app; each code signs in once. A wrong code throws
    /// ``LatchkeyError/Kind/invalidCode`` (ask again: five tries per challenge), a spent challenge
    /// ``LatchkeyError/Kind/mfaChallengeExpired`` (sign in again).
    @discardableResult
    public func completeSignIn(challenge: MFAChallenge, code: String) async throws -> CurrentUser {
        try await completeSignIn(MFACompletionRequest(challenge: challenge.token, code: code))
    }

    /// Completes a sign-in that threw ``LatchkeyError/Kind/mfaRequired(_:)`` with one of the
    /// user's recovery codes (for a lost phone), which it uses up.
    @discardableResult
    public func completeSignIn(challenge: MFAChallenge, recoveryCode: String) async throws -> CurrentUser {
        try await completeSignIn(MFACompletionRequest(challenge: challenge.token, recoveryCode: recoveryCode))
    }

    private func completeSignIn(_ request: MFACompletionRequest) async throws -> CurrentUser {
        try signedIn(try await transport.decode(AuthResponse.self, .post, "v1/auth/mfa", body: request, as: .none))
    }

    /// Completes a sign-in (or sign-up) whose challenge ``MFAChallenge/needsEnrollment`` with the
    /// first code of the authenticator ``enrollTOTP(challenge:)`` started: the authenticator is
    /// on, the user signed in, and the ten recovery codes are returned — shown once: have the
    /// user keep them. Errors as ``completeSignIn(challenge:code:)``.
    public func completeEnrollment(challenge: MFAChallenge, code: String) async throws -> (user: CurrentUser, recoveryCodes: [String]) {
        let answer = try await transport.decode(
            AuthResponse.self,
            .post,
            "v1/auth/mfa",
            body: MFACompletionRequest(challenge: challenge.token, code: code),
            as: .none
        )
        return (try signedIn(answer), answer.recoveryCodes ?? [])
    }

    /// Starts an authenticator for the user of a challenge that ``MFAChallenge/needsEnrollment``
    /// — a sign-in, or the sign-up of a new account, of an app that requires a second factor the
    /// user has none of: show the secret (or its URI as a QR code), then call
    /// ``completeEnrollment(challenge:code:)`` with its first code.
    public func enrollTOTP(challenge: MFAChallenge) async throws -> TOTPEnrollment {
        try await transport.decode(
            TOTPEnrollment.self,
            .post,
            "v1/auth/mfa/totp",
            body: MFAChallengeEnrollmentRequest(challenge: challenge.token),
            as: .none
        )
    }

    /// Starts an authenticator for the signed-in user (within the re-authentication window of a
    /// sign-in): show ``TOTPEnrollment/secret`` or ``TOTPEnrollment/uri`` once, then call
    /// ``confirmTOTP(code:)`` with the first code the app shows. Until then nothing changes.
    public func enrollTOTP() async throws -> TOTPEnrollment {
        try await transport.decode(TOTPEnrollment.self, .post, "v1/me/mfa/totp")
    }

    /// Confirms the new authenticator with its first code, which turns the second factor on, and
    /// returns the ten recovery codes — shown once: have the user keep them.
    public func confirmTOTP(code: String) async throws -> [String] {
        try await transport.decode(RecoveryCodes.self, .post, "v1/me/mfa/totp/confirm", body: TOTPConfirmationRequest(code: code)).codes
    }

    /// Turns the second factor off (authenticator and recovery codes). Needs a recent sign-in or
    /// ``reauthenticate(password:)``, else ``LatchkeyError/Kind/reauthenticationRequired``.
    public func disableTOTP() async throws {
        _ = try await transport.send(.delete, "v1/me/mfa/totp")
    }

    /// Replaces the recovery codes (the old ones stop working) and returns the new ten, shown once.
    /// Needs a recent sign-in, like ``disableTOTP()``.
    public func regenerateRecoveryCodes() async throws -> [String] {
        try await transport.decode(RecoveryCodes.self, .post, "v1/me/mfa/recovery-codes").codes
    }

    /// Whether the user has an authenticator, how many recovery codes are left, and whether
    /// sign-in asks for a second factor.
    public func secondFactorStatus() async throws -> SecondFactorStatus {
        try await transport.decode(SecondFactorStatus.self, .get, "v1/me/mfa")
    }
}
