import Foundation
import HTTPTypes
import LatchkeyWire
import SQLKit

/// Turns a guest into a password account in place: the username or email and the password are
/// set on the guest's own row and a `password` identity is linked, so the user id — and with it
/// every wallet entry, score, app-data key and tree node the guest wrote — stays. A username or
/// email of another account answers `409 account_conflict` naming the field and changes nothing
/// on either account, so the app can offer to sign in to that account instead.
///
/// An app that hides taken emails (`revealTakenEmails` off, the default) would give that away
/// with the conflict, so there the email is not set at once: the upgrade sends a link to it, as
/// `POST /v1/me/email` does, and the address becomes the user's, verified, when the link is used
/// — or fails then, to whoever reads that inbox, if another account has it (Supabase's way).
///
/// Upgrades are validated like sign-ups and count against the IP's hourly sign-up budget, which
/// also bounds what a guest can learn about taken names from the conflicts.
struct GuestUpgrade: Sendable {
    let driver: any StoreDriver
    let hasher: PasswordHasher
    let policy: PasswordPolicy
    let throttle: FailureThrottle
    let time: any TimeSource
    let users: UserStore
    let links: EmailLinks
    let guests = GuestStore()

    init(backend: LatchkeyBackend) {
        self.driver = backend.driver
        self.hasher = backend.hasher
        self.policy = backend.policy
        self.throttle = backend.throttle
        self.time = backend.time
        self.users = backend.users
        self.links = EmailLinks(backend: backend)
    }

    /// Upgrades the signed-in guest; answers the account as it now is.
    func upgrade(_ request: GuestUpgradeRequest, principal: UserPrincipal, client: ClientInfo, language: Language) async throws -> UserAccount {
        let app = principal.app
        guard request.username != nil || request.email != nil else {
            throw APIError(.badRequest, .invalidRequest, fields: [FieldError(field: "username", code: .invalidRequest)])
        }
        if request.username != nil && !app.settings.auth.signInMethods.contains(.username) { throw APIError(.forbidden, .methodDisabled) }
        if request.email != nil && !app.settings.auth.signInMethods.contains(.email) { throw APIError(.forbidden, .methodDisabled) }
        let now = time.now()
        let errors = SignUpValidator(policy: policy, app: app, today: now).fieldErrors(
            of: SignUpRequest(username: request.username, email: request.email, password: request.password)
        )
        guard errors.isEmpty else { throw APIError.validation(errors) }
        let ipKey = AccountService.signUpIPKey(of: client, app: app)
        if let ipKey { try await throttle.refuseWhileLocked([ipKey]) }
        let passwordHash = try await hasher.hash(request.password, cost: app.settings.auth.bcryptCost)
        // Where taken emails stay hidden, the email waits for its link (sent first: a refused send changes nothing).
        let emailNow = app.settings.auth.revealTakenEmails ? request.email : nil
        if let pending = request.email, emailNow == nil {
            guard try await users.find(id: principal.userID, appID: app.id)?.isAnonymous == true else { throw APIError(.conflict, .notAnonymous) }
            try await links.requestChange(to: pending, principal: principal, client: client, language: language)
        }
        do {
            try await driver.write { db in
                guard try await users.lockRow(id: principal.userID, in: db),
                    let account = try await users.find(id: principal.userID, appID: app.id, in: db)
                else { throw APIError.invalidToken() }
                guard account.isAnonymous else { throw APIError(.conflict, .notAnonymous) }
                if let ipKey {
                    try await throttle.reserve([(ipKey, app.settings.auth.ipSignUpLimit)], window: AccountService.signUpWindowSeconds, in: db)
                }
                try await users.setCredentials(
                    userID: account.id,
                    username: request.username,
                    email: emailNow,
                    passwordHash: passwordHash,
                    at: now,
                    in: db
                )
                try await users.link(
                    UserStore.NewIdentity(provider: "password", subject: account.id),
                    userID: account.id,
                    appID: app.id,
                    at: now,
                    in: db
                )
                try await guests.remove(userID: account.id, in: db)
            }
        } catch let taken as UserStore.Taken {
            throw Self.conflict(field: taken.field)
        }
        guard let account = try await users.find(id: principal.userID, appID: app.id) else { throw APIError.invalidToken() }
        return account
    }

    /// `409 account_conflict` naming the identity another account holds.
    static func conflict(field: String) -> APIError {
        APIError(.conflict, .accountConflict, fields: [FieldError(field: field, code: .accountConflict)])
    }
}
