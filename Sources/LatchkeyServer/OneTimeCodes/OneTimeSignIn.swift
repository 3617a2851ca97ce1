import Foundation
import HTTPTypes
import LatchkeyWire
import SQLKit

/// A sign-in by something sent to the user — a phone PIN, an email code or link — in one
/// transaction: the credential is spent (a wrong code's counted check commits on its own), the
/// user is found or made, and the session starts, all together or not at all — or, for a user
/// with a second factor, the credential is spent and `mfa_required` answers. Phone and email
/// sign-in differ only in how they spend the credential and find the user.
struct OneTimeSignIn: Sendable {
    let driver: any StoreDriver
    let time: any TimeSource
    let accounts: AccountService

    init(backend: LatchkeyBackend) {
        self.driver = backend.driver
        self.time = backend.time
        self.accounts = AccountService(backend: backend)
    }

    /// Spends the credential with `use` (nil when it held, else why not) and signs in the user
    /// that `account` finds or makes (with whether it made one); a disabled user gets
    /// `403 account_disabled`. Two first sign-ins of one recipient at once both try to make its
    /// user: the loser of the unique index runs again and signs in to the winner's.
    func signIn(
        app: App,
        client: ClientInfo,
        use: @escaping @Sendable (any SQLDatabase, Date) async throws -> RecipientCodeCheck.Refusal?,
        account: @escaping @Sendable (any SQLDatabase, Date) async throws -> (UserAccount, created: Bool)
    ) async throws -> (AuthResponse, created: Bool) {
        do {
            return try await attempt(app: app, client: client, use: use, account: account)
        } catch is UserStore.Taken {
            return try await attempt(app: app, client: client, use: use, account: account)
        }
    }

    private enum Outcome: Sendable {
        case refused(RecipientCodeCheck.Refusal)
        case disabled
        /// The credential held and the user has (or, new to an app that requires one, must enroll)
        /// a second factor: the credential is spent and a new user kept all the same.
        case secondFactor(APIError)
        case signedIn(UserAccount, SessionRecord, refreshToken: String, created: Bool)
    }

    private func attempt(
        app: App,
        client: ClientInfo,
        use: @escaping @Sendable (any SQLDatabase, Date) async throws -> RecipientCodeCheck.Refusal?,
        account find: @escaping @Sendable (any SQLDatabase, Date) async throws -> (UserAccount, created: Bool)
    ) async throws -> (AuthResponse, created: Bool) {
        let now = time.now()
        let outcome = try await driver.write { db -> Outcome in
            if let refusal = try await use(db, now) { return .refused(refusal) }
            let (account, created) = try await find(db, now)
            guard !account.disabled else { return .disabled }
            switch try await accounts.startSignInCommitting(account, app: app, client: client, at: now, in: db) {
            case .success(let started): return .signedIn(account, started.session, refreshToken: started.refreshToken, created: created)
            case .failure(let required): return .secondFactor(required)
            }
        }
        switch outcome {
        case .refused(let refusal): throw refusal.apiError
        case .disabled: throw APIError(.forbidden, .accountDisabled)
        case .secondFactor(let required): throw required
        case .signedIn(let account, let session, let refreshToken, let created):
            return (try accounts.signedIn(account, session: session, refreshToken: refreshToken, app: app), created)
        }
    }
}
