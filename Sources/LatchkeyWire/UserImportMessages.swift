public import Foundation

/// One user of an import (a JSON line, a CSV row, an element of the admin API's body) and of an
/// export, which writes the same shape so an export re-imports as it is.
public struct ImportedUser: Codable, Sendable, Equatable {
    /// The fields a line may have.
    public static let fields: [String] = [
        "externalId", "email", "emailVerified", "username", "phone", "displayName", "passwordHash", "passwordSalt",
        "passwordHashFormat", "identities", "createdAt",
    ]
    /// The user's id in the system they come from: what makes a re-run update rather than add.
    public var externalId: String
    /// The email address.
    public var email: String?
    /// Kept as given: a verified address stays verified.
    public var emailVerified: Bool?
    /// The username.
    public var username: String?
    /// E.164 (`+` and digits).
    public var phone: String?
    /// The name shown to others.
    public var displayName: String?
    /// The hash as the other system stores it (bcrypt, scrypt, PBKDF2, SHA-512-crypt, Argon2 PHC
    /// strings), or Firebase's base64 hash with `passwordSalt` and `passwordHashFormat`
    /// `firebase_scrypt`.
    public var passwordHash: String?
    /// Firebase's per-user salt (base64).
    public var passwordSalt: String?
    /// `firebase_scrypt` for Firebase's hashes; other formats are told by their prefix.
    public var passwordHashFormat: String?
    /// Provider identities to link (`google`, `apple`, `facebook`, an issuer URL, …).
    public var identities: [ImportedIdentity]?
    /// When the user was created in the other system (now, when absent).
    public var createdAt: Date?

    /// Creates a line.
    public init(
        externalId: String,
        email: String? = nil,
        emailVerified: Bool? = nil,
        username: String? = nil,
        phone: String? = nil,
        displayName: String? = nil,
        passwordHash: String? = nil,
        passwordSalt: String? = nil,
        passwordHashFormat: String? = nil,
        identities: [ImportedIdentity]? = nil,
        createdAt: Date? = nil
    ) {
        self.externalId = externalId
        self.email = email
        self.emailVerified = emailVerified
        self.username = username
        self.phone = phone
        self.displayName = displayName
        self.passwordHash = passwordHash
        self.passwordSalt = passwordSalt
        self.passwordHashFormat = passwordHashFormat
        self.identities = identities
        self.createdAt = createdAt
    }
}

/// A provider identity of an imported user.
public struct ImportedIdentity: Codable, Sendable, Equatable {
    /// The app's provider name (`google`) or, for a provider the app has not configured, the
    /// key identities are stored under (an issuer URL, `facebook`).
    public var provider: String
    /// The user's id at the provider.
    public var subject: String
    /// The email the provider reported.
    public var email: String?

    /// Creates an identity.
    public init(provider: String, subject: String, email: String? = nil) {
        self.provider = provider
        self.subject = subject
        self.email = email
    }
}

/// A Firebase project's password hash parameters, as `firebase auth:export` and the console give
/// them; one set per import.
public struct FirebaseScryptParameters: Codable, Sendable, Equatable {
    /// `base64_signer_key`.
    public var signerKey: String
    /// `base64_salt_separator`.
    public var saltSeparator: String
    /// `rounds` (scrypt's r).
    public var rounds: Int
    /// `mem_cost`.
    public var memCost: Int

    /// Creates the parameters.
    public init(signerKey: String, saltSeparator: String, rounds: Int, memCost: Int) {
        self.signerKey = signerKey
        self.saltSeparator = saltSeparator
        self.rounds = rounds
        self.memCost = memCost
    }
}

/// The formats an import file may be in.
public enum UserImportFormat: String, Codable, Sendable, CaseIterable {
    /// One ``ImportedUser`` JSON object per line; a first line holding only `firebaseScrypt` sets
    /// the Firebase parameters.
    case jsonl
    /// A header row of ``ImportedUser/fields`` names, then one user per row (`identities` as JSON).
    case csv
    /// PocketBase's users (`_pb_users_auth_`) as a JSON array, JSON lines or CSV, bcrypt hashes included.
    case pocketbase
    /// Supabase's `auth.users` rows as a JSON array, JSON lines or CSV (`encrypted_password` is bcrypt).
    case supabase
}

/// `POST /v1/operator/apps/{id}/users/import`: the file's text, as the CLI would read it.
public struct UserImportRequest: StrictRequest, Equatable {
    public static let acceptedFields: Set<String> = ["content", "format", "dryRun", "firebaseScrypt"]
    /// The file's text.
    public var content: String
    /// `jsonl` (default) or `csv`.
    public var format: UserImportFormat?
    /// Report what would happen, line by line, and change nothing.
    public var dryRun: Bool?
    /// The Firebase project's parameters, for `firebase_scrypt` hashes.
    public var firebaseScrypt: FirebaseScryptParameters?

    /// Creates a request.
    public init(content: String, format: UserImportFormat? = nil, dryRun: Bool? = nil, firebaseScrypt: FirebaseScryptParameters? = nil) {
        self.content = content
        self.format = format
        self.dryRun = dryRun
        self.firebaseScrypt = firebaseScrypt
    }
}

/// What an import did (or, dry, would do) with each line.
public struct UserImportReport: Codable, Sendable, Equatable {
    /// What happened to one line.
    public enum Outcome: String, Codable, Sendable {
        /// A new user; an external id seen before with a changed line; with an unchanged one;
        /// a line not imported (see its errors).
        case created, updated, unchanged, refused
    }

    /// One line's outcome; `errors` name the fields of a refused line.
    public struct Line: Codable, Sendable, Equatable {
        /// 1-based line number in the file (a CSV row's first line).
        public var line: Int
        /// The line's external id, when it has one.
        public var externalId: String?
        /// What the import did (or, dry, would do).
        public var outcome: Outcome
        /// The Latchkey user id (absent for a refused line and a dry run's new user).
        public var userId: String?
        /// Why a refused line was refused.
        public var errors: [FieldError]?

        /// Creates a line's outcome.
        public init(line: Int, externalId: String?, outcome: Outcome, userId: String? = nil, errors: [FieldError]? = nil) {
            self.line = line
            self.externalId = externalId
            self.outcome = outcome
            self.userId = userId
            self.errors = errors
        }
    }

    /// Whether nothing was changed.
    public var dryRun: Bool
    /// Lines that created a user.
    public var created: Int
    /// Lines that updated their user.
    public var updated: Int
    /// Lines with nothing to change.
    public var unchanged: Int
    /// Lines not imported.
    public var refused: Int
    /// Every line's outcome, in file order.
    public var lines: [Line]

    /// A report of `lines`.
    public init(dryRun: Bool, lines: [Line]) {
        self.dryRun = dryRun
        self.lines = lines
        created = lines.count { $0.outcome == .created }
        updated = lines.count { $0.outcome == .updated }
        unchanged = lines.count { $0.outcome == .unchanged }
        refused = lines.count { $0.outcome == .refused }
    }
}
