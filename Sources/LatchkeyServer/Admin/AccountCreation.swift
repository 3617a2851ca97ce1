import Foundation
import HTTPTypes
import LatchkeyWire
import SQLKit

/// Accounts the app's servers or its operators create directly (Supabase's `admin.createUser`,
/// Firebase's `createUser`), and the single-use links they ask for to send from their own mail
/// system (Supabase's `generateLink`). A created account signs in like any other: with its
/// password, an emailed code or link, or a PIN to its number. Its fields are held to sign-up's
/// rules (names, addresses, numbers, the app's password policy, uniqueness); nobody is signed in
/// and nothing is sent. Children's accounts are not made here: they sign up themselves, so their
/// parent is asked.
struct AccountCreation: Sendable {
    let driver: any StoreDriver
    let users: UserStore
    let codes: OneTimeCodeStore
    let hasher: PasswordHasher
    let policy: PasswordPolicy
    let links: EmailLinks
    let time: any TimeSource

    init(backend: LatchkeyBackend) {
        driver = backend.driver
        users = backend.users
        codes = backend.codes
        hasher = backend.hasher
        policy = backend.policy
        links = EmailLinks(backend: backend)
        time = backend.time
    }

    /// The longest display name.
    static let displayNameLength = 100

    /// Creates the account `request` describes in `app`; every bad field is reported at once
    /// (`422`), a taken username or email is `409`, a number another user holds `409 identity_in_use`.
    func create(_ request: AdminUserCreateRequest, app: App) async throws -> UserAccount {
        let now = time.now()
        let phone = request.phone.flatMap { PhoneNumber($0) }
        try check(request, phone: phone, app: app, today: now)
        let passwordHash = try await request.password.asyncFlatMap { try await hasher.hash($0, cost: app.settings.auth.bcryptCost) }
        // A user with only a number is known by it, as a phone sign-up makes them.
        let phoneOnly = phone != nil && request.username == nil && request.email == nil
        let user = UserStore.NewUser(
            id: SecureRandom.identifier(),
            appID: app.id,
            username: request.username,
            email: request.email,
            emailVerified: request.email != nil && request.emailVerified == true,
            passwordHash: passwordHash,
            phone: phone?.e164,
            displayName: request.displayName,
            identity: phoneOnly ? UserStore.NewIdentity(provider: UserStore.phoneProvider, subject: phone?.e164 ?? "") : nil,
            createdAt: now
        )
        do {
            try await driver.write { [users] db in
                try await users.insert(user, in: db)
                if let phone, !phoneOnly {
                    try await users.link(
                        UserStore.NewIdentity(provider: UserStore.phoneProvider, subject: phone.e164),
                        userID: user.id,
                        appID: app.id,
                        at: now,
                        in: db
                    )
                }
            }
        } catch let taken as UserStore.Taken {
            switch taken.field {
            case "username": throw APIError.validation([FieldError(field: "username", code: .duplicateUsername)])
            case "email": throw APIError.validation([FieldError(field: "email", code: .duplicateEmail)])
            default: throw APIError(.conflict, .identityInUse, fields: [FieldError(field: "phone", code: .identityInUse)])
            }
        }
        return try await users.find(id: user.id, appID: app.id) ?? user.account
    }

    /// A new single-use link of `type` for the user `userID` of `app`, made and returned, not
    /// sent; a newer link of the same kind replaces it. `404` for no such user, `422` for a user
    /// without an email, `403 method_disabled` for a sign-in link in an app without email sign-in.
    func link(_ type: AdminLinkType, userID: String, app: App) async throws -> AdminLink {
        let purpose: OneTimeCodeStore.Purpose =
            switch type {
            case .verifyEmail: .verifyEmail
            case .resetPassword: .resetPassword
            case .signIn: .emailSignIn
            }
        if type == .signIn, !app.settings.auth.signInMethods.contains(.emailCode) { throw APIError(.forbidden, .methodDisabled) }
        let now = time.now()
        let made = try await driver.write { [users, codes, links] db -> (link: String, expiresAt: Date) in
            guard let account = try await users.find(id: userID, appID: app.id, in: db) else { throw APIError(.notFound, .notFound) }
            guard let email = account.email, !account.disabled else {
                throw APIError.validation([FieldError(field: "type", code: .invalidField, reason: "the user has no email, or is disabled")])
            }
            guard purpose == .emailSignIn else {
                try await codes.revokeUnused(userID: account.id, purposes: [purpose], at: now, in: db)
                return try await links.createLink(purpose, to: email, userID: account.id, app: app, at: now, in: db)
            }
            // A sign-in link alone: its credential has no code a guess could match.
            let recipient = Canonical.email(email)
            let token = SecureRandom.token(prefix: "lke_")
            let expiresAt = now.addingTimeInterval(TimeInterval(EmailSignIn.lifetime))
            try await codes.revokeUnused(appID: app.id, recipient: recipient, purpose: .emailSignIn, at: now, in: db)
            try await codes.create(
                id: EmailLinks.hash(token),
                appID: app.id,
                purpose: .emailSignIn,
                recipient: recipient,
                userID: account.id,
                codeHash: SecureRandom.token(prefix: "decoy_"),
                expiresAt: expiresAt,
                at: now,
                in: db
            )
            return (links.actionLink(.emailSignIn, token: token, app: app), expiresAt)
        }
        return AdminLink(type: type, link: made.link, expiresAt: made.expiresAt)
    }

    /// Refuses `request` with every field that breaks sign-up's rules, at once.
    private func check(_ request: AdminUserCreateRequest, phone: PhoneNumber?, app: App, today: Date) throws {
        var errors: [FieldError] = []
        if let username = request.username, !Validation.isValidUsername(username) {
            errors.append(FieldError(field: "username", code: .invalidUsername))
        }
        if let email = request.email, !Validation.isValidEmail(email) {
            errors.append(FieldError(field: "email", code: .invalidEmail))
        }
        if request.phone != nil, phone == nil { errors.append(FieldError(field: "phone", code: .invalidPhone)) }
        if let password = request.password {
            if request.username == nil, request.email == nil {
                errors.append(FieldError(field: "password", code: .invalidField, reason: "a password signs in with a username or an email"))
            } else {
                errors += SignUpValidator(policy: policy, app: app, today: today).passwordErrors(
                    password,
                    username: request.username,
                    email: request.email
                )
            }
        }
        if let name = request.displayName, name.trimmingCharacters(in: .whitespaces).isEmpty || name.count > Self.displayNameLength {
            errors.append(FieldError(field: "displayName", code: .invalidField, reason: "1 to \(Self.displayNameLength) characters"))
        }
        guard errors.isEmpty else { throw APIError.validation(errors) }
    }
}
