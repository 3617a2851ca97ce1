public import Foundation
import LatchkeyWire

/// A PIN sent by ``Latchkey/startPhoneSignIn(_:)``: pass it back with the PIN the user typed.
public struct PhoneVerification: Sendable, Equatable, Codable {
    /// The number the PIN went to, E.164 (`+14155550123`).
    public var phone: String
    /// Which PIN this is; only this request's PIN is accepted.
    public var requestId: String
    /// When the PIN stops working (ten minutes after it was sent).
    public var expiresAt: Date
}

extension AuthClient {
    /// Sends a 6-digit sign-in PIN by SMS (Kuggle register by phone). The number may contain
    /// spaces, dashes and brackets but must start with `+` and the country code; an invalid one
    /// throws ``LatchkeyError/Kind/invalidPhone``. Too many requests throw `rateLimited`.
    public func startPhoneSignIn(_ phone: String) async throws -> PhoneVerification {
        let answer = try await transport.decode(
            PhoneStartResponse.self,
            .post,
            "v1/auth/phone/start",
            body: PhoneStartRequest(phone: phone),
            as: .none
        )
        return PhoneVerification(phone: answer.phone, requestId: answer.requestId, expiresAt: answer.expiresAt)
    }

    /// Signs in with the PIN of `verification` (Kuggle Verify PIN); the number's first sign-in
    /// creates its user, whose `profileCreated` is false. A wrong PIN throws `invalidCode` (five
    /// checks per PIN in all); an expired, used or exhausted one throws `codeExpired`.
    @discardableResult
    public func verifyPhone(_ verification: PhoneVerification, pin: String) async throws -> CurrentUser {
        let request = PhoneVerifyRequest(phone: verification.phone, requestId: verification.requestId, pin: pin)
        return try signedIn(try await transport.decode(AuthResponse.self, .post, "v1/auth/phone/verify", body: request, as: .none))
    }
}

extension AuthClient {
    /// Sends a PIN to a number the signed-in user adds, or puts in place of theirs (Firebase's
    /// `linkWithPhoneNumber`); ``verifyPhoneLink(_:pin:)`` completes it. The answer is the same
    /// whether or not another account has the number. A user who is no guest needs a recent
    /// sign-in (`.reauthenticationRequired` otherwise: re-authenticate, then
    /// retry); an invalid number throws ``LatchkeyError/Kind/invalidPhone``.
    public func linkPhone(_ phone: String) async throws -> PhoneVerification {
        let answer = try await transport.decode(PhoneStartResponse.self, .post, "v1/me/phone", body: PhoneStartRequest(phone: phone))
        return PhoneVerification(phone: answer.phone, requestId: answer.requestId, expiresAt: answer.expiresAt)
    }

    /// Adds the number of `verification` to the signed-in user with the PIN they received: it
    /// is verified and signs in by PIN from then on. A guest is upgraded in place — same id and
    /// data, ``CurrentUser/isAnonymous`` false. PINs fail as in ``verifyPhone(_:pin:)``. A number
    /// of another account throws ``LatchkeyError/Kind/accountConflict(field:)`` (field `phone`)
    /// for a guest — switch to that account, or sign in to it and merge the guest into it — and
    /// ``LatchkeyError/Kind/identityInUse`` for anyone else.
    @discardableResult
    public func verifyPhoneLink(_ verification: PhoneVerification, pin: String) async throws -> CurrentUser {
        let request = PhoneVerifyRequest(phone: verification.phone, requestId: verification.requestId, pin: pin)
        return try await updatingProfile { try await transport.decode(UserRecord.self, .post, "v1/me/phone/verify", body: request) }
    }

    /// Removes the signed-in user's number; needs a recent sign-in. The user's only way to sign in
    /// cannot be removed: that throws ``LatchkeyError/Kind/lastIdentity``.
    @discardableResult
    public func removePhone() async throws -> CurrentUser {
        try await updatingProfile { try await transport.decode(UserRecord.self, .delete, "v1/me/phone") }
    }
}
