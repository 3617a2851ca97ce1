public import Foundation

/// A request body whose top-level members the server checks strictly: any member not listed in
/// ``acceptedFields`` is refused with ``ErrorCode/unknownField``, so privileged fields
/// (`emailVerified`, `disabled`, …) can never be mass-assigned.
public protocol StrictRequest: Codable, Sendable {
    /// The JSON member names this body may contain.
    static var acceptedFields: Set<String> { get }
}

/// `POST /v1/auth/signup` (KWS createUser, Kii register, Wilddog createUser).
public struct SignUpRequest: StrictRequest, Equatable {
    public static let acceptedFields: Set<String> = [
        "username", "email", "password", "dateOfBirth", "country", "parentEmail",
    ]
    /// The username (KWS, Kii). At least one of `username` and `email` is required.
    public var username: String?
    /// The email address (Wilddog).
    public var email: String?
    /// The password, in clear; hashed by the server.
    public var password: String
    /// Date of birth, `YYYY-MM-DD` (KWS).
    public var dateOfBirth: String?
    /// ISO 3166-1 alpha-2 country code (KWS).
    public var country: String?
    /// The parent's email address (KWS).
    public var parentEmail: String?

    /// Creates a sign-up request.
    public init(
        username: String? = nil,
        email: String? = nil,
        password: String,
        dateOfBirth: String? = nil,
        country: String? = nil,
        parentEmail: String? = nil
    ) {
        self.username = username
        self.email = email
        self.password = password
        self.dateOfBirth = dateOfBirth
        self.country = country
        self.parentEmail = parentEmail
    }
}

/// `POST /v1/auth/signin` with a username or an email and a password.
public struct SignInRequest: StrictRequest, Equatable {
    public static let acceptedFields: Set<String> = ["username", "email", "password"]
    /// The username; give this or `email`.
    public var username: String?
    /// The email; give this or `username`.
    public var email: String?
    /// The password.
    public var password: String

    /// Creates a sign-in request.
    public init(username: String? = nil, email: String? = nil, password: String) {
        self.username = username
        self.email = email
        self.password = password
    }
}

/// `POST /v1/auth/refresh`.
public struct RefreshRequest: StrictRequest, Equatable {
    public static let acceptedFields: Set<String> = ["refreshToken"]
    /// The refresh token of the session; it is rotated by this call.
    public var refreshToken: String

    /// Creates a refresh request.
    public init(refreshToken: String) { self.refreshToken = refreshToken }
}

/// `POST /v1/me/password`.
public struct ChangePasswordRequest: StrictRequest, Equatable {
    public static let acceptedFields: Set<String> = ["currentPassword", "newPassword"]
    /// The password now in use.
    public var currentPassword: String
    /// The password to set.
    public var newPassword: String

    /// Creates a password-change request.
    public init(currentPassword: String, newPassword: String) {
        self.currentPassword = currentPassword
        self.newPassword = newPassword
    }
}

/// `PATCH /v1/me`: only the members present change; `null` clears an optional one.
public struct UpdateUserRequest: StrictRequest, Equatable {
    public static let acceptedFields: Set<String> = ["username", "dateOfBirth", "country", "parentEmail"]
    /// A new username.
    public var username: String?
    /// A new date of birth, `YYYY-MM-DD`.
    public var dateOfBirth: String?
    /// A new country code.
    public var country: String?
    /// A new parent email.
    public var parentEmail: String?

    /// Creates an update.
    public init(username: String? = nil, dateOfBirth: String? = nil, country: String? = nil, parentEmail: String? = nil) {
        self.username = username
        self.dateOfBirth = dateOfBirth
        self.country = country
        self.parentEmail = parentEmail
    }
}

/// The tokens of one signed-in session, as every sign-in, sign-up and refresh returns them.
public struct SessionTokens: Codable, Sendable, Equatable {
    /// The JWT access token (`typ: at+jwt`), sent as `Authorization: Bearer`.
    public var accessToken: String
    /// The opaque refresh token; single use, rotated by each refresh.
    public var refreshToken: String
    /// Always `Bearer`.
    public var tokenType: String
    /// Seconds until the access token expires.
    public var expiresIn: Int
    /// When the access token expires.
    public var expiresAt: Date
    /// The access token's scope: `openid profile public`, or `openid profile` for a child's
    /// account without parental consent (absent from servers before consent existed).
    public var scope: String?

    /// Creates a session token set.
    public init(
        accessToken: String,
        refreshToken: String,
        tokenType: String = "Bearer",
        expiresIn: Int,
        expiresAt: Date,
        scope: String? = nil
    ) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.tokenType = tokenType
        self.expiresIn = expiresIn
        self.expiresAt = expiresAt
        self.scope = scope
    }
}

/// The answer to sign-up, sign-in and refresh: the user and, when signed in, the session's tokens.
public struct AuthResponse: Codable, Sendable, Equatable {
    /// The signed-in (or newly created) user.
    public var user: UserRecord
    /// The session's tokens; `nil` for an email sign-up of an app that hides whether an email is
    /// taken (the client then signs in).
    public var session: SessionTokens?
    /// The user's new recovery codes, in clear only in this answer: present when this sign-in's
    /// second step confirmed the first authenticator of a user whose app requires one
    /// (`POST /v1/auth/mfa` after `POST /v1/auth/mfa/totp`). Show them once.
    public var recoveryCodes: [String]?

    /// Creates an auth response.
    public init(user: UserRecord, session: SessionTokens?, recoveryCodes: [String]? = nil) {
        self.user = user
        self.session = session
        self.recoveryCodes = recoveryCodes
    }
}
