public import Foundation
public import LatchkeyWire

/// A user as stored: what the API shows plus what only the server and operators see.
public struct UserAccount: Sendable, Equatable {
    /// The user id.
    public var id: String
    /// The app the user belongs to.
    public var appID: String
    /// The username as typed at sign-up.
    public var username: String?
    /// The email as typed at sign-up.
    public var email: String?
    /// Whether the email was verified.
    public var emailVerified: Bool
    /// Date of birth, `YYYY-MM-DD`.
    public var dateOfBirth: String?
    /// ISO 3166-1 alpha-2 country code.
    public var country: String?
    /// Parent's email (KWS).
    public var parentEmail: String?
    /// Verified phone number, E.164.
    public var phone: String? = nil
    /// Display name (from a provider's profile).
    public var displayName: String? = nil
    /// Whether a profile exists (false for a phone sign-up until one is made).
    public var profileCreated: Bool = true
    /// Whether an operator disabled the account.
    public var disabled: Bool
    /// Creation time.
    public var createdAt: Date
    /// Last change.
    public var updatedAt: Date
    /// Last sign-in.
    public var lastSignInAt: Date?
    /// The ways the user signs in, oldest first.
    public var identities: [Identity]
    /// Parental consent, for a child who signed up under the consent age; nil otherwise.
    public var consent: ConsentState? = nil
    /// The stored password hash (never leaves the server).
    var passwordHash: String?
    /// Whether password sign-in waits for the email to be verified: an email sign-up of an app
    /// that hides taken emails, whose answer cannot differ from a taken address's (never leaves
    /// the server either).
    var awaitsEmailVerification = false

    /// The Wilddog-style uid: the first identity's provider and the user id.
    public var uid: String {
        "\(identities.first?.provider ?? "password"):\(id)"
    }

    /// The identity providers of a guest: a user whose identities are all of these signs in
    /// with nothing but a random id and is anonymous.
    static let guestProviders: Set<String> = ["anonymous", "device"]

    /// Whether the user is a guest: every way they sign in is anonymous or a device id.
    public var isAnonymous: Bool {
        !identities.isEmpty && identities.allSatisfy { Self.guestProviders.contains($0.provider) }
    }

    /// The API's view of the user.
    public var record: UserRecord {
        UserRecord(
            id: id,
            uid: uid,
            username: username,
            email: email,
            emailVerified: emailVerified,
            dateOfBirth: dateOfBirth,
            country: country,
            parentEmail: parentEmail,
            phone: phone,
            displayName: displayName,
            profileCreated: profileCreated,
            identities: identities,
            createdAt: createdAt,
            updatedAt: updatedAt,
            lastSignInAt: lastSignInAt,
            consent: consent,
            isAnonymous: isAnonymous
        )
    }
}
