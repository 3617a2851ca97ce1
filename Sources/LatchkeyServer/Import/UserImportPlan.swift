import Crypto
import Foundation
import LatchkeyWire

/// An imported line checked and turned into what the store writes: canonical values, the hash
/// to store, the identities to link, and digests that tell a re-run what changed.
struct UserImportPlan: Sendable {
    var line: Int
    var externalId: String
    var username: String?
    var email: String?
    var emailVerified: Bool
    var phone: String?
    var displayName: String?
    var passwordHash: String?
    var identities: [UserStore.NewIdentity]
    var createdAt: Date?
    /// SHA-256 of the whole line as it would be stored: equal digests mean nothing to change.
    var digest: String
    /// SHA-256 of the stored hash: a re-run replaces the hash only when the file's changed, so a
    /// user who has signed in (and been rehashed) since keeps the new hash.
    var passwordDigest: String?

    private static let maximumText = 255

    /// Checks `user` and plans it; throws the line's field errors.
    init(_ user: ImportedUser, line: Int, app: App, firebase: FirebaseScrypt.Project?) throws(UserImportReader.LineErrors) {
        var errors: [FieldError] = []
        func refuse(_ field: String, _ code: ErrorCode = .invalidField, _ reason: String? = nil) {
            errors.append(FieldError(field: field, code: code, reason: reason))
        }
        let externalId = user.externalId.trimmingCharacters(in: .whitespaces)
        if externalId.isEmpty || externalId.count > Self.maximumText { refuse("externalId") }
        if let username = user.username, !Validation.isValidUsername(username) { refuse("username") }
        if let email = user.email, !Validation.isValidEmail(email) { refuse("email") }
        let phone = user.phone.flatMap(PhoneNumber.init)
        if user.phone != nil && phone == nil { refuse("phone", .invalidPhone) }
        if let name = user.displayName, name.isEmpty || name.count > Self.maximumText { refuse("displayName") }
        var storedHash: String?
        do {
            storedHash = try Self.storedHash(of: user, firebase: firebase)
        } catch {
            refuse("passwordHash", .invalidPasswordHash, error.description)
        }
        var identities: [UserStore.NewIdentity] = []
        for (index, identity) in (user.identities ?? []).enumerated() {
            guard !identity.provider.isEmpty, !identity.subject.isEmpty, identity.provider.count <= 2_048, identity.subject.count <= Self.maximumText,
                !["password", "phone"].contains(identity.provider)
            else {
                refuse("identities[\(index)]")
                continue
            }
            if let settings = app.settings.signInProviders.providers[identity.provider] {
                identities.append(
                    UserStore.NewIdentity(
                        provider: settings.identityProvider,
                        subject: identity.subject,
                        name: settings.kind == .facebook ? nil : identity.provider,
                        email: identity.email
                    )
                )
            } else {
                identities.append(UserStore.NewIdentity(provider: identity.provider, subject: identity.subject, email: identity.email))
            }
        }
        if let phone { identities.append(UserStore.NewIdentity(provider: "phone", subject: phone.e164)) }
        guard errors.isEmpty else { throw .init(externalId: user.externalId, errors: errors) }

        self.line = line
        self.externalId = externalId
        username = user.username
        email = user.email
        emailVerified = user.email != nil && user.emailVerified == true
        self.phone = phone?.e164
        displayName = user.displayName
        passwordHash = storedHash
        self.identities = identities
        createdAt = user.createdAt
        var normalized = user
        normalized.externalId = externalId
        normalized.phone = phone?.e164
        normalized.passwordHash = storedHash
        normalized.passwordSalt = nil
        normalized.passwordHashFormat = nil
        digest = Self.digest(normalized)
        passwordDigest = storedHash.map(Digest.sha256Hex)
    }

    /// The string `users.password_hash` keeps for the line's hash; throws for an unknown or
    /// garbled format, or cost parameters beyond ``ForeignPasswordHash/Limits``.
    static func storedHash(of user: ImportedUser, firebase: FirebaseScrypt.Project?) throws(ForeignPasswordHash.FormatError) -> String? {
        guard let hash = user.passwordHash else {
            guard user.passwordSalt == nil, user.passwordHashFormat == nil else { throw .init("salt or format without a hash") }
            return nil
        }
        switch user.passwordHashFormat {
        case nil:
            guard user.passwordSalt == nil else { throw .init("passwordSalt is only for firebase_scrypt") }
            // The server's own pre-hashed bcrypt (an export of another Latchkey) is kept too.
            let body = hash.hasPrefix(PasswordHasher.prehashMarker) ? String(hash.dropFirst(PasswordHasher.prehashMarker.count)) : hash
            let parsed = try ForeignPasswordHash(parsing: body)
            guard body == hash || parsed.isBcrypt else { throw .init("only bcrypt follows the pre-hash marker") }
            return hash
        case "firebase_scrypt":
            guard let firebase else { throw .init("firebase_scrypt needs the project's parameters (firebaseScrypt)") }
            return try FirebaseScrypt(project: firebase, hash: hash, salt: user.passwordSalt ?? "").stored
        case let other?:
            throw .init("unknown passwordHashFormat \(other)")
        }
    }

    private static func digest(_ user: ImportedUser) -> String {
        let encoder = WireCoding.makeEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Digest.hex(SHA256.hash(data: (try? encoder.encode(user)) ?? Data()))
    }
}
