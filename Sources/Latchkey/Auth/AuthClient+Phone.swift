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
        let answer = try await transport.decode(PhoneStartResponse.self, .post, "v1/auth/phone/start", body: PhoneStartRequest(phone: phone), as: .none)
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
