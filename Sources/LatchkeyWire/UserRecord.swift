import Foundation

/// A user as the API shows it to the user themself.
public struct UserRecord: Codable, Sendable, Equatable {
    /// The stable user id.
    public var id: String
    /// The Wilddog-style uid, `provider:id` (e.g. `password:8f3c…`).
    public var uid: String
    /// The username, if the user has one.
    public var username: String?
    /// The email, if the user has one.
    public var email: String?
    /// Whether the email was verified through a verification link.
    public var emailVerified: Bool
    /// Date of birth, `YYYY-MM-DD`.
    public var dateOfBirth: String?
    /// ISO 3166-1 alpha-2 country code.
    public var country: String?
    /// The parent's email (KWS).
    public var parentEmail: String?
    /// The ways this user can sign in.
    public var identities: [Identity]
    /// When the account was created.
    public var createdAt: Date
    /// When the account last changed.
    public var updatedAt: Date
    /// When the user last signed in.
    public var lastSignInAt: Date?

    /// Creates a user record.
    public init(
        id: String, uid: String, username: String? = nil, email: String? = nil, emailVerified: Bool = false,
        dateOfBirth: String? = nil, country: String? = nil, parentEmail: String? = nil,
        identities: [Identity] = [], createdAt: Date, updatedAt: Date, lastSignInAt: Date? = nil
    ) {
        self.id = id
        self.uid = uid
        self.username = username
        self.email = email
        self.emailVerified = emailVerified
        self.dateOfBirth = dateOfBirth
        self.country = country
        self.parentEmail = parentEmail
        self.identities = identities
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.lastSignInAt = lastSignInAt
    }
}

/// One way a user signs in: a provider and the user's id at that provider.
public struct Identity: Codable, Sendable, Equatable {
    /// The provider: `password`, `phone`, `facebook`, or an OpenID Connect issuer's name.
    public var provider: String
    /// The user's identifier at the provider (for `password`, the user id).
    public var subject: String
    /// When the identity was linked.
    public var createdAt: Date

    /// Creates an identity.
    public init(provider: String, subject: String, createdAt: Date) {
        self.provider = provider
        self.subject = subject
        self.createdAt = createdAt
    }
}

/// One signed-in device, as `GET /v1/auth/session` and `GET /v1/me/sessions` show it.
public struct SessionDescriptor: Codable, Sendable, Equatable {
    /// The session id (the access token's `sid` claim).
    public var id: String
    /// When the session began (sign-in time).
    public var createdAt: Date
    /// When its refresh token was last used.
    public var lastUsedAt: Date
    /// When the session ends at the latest (the app's session lifetime after sign-in).
    public var expiresAt: Date
    /// The user agent that signed in.
    public var userAgent: String?
    /// The client IP that signed in.
    public var ipAddress: String?
    /// Whether this is the session of the calling token.
    public var current: Bool

    /// Creates a session descriptor.
    public init(
        id: String, createdAt: Date, lastUsedAt: Date, expiresAt: Date,
        userAgent: String?, ipAddress: String?, current: Bool
    ) {
        self.id = id
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.expiresAt = expiresAt
        self.userAgent = userAgent
        self.ipAddress = ipAddress
        self.current = current
    }
}

/// `GET /v1/auth/session`: who is signed in with this token (Kurogo's session API).
public struct CurrentSession: Codable, Sendable, Equatable {
    /// The signed-in user.
    public var user: UserRecord
    /// The session of the presented token.
    public var session: SessionDescriptor

    /// Creates a current-session answer.
    public init(user: UserRecord, session: SessionDescriptor) {
        self.user = user
        self.session = session
    }
}

/// `GET /v1/me/sessions`.
public struct SessionList: Codable, Sendable, Equatable {
    /// The user's live sessions, newest first.
    public var sessions: [SessionDescriptor]

    /// Creates a session list.
    public init(sessions: [SessionDescriptor]) { self.sessions = sessions }
}

/// `GET /v1/me/export`: everything stored about the user (right of access / portability).
public struct AccountExport: Codable, Sendable, Equatable {
    /// When the export was made.
    public var exportedAt: Date
    /// The app the account belongs to.
    public var clientId: String
    /// The account.
    public var user: UserRecord
    /// Every session, live or ended, still on record.
    public var sessions: [SessionDescriptor]

    /// Creates an export.
    public init(exportedAt: Date, clientId: String, user: UserRecord, sessions: [SessionDescriptor]) {
        self.exportedAt = exportedAt
        self.clientId = clientId
        self.user = user
        self.sessions = sessions
    }
}
