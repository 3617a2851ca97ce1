public import Foundation

/// `POST /v1/auth/phone/start`: send a sign-in PIN to a phone (Kuggle register by phone).
public struct PhoneStartRequest: StrictRequest, Equatable {
    public static let acceptedFields: Set<String> = ["phone"]
    /// The phone number, international form (`+14155550123`; spaces, dashes and brackets are ignored).
    public var phone: String

    /// Creates a PIN request.
    public init(phone: String) { self.phone = phone }
}

/// The answer to ``PhoneStartRequest``: the same whether or not the number has an account.
public struct PhoneStartResponse: Codable, Sendable, Equatable {
    /// Identifies this PIN; the verification must name it.
    public var requestId: String
    /// The number the PIN went to, E.164.
    public var phone: String
    /// Seconds until the PIN expires (600).
    public var expiresIn: Int
    /// When the PIN expires.
    public var expiresAt: Date

    /// Creates the answer.
    public init(requestId: String, phone: String, expiresIn: Int, expiresAt: Date) {
        self.requestId = requestId
        self.phone = phone
        self.expiresIn = expiresIn
        self.expiresAt = expiresAt
    }
}

/// `POST /v1/auth/phone/verify`: the PIN received, for the request that sent it (Kuggle Verify PIN).
public struct PhoneVerifyRequest: StrictRequest, Equatable {
    public static let acceptedFields: Set<String> = ["phone", "requestId", "pin"]
    /// The phone number the PIN was sent to.
    public var phone: String
    /// The `requestId` of ``PhoneStartResponse``.
    public var requestId: String
    /// The 6-digit PIN.
    public var pin: String

    /// Creates a verification.
    public init(phone: String, requestId: String, pin: String) {
        self.phone = phone
        self.requestId = requestId
        self.pin = pin
    }
}
