import Foundation

/// A single-use token from an email link: `POST /v1/auth/email/verify`.
public struct EmailTokenRequest: StrictRequest, Equatable {
    public static let acceptedFields: Set<String> = ["token"]
    /// The `token` query parameter of the link.
    public var token: String

    /// Creates the request.
    public init(token: String) { self.token = token }
}

/// `POST /v1/auth/password/reset`: email a reset link (answers alike for unknown addresses).
public struct PasswordResetRequest: StrictRequest, Equatable {
    public static let acceptedFields: Set<String> = ["email"]
    /// The account's email.
    public var email: String

    /// Creates the request.
    public init(email: String) { self.email = email }
}

/// `POST /v1/auth/password/reset/confirm`: the link's token and the new password.
public struct PasswordResetConfirmation: StrictRequest, Equatable {
    public static let acceptedFields: Set<String> = ["token", "password"]
    /// The `token` query parameter of the reset link.
    public var token: String
    /// The new password.
    public var password: String

    /// Creates the request.
    public init(token: String, password: String) {
        self.token = token
        self.password = password
    }
}

/// `POST /v1/me/email`: change the email; it changes when the link sent to the new address is used.
public struct EmailChangeRequest: StrictRequest, Equatable {
    public static let acceptedFields: Set<String> = ["email"]
    /// The new email.
    public var email: String

    /// Creates the request.
    public init(email: String) { self.email = email }
}
