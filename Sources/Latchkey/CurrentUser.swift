public import Foundation
import LatchkeyWire

/// The signed-in user and this device's session, as KWS's `getLoggedUser` shows them: the user's
/// ``profile`` as the server last returned it, and the ``session`` (tokens, expiry, sign-in date
/// and the access token's claims). Persisted by the ``CredentialStore``.
public struct CurrentUser: Codable, Sendable, Equatable {
    /// The user's profile as the server last returned it.
    public var profile: UserRecord
    /// This device's session: what proves who the user is to the server.
    public var session: Session

    init(profile: UserRecord, session: Session) {
        self.profile = profile
        self.session = session
    }

    private enum CodingKeys: String, CodingKey {
        case profile
    }

    /// Reads the stored form, which is flat (the profile beside the session's fields) as it has
    /// always been, so a session saved by an earlier version of the SDK restores.
    public init(from decoder: any Decoder) throws {
        profile = try decoder.container(keyedBy: CodingKeys.self).decode(UserRecord.self, forKey: .profile)
        session = try Session(from: decoder)
    }

    /// Writes the flat stored form ``init(from:)`` reads.
    public func encode(to encoder: any Encoder) throws {
        try session.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(profile, forKey: .profile)
    }

    init(profile: UserRecord, accessToken: String, refreshToken: String?, expiresAt: Date, loginDate: Date, claims: AccessTokenClaims) {
        self.init(
            profile: profile,
            session: Session(accessToken: accessToken, refreshToken: refreshToken, expiresAt: expiresAt, loginDate: loginDate, claims: claims)
        )
    }

    /// The user id.
    public var id: String { profile.id }
    /// The Wilddog-style uid, `provider:id`.
    public var uid: String { profile.uid }
    /// The username.
    public var username: String? { profile.username }
    /// The email.
    public var email: String? { profile.email }
    /// Date of birth, `YYYY-MM-DD`.
    public var dateOfBirth: String? { profile.dateOfBirth }
    /// Country code.
    public var country: String? { profile.country }
    /// Parent's email.
    public var parentEmail: String? { profile.parentEmail }
    /// Whether the email was verified through a link (``Latchkey/sendEmailVerification()``).
    public var emailVerified: Bool { profile.emailVerified }
    /// The verified phone number, E.164 (phone sign-in).
    public var phone: String? { profile.phone }
    /// Whether a profile exists; false after a first phone sign-in (Kuggle's `profilecreated`).
    public var profileCreated: Bool { profile.profileCreated }
    /// Whether the user is a guest (``AuthClient/signInAnonymously()``, ``AuthClient/signIn(deviceID:)``)
    /// who has not upgraded yet: offer ``AuthClient/upgrade(username:email:password:)`` before
    /// anything worth keeping, since an idle guest is deleted after the app's `guestIdleDays`.
    public var isAnonymous: Bool { profile.isAnonymous }
    /// Parental consent, for a child who signed up under the consent age of their country; nil
    /// for everyone else.
    public var consent: ConsentState? { profile.consent }
    /// Whether the access token lacks the `public` scope: a child whose parent has not (or no
    /// longer) consented. Such an account can use its own data but nothing others can see.
    public var isRestricted: Bool { !session.claims.scope.split(separator: " ").contains("public") }
    /// What tells this session from any other: its id, or the access token for a token without one.
    var sessionKey: String { session.id ?? session.accessToken }

    /// Decodes the claims of a JWT without verifying it (the server verifies; the client only reads).
    static func claims(of token: String) -> AccessTokenClaims? {
        payload(of: token).flatMap { try? JSONDecoder().decode(AccessTokenClaims.self, from: $0) }
    }

    /// The payload of a JWT, unverified; nil for a string that is not one.
    static func payload(of token: String) -> Data? {
        let parts = token.split(separator: ".")
        guard parts.count == 3 else { return nil }
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}

/// Opaque token returned by ``Latchkey/addAuthStateObserver(_:)``; pass it to
/// ``Latchkey/removeAuthStateObserver(_:)`` (Wilddog's `WilddogHandle`).
public struct ObserverHandle: Hashable, Sendable {
    let id: UInt64
}

/// A change of authentication state, in order, on ``Latchkey/authStateChanges``.
public enum AuthEvent: Sendable, Equatable {
    /// The state at subscription time (the restored user, or nil).
    case initialSession(CurrentUser?)
    /// A user signed in or signed up.
    case signedIn(CurrentUser)
    /// The tokens were refreshed.
    case tokenRefreshed(CurrentUser)
    /// The user's profile changed.
    case userUpdated(CurrentUser)
    /// A parent granted consent: the refresh that noticed it (after ``tokenRefreshed(_:)``)
    /// brought tokens with the full scope, so ``CurrentUser/isRestricted`` is false now.
    case consentGranted(CurrentUser)
    /// The user was signed out, and why.
    case signedOut(SignOutReason)
}

/// Why a user was signed out.
public enum SignOutReason: Sendable, Equatable {
    /// The app called `signOut`.
    case userInitiated
    /// The server says the session is gone (signed out elsewhere, revoked, password changed).
    case revoked
    /// The session's lifetime ended.
    case expired
    /// The account was deleted.
    case accountDeleted
}
