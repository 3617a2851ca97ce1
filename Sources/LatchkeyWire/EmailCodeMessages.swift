public import Foundation

/// `POST /v1/auth/email/otp`: email a one-time sign-in code and a link (Supabase's
/// `signInWithOtp`, Firebase's email-link sign-in). The answer is the same whether or not the
/// address has an account.
public struct EmailCodeRequest: StrictRequest, Equatable {
    public static let acceptedFields: Set<String> = ["email", "createUser"]
    /// The email address.
    public var email: String
    /// Whether signing in with the code may create the account when the address has none
    /// (Supabase's `shouldCreateUser`; default true). When false, an address without an account
    /// is sent nothing — and the answer still does not say so.
    public var createUser: Bool?

    /// Creates the request.
    public init(email: String, createUser: Bool? = nil) {
        self.email = email
        self.createUser = createUser
    }
}

/// The answer to ``EmailCodeRequest``: when the code and link expire.
public struct EmailCodeResponse: Codable, Sendable, Equatable {
    /// Seconds until the code and link expire (600).
    public var expiresIn: Int
    /// When they expire.
    public var expiresAt: Date

    /// Creates the answer.
    public init(expiresIn: Int, expiresAt: Date) {
        self.expiresIn = expiresIn
        self.expiresAt = expiresAt
    }
}

/// `POST /v1/auth/email/otp/verify`: the code from the email, for the address it was sent to.
/// The link in the same email goes to `POST /v1/auth/email/link` as an ``EmailTokenRequest``.
public struct EmailCodeVerifyRequest: StrictRequest, Equatable {
    public static let acceptedFields: Set<String> = ["email", "code"]
    /// The email address the code was sent to.
    public var email: String
    /// The 6-digit code.
    public var code: String

    /// Creates the request.
    public init(email: String, code: String) {
        self.email = email
        self.code = code
    }
}
