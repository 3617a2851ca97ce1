import Foundation
import LatchkeyWire
import SQLKit

/// Users and their identities in the database.
public struct UserStore: Sendable {
    let driver: any StoreDriver

    /// A new user's row.
    struct NewUser: Sendable {
        var id: String
        var appID: String
        var username: String?
        var email: String?
        var emailVerified = false
        var passwordHash: String?
        var dateOfBirth: String?
        var country: String?
        var parentEmail: String?
        var phone: String? = nil
        var displayName: String? = nil
        var profileCreated = true
        /// Whether password sign-in waits for the email to be verified.
        var awaitsEmailVerification = false
        /// How the user first signs in; nil for a password user (the `password` identity).
        var identity: NewIdentity? = nil
        /// A child's consent, pending from sign-up; nil for everyone else.
        var consent: ConsentState? = nil
        var createdAt: Date

        /// The identity the user is created with.
        var firstIdentity: NewIdentity {
            identity ?? NewIdentity(provider: "password", subject: id)
        }

        /// The account as it stands right after sign-up.
        var account: UserAccount {
            UserAccount(
                id: id,
                appID: appID,
                username: username,
                email: email,
                emailVerified: emailVerified,
                dateOfBirth: dateOfBirth,
                country: country,
                parentEmail: parentEmail,
                phone: phone,
                displayName: displayName,
                profileCreated: profileCreated,
                disabled: false,
                createdAt: createdAt,
                updatedAt: createdAt,
                lastSignInAt: createdAt,
                identities: [firstIdentity.identity(at: createdAt)],
                consent: consent,
                passwordHash: passwordHash,
                awaitsEmailVerification: awaitsEmailVerification
            )
        }
    }

    /// An identity to store: `provider` and `subject` key it within the app; `name` is the app's
    /// name for an OpenID Connect provider whose `provider` is the issuer URL.
    struct NewIdentity: Sendable {
        var provider: String
        var subject: String
        var name: String? = nil
        var email: String? = nil
        var emailVerified = false

        /// The API's view of the identity.
        func identity(at date: Date) -> Identity {
            Identity(
                provider: name ?? provider,
                subject: subject,
                issuer: name == nil ? nil : provider,
                email: email,
                createdAt: date
            )
        }
    }

    /// A unique index refused the insert: the canonical username, email or phone is taken, or
    /// the identity belongs to someone.
    struct Taken: Error {
        var field: String
    }

    /// Inserts the user and its first identity; throws ``Taken`` on a unique-index conflict.
    func insert(_ user: NewUser, in db: any SQLDatabase) async throws {
        let now = user.createdAt.epochSeconds
        do {
            try await db.raw(
                """
                INSERT INTO users (id, app_id, username, username_canonical, email, email_canonical, email_verified,
                                   password_hash, date_of_birth, country, parent_email, phone, display_name,
                                   profile_created, created_at, updated_at, awaits_email_verification)
                VALUES (\(bind: user.id), \(bind: user.appID), \(bind: user.username),
                        \(bind: user.username.map(Canonical.username)), \(bind: user.email),
                        \(bind: user.email.map(Canonical.email)), \(bind: user.emailVerified ? 1 : 0),
                        \(bind: user.passwordHash), \(bind: user.dateOfBirth), \(bind: user.country),
                        \(bind: user.parentEmail), \(bind: user.phone), \(bind: user.displayName),
                        \(bind: user.profileCreated ? 1 : 0), \(bind: now), \(bind: now),
                        \(bind: user.awaitsEmailVerification ? 1 : 0))
                """
            ).run()
        } catch  where driver.isUniqueViolation(error, of: .username) {
            throw Taken(field: "username")
        } catch  where driver.isUniqueViolation(error, of: .email) {
            throw Taken(field: "email")
        } catch  where driver.isUniqueViolation(error, of: .phone) {
            throw Taken(field: "phone")
        }
        try await link(user.firstIdentity, userID: user.id, appID: user.appID, at: user.createdAt, in: db)
    }

    /// Adds an identity to a user; throws ``Taken`` (field `identity`) when it belongs to a user already.
    func link(_ identity: NewIdentity, userID: String, appID: String, at now: Date, in db: any SQLDatabase) async throws {
        do {
            try await db.raw(
                """
                INSERT INTO identities (app_id, provider, subject, user_id, created_at, name, email, email_verified)
                VALUES (\(bind: appID), \(bind: identity.provider), \(bind: identity.subject), \(bind: userID),
                        \(bind: now.epochSeconds), \(bind: identity.name), \(bind: identity.email),
                        \(bind: identity.emailVerified ? 1 : 0))
                """
            ).run()
        } catch  where driver.isUniqueViolation(error, of: .identity) {
            throw Taken(field: "identity")
        }
        try ChangeFeed.record(.user, userID, at: now)
    }

    /// The user holding the identity (`provider`, `subject`) in the app.
    func find(appID: String, provider: String, subject: String, in db: any SQLDatabase) async throws -> UserAccount? {
        guard
            let userID = try await db.raw(
                """
                SELECT user_id FROM identities
                WHERE app_id = \(bind: appID) AND provider = \(bind: provider) AND subject = \(bind: subject)
                """
            ).first()?.decode(column: "user_id", as: String.self)
        else { return nil }
        return try await find(id: userID, appID: appID, in: db)
    }

    /// The user with this canonical username or email in the app.
    func find(appID: String, username: String? = nil, email: String? = nil, in db: any SQLDatabase) async throws -> UserAccount? {
        let row: (any SQLRow)?
        if let username {
            row = try await db.raw(
                "\(unsafeRaw: Self.selectUser) WHERE app_id = \(bind: appID) AND username_canonical = \(bind: Canonical.username(username))"
            ).first()
        } else if let email {
            row = try await db.raw(
                "\(unsafeRaw: Self.selectUser) WHERE app_id = \(bind: appID) AND email_canonical = \(bind: Canonical.email(email))"
            ).first()
        } else {
            row = nil
        }
        guard let row else { return nil }
        return try await account(from: row, in: db)
    }

    /// The user with this id (in this app, when given).
    func find(id: String, appID: String? = nil, in db: any SQLDatabase) async throws -> UserAccount? {
        guard let row = try await db.raw("\(unsafeRaw: Self.selectUser) WHERE id = \(bind: id)").first() else { return nil }
        let account = try await account(from: row, in: db)
        if let appID, account.appID != appID { return nil }
        return account
    }

    /// The user with this id, read from a reader connection.
    public func find(id: String, appID: String? = nil) async throws -> UserAccount? {
        try await driver.read { db in try await find(id: id, appID: appID, in: db) }
    }

    /// The stored password hash of the app's first password user at or after the identifier
    /// `near` (wrapping around to the first), or nil when the app has none: a sample of the
    /// app's hashes that a given `near` always picks while the users stay the same.
    func passwordHash(appID: String, near: String, in db: any SQLDatabase) async throws -> String? {
        for lowerBound in [near, ""] {
            if let hash = try await db.raw(
                """
                SELECT password_hash FROM users
                WHERE app_id = \(bind: appID) AND id >= \(bind: lowerBound) AND password_hash IS NOT NULL
                ORDER BY id LIMIT 1
                """
            ).first()?.decode(column: "password_hash", as: String.self) {
                return hash
            }
        }
        return nil
    }

    /// How many users the app has.
    func count(appID: String) async throws -> Int {
        try await driver.read { db in
            try await db.raw("SELECT COUNT(*) AS n FROM users WHERE app_id = \(bind: appID)").first()?.decode(column: "n", as: Int.self) ?? 0
        }
    }

    /// A page of an app's users, oldest first, after the given id.
    public func list(appID: String, limit: Int, after: String? = nil) async throws -> [UserAccount] {
        try await driver.read { db in
            let rows = try await db.raw(
                """
                \(unsafeRaw: Self.selectUser) WHERE app_id = \(bind: appID) AND id > \(bind: after ?? "")
                ORDER BY id LIMIT \(bind: limit)
                """
            ).all()
            var accounts: [UserAccount] = []
            for row in rows { accounts.append(try await account(from: row, in: db)) }
            return accounts
        }
    }

    /// Applies profile changes (already validated); throws ``Locked`` for a child's date of birth
    /// or parent email.
    func update(
        id: String,
        username: String??,
        dateOfBirth: String??,
        country: String??,
        parentEmail: String??,
        at now: Date,
        in db: any SQLDatabase
    ) async throws {
        try await requireUnlocked(userID: id, dateOfBirth: dateOfBirth, parentEmail: parentEmail, in: db)
        var assignments: [SQLQueryString] = ["updated_at = \(bind: now.epochSeconds)"]
        if let username {
            assignments.append("username = \(bind: username)")
            assignments.append("username_canonical = \(bind: username.map(Canonical.username))")
        }
        if let dateOfBirth { assignments.append("date_of_birth = \(bind: dateOfBirth)") }
        if let country { assignments.append("country = \(bind: country)") }
        if let parentEmail { assignments.append("parent_email = \(bind: parentEmail)") }
        do {
            try await db.raw("UPDATE users SET \(assignments.joined(separator: ", ")) WHERE id = \(bind: id)").run()
        } catch  where driver.isUniqueViolation(error, of: .username) {
            throw Taken(field: "username")
        }
        try ChangeFeed.record(.user, id, at: now)
    }

    /// Stores a new password hash; nil leaves the user without a password.
    func setPasswordHash(_ hash: String?, userID: String, at now: Date, in db: any SQLDatabase) async throws {
        try await db.raw(
            "UPDATE users SET password_hash = \(bind: hash), updated_at = \(bind: now.epochSeconds) WHERE id = \(bind: userID)"
        ).run()
        try ChangeFeed.record(.user, userID, at: now)
    }

    /// Marks the user's email verified, if it is still `email` (canonical); false when it is not.
    @discardableResult
    func markEmailVerified(userID: String, email: String, at now: Date, in db: any SQLDatabase) async throws -> Bool {
        let marked =
            try await db.raw(
                """
                UPDATE users SET email_verified = 1, awaits_email_verification = 0, updated_at = \(bind: now.epochSeconds)
                WHERE id = \(bind: userID) AND email_canonical = \(bind: Canonical.email(email)) RETURNING id
                """
            ).first() != nil
        if marked { try ChangeFeed.record(.user, userID, at: now) }
        return marked
    }

    /// Replaces the user's email with a verified one; throws ``Taken`` when another user has it.
    func changeEmail(userID: String, to email: String, at now: Date, in db: any SQLDatabase) async throws {
        do {
            try await db.raw(
                """
                UPDATE users SET email = \(bind: email), email_canonical = \(bind: Canonical.email(email)), email_verified = 1,
                    awaits_email_verification = 0, updated_at = \(bind: now.epochSeconds)
                WHERE id = \(bind: userID)
                """
            ).run()
        } catch  where driver.isUniqueViolation(error, of: .email) {
            throw Taken(field: "email")
        }
        try ChangeFeed.record(.user, userID, at: now)
    }

    /// Records a successful sign-in (sign-up counts as one).
    func recordSignIn(userID: String, at now: Date, in db: any SQLDatabase) async throws {
        try await db.raw("UPDATE users SET last_sign_in_at = \(bind: now.epochSeconds) WHERE id = \(bind: userID)").run()
        try ChangeFeed.record(.user, userID, at: now)
    }

    /// Sets or clears the disabled flag.
    func setDisabled(_ disabled: Bool, userID: String, at now: Date, in db: any SQLDatabase) async throws {
        try await db.raw(
            "UPDATE users SET disabled = \(bind: disabled ? 1 : 0), updated_at = \(bind: now.epochSeconds) WHERE id = \(bind: userID)"
        ).run()
        try ChangeFeed.record(.user, userID, at: now)
    }

    /// Deletes the user; sessions, refresh tokens and identities go with it (foreign keys cascade).
    func delete(userID: String, at now: Date, in db: any SQLDatabase) async throws {
        try await db.raw("DELETE FROM users WHERE id = \(bind: userID)").run()
        try ChangeFeed.record(.user, userID, at: now)
    }

    static let selectUser = """
        SELECT id, app_id, username, email, email_verified, password_hash, date_of_birth, country, parent_email,
               phone, display_name, profile_created, disabled, created_at, updated_at, last_sign_in_at,
               awaits_email_verification
        FROM users
        """

    func account(from row: any SQLRow, in db: any SQLDatabase) async throws -> UserAccount {
        let id = try row.decode(column: "id", as: String.self)
        let identities = try await db.raw(
            """
            SELECT provider, subject, name, email, created_at FROM identities WHERE user_id = \(bind: id)
            ORDER BY created_at, provider
            """
        ).all().map { row in
            NewIdentity(
                provider: try row.decode(column: "provider", as: String.self),
                subject: try row.decode(column: "subject", as: String.self),
                name: try row.decode(column: "name", as: String?.self),
                email: try row.decode(column: "email", as: String?.self)
            ).identity(at: Date(epochSeconds: try row.decode(column: "created_at", as: Int64.self)))
        }
        return UserAccount(
            id: id,
            appID: try row.decode(column: "app_id", as: String.self),
            username: try row.decode(column: "username", as: String?.self),
            email: try row.decode(column: "email", as: String?.self),
            emailVerified: try row.decode(column: "email_verified", as: Int64.self) != 0,
            dateOfBirth: try row.decode(column: "date_of_birth", as: String?.self),
            country: try row.decode(column: "country", as: String?.self),
            parentEmail: try row.decode(column: "parent_email", as: String?.self),
            phone: try row.decode(column: "phone", as: String?.self),
            displayName: try row.decode(column: "display_name", as: String?.self),
            profileCreated: try row.decode(column: "profile_created", as: Int64.self) != 0,
            disabled: try row.decode(column: "disabled", as: Int64.self) != 0,
            createdAt: Date(epochSeconds: try row.decode(column: "created_at", as: Int64.self)),
            updatedAt: Date(epochSeconds: try row.decode(column: "updated_at", as: Int64.self)),
            lastSignInAt: try row.decode(column: "last_sign_in_at", as: Int64?.self).map(Date.init(epochSeconds:)),
            identities: identities,
            consent: try await consent(userID: id, in: db),
            passwordHash: try row.decode(column: "password_hash", as: String?.self),
            awaitsEmailVerification: try row.decode(column: "awaits_email_verification", as: Int64.self) != 0
        )
    }
}
