public import Foundation

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
    /// The verified phone number, E.164 (Kuggle).
    public var phone: String?
    /// A display name, e.g. from an external provider's profile.
    public var displayName: String?
    /// Whether the user has a profile; `false` for an account made by phone sign-in until one
    /// is created (Kuggle's `profilecreated`).
    public var profileCreated: Bool
    /// The ways this user can sign in.
    public var identities: [Identity]
    /// When the account was created.
    public var createdAt: Date
    /// When the account last changed.
    public var updatedAt: Date
    /// When the user last signed in.
    public var lastSignInAt: Date?
    /// Parental consent, for a child who signed up under the consent age; nil otherwise.
    public var consent: ConsentState?
    /// Whether the user is a guest (anonymous or device sign-in) who has not linked a password,
    /// email, phone or provider yet (Supabase's `is_anonymous`).
    public var isAnonymous: Bool

    /// Creates a user record.
    public init(
        id: String,
        uid: String,
        username: String? = nil,
        email: String? = nil,
        emailVerified: Bool = false,
        dateOfBirth: String? = nil,
        country: String? = nil,
        parentEmail: String? = nil,
        phone: String? = nil,
        displayName: String? = nil,
        profileCreated: Bool = true,
        identities: [Identity] = [],
        createdAt: Date,
        updatedAt: Date,
        lastSignInAt: Date? = nil,
        consent: ConsentState? = nil,
        isAnonymous: Bool = false
    ) {
        self.id = id
        self.uid = uid
        self.username = username
        self.email = email
        self.emailVerified = emailVerified
        self.dateOfBirth = dateOfBirth
        self.country = country
        self.parentEmail = parentEmail
        self.phone = phone
        self.displayName = displayName
        self.profileCreated = profileCreated
        self.identities = identities
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.lastSignInAt = lastSignInAt
        self.consent = consent
        self.isAnonymous = isAnonymous
    }
}

extension UserRecord {
    /// Decodes a user; `profileCreated` defaults to `true` and `isAnonymous` to `false` when
    /// absent (records stored by older SDK versions).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            uid: try container.decode(String.self, forKey: .uid),
            username: try container.decodeIfPresent(String.self, forKey: .username),
            email: try container.decodeIfPresent(String.self, forKey: .email),
            emailVerified: try container.decode(Bool.self, forKey: .emailVerified),
            dateOfBirth: try container.decodeIfPresent(String.self, forKey: .dateOfBirth),
            country: try container.decodeIfPresent(String.self, forKey: .country),
            parentEmail: try container.decodeIfPresent(String.self, forKey: .parentEmail),
            phone: try container.decodeIfPresent(String.self, forKey: .phone),
            displayName: try container.decodeIfPresent(String.self, forKey: .displayName),
            profileCreated: try container.decodeIfPresent(Bool.self, forKey: .profileCreated) ?? true,
            identities: try container.decode([Identity].self, forKey: .identities),
            createdAt: try container.decode(Date.self, forKey: .createdAt),
            updatedAt: try container.decode(Date.self, forKey: .updatedAt),
            lastSignInAt: try container.decodeIfPresent(Date.self, forKey: .lastSignInAt),
            consent: try container.decodeIfPresent(ConsentState.self, forKey: .consent),
            isAnonymous: try container.decodeIfPresent(Bool.self, forKey: .isAnonymous) ?? false
        )
    }
}

/// One way a user signs in: a provider and the user's id at that provider.
public struct Identity: Codable, Sendable, Equatable {
    /// The provider: `password`, `phone`, `facebook`, or the app's name for an OpenID Connect
    /// provider (`google`, `apple`).
    public var provider: String
    /// The user's identifier at the provider (for `password`, the user id; for `phone`, the number).
    public var subject: String
    /// For OpenID Connect providers, the issuer that keys the identity together with `subject`.
    public var issuer: String?
    /// The email the provider reported, if any.
    public var email: String?
    /// When the identity was linked.
    public var createdAt: Date

    /// Creates an identity.
    public init(provider: String, subject: String, issuer: String? = nil, email: String? = nil, createdAt: Date) {
        self.provider = provider
        self.subject = subject
        self.issuer = issuer
        self.email = email
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
        id: String,
        createdAt: Date,
        lastUsedAt: Date,
        expiresAt: Date,
        userAgent: String?,
        ipAddress: String?,
        current: Bool
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
