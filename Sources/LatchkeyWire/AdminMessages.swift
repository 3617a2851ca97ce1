public import Foundation

/// A user as an app's backend sees it through `/v1/admin/users/{id}`: the record the user sees,
/// plus what only operators and the app's servers see.
public struct AdminUser: Codable, Sendable, Equatable {
    /// The user's record.
    public var user: UserRecord
    /// Whether the account is disabled (its sessions ended; sign-in refused).
    public var disabled: Bool

    /// Creates an admin view of a user.
    public init(user: UserRecord, disabled: Bool) {
        self.user = user
        self.disabled = disabled
    }
}

/// `PATCH /v1/admin/users/{id}`: disable or re-enable an account.
public struct AdminUserUpdate: StrictRequest, Equatable {
    public static let acceptedFields: Set<String> = ["disabled"]
    /// Disabling ends every session of the user at once.
    public var disabled: Bool

    /// Creates an update.
    public init(disabled: Bool) {
        self.disabled = disabled
    }
}

/// `POST /v1/admin/users` (and the operators' `POST /v1/operator/apps/{id}/users`): an account
/// the app's servers create directly — with a password, an email, a phone number, any of them,
/// or none (a user their servers link up later). Nobody is signed in and nothing is sent.
public struct AdminUserCreateRequest: StrictRequest, Equatable {
    public static let acceptedFields: Set<String> = ["username", "email", "phone", "password", "displayName", "emailVerified"]
    /// The username, as sign-up checks it.
    public var username: String?
    /// The email address.
    public var email: String?
    /// A phone number in E.164 form: the user signs in with a PIN sent to it.
    public var phone: String?
    /// A password for `username` or `email`, held to the app's password policy; hashed by the server.
    public var password: String?
    /// The name shown to others.
    public var displayName: String?
    /// Whether the email counts as verified now (the app's servers vouch for it); default false.
    public var emailVerified: Bool?

    /// Creates a request.
    public init(
        username: String? = nil,
        email: String? = nil,
        phone: String? = nil,
        password: String? = nil,
        displayName: String? = nil,
        emailVerified: Bool? = nil
    ) {
        self.username = username
        self.email = email
        self.phone = phone
        self.password = password
        self.displayName = displayName
        self.emailVerified = emailVerified
    }
}

/// The kinds of link the app's servers may ask for, to send from their own mail system.
public enum AdminLinkType: String, Codable, Sendable, CaseIterable {
    /// Verifies the user's email address when opened.
    case verifyEmail
    /// Lets the user set a new password.
    case resetPassword
    /// Signs the user in by their email (the app must offer `emailCode` sign-in).
    case signIn
}

/// `POST /v1/admin/users/{id}/links`: which link to make.
public struct AdminLinkRequest: StrictRequest, Equatable {
    public static let acceptedFields: Set<String> = ["type"]
    /// The kind of link.
    public var type: AdminLinkType

    /// Creates a request.
    public init(type: AdminLinkType) {
        self.type = type
    }
}

/// A single-use link for a user, made but not sent: the app's servers send it themselves.
public struct AdminLink: Codable, Sendable, Equatable {
    /// The kind of link.
    public var type: AdminLinkType
    /// The link: the app's `emailActionURL` (or the server's action page) with its `mode` and `token`.
    public var link: String
    /// When the link stops working; using it, or a newer link of its kind, ends it sooner.
    public var expiresAt: Date

    /// Creates a link description.
    public init(type: AdminLinkType, link: String, expiresAt: Date) {
        self.type = type
        self.link = link
        self.expiresAt = expiresAt
    }
}
