import Foundation
import HTTPTypes
import LatchkeyWire
import SQLKit

/// The check between a first factor and a session: a user with a confirmed authenticator — or
/// without one, when their app sets `totpRequired` — gets `401 mfa_required` with a sealed
/// ``MFAChallenge`` instead of tokens. Guests are not asked (they have nothing to enroll against).
///
/// It throws inside the sign-in's transaction, which then rolls back — nothing of the refused
/// sign-in is written, which is why the challenge is sealed rather than stored — unless the
/// sign-in catches it to keep what it used up (the phone sign-in's PIN).
struct SecondFactorGate: Sendable {
    let box: SecretBox
    let store = SecondFactorStore()

    /// Throws `mfa_required` when the account's sign-in to the app needs a second factor.
    func check(_ account: UserAccount, app: App, at now: Date, in db: any SQLDatabase) async throws {
        let enrolled = try await store.authenticator(userID: account.id, in: db)?.confirmed ?? false
        guard enrolled || (app.settings.totpRequired && !account.isAnonymous) else { return }
        let challenge = MFAChallenge.issue(userID: account.id, appID: app.id, at: now)
        var error = APIError(.unauthorized, .mfaRequired)
        error.challenge = (try challenge.seal(with: box), enrollment: !enrolled)
        throw error
    }
}

extension AccountService {
    /// Starts the session of a first-factor sign-in (password, PIN, provider, device) once the
    /// ``SecondFactorGate`` lets it through, inside the caller's transaction. An account the
    /// sign-in just `created` has no factor yet and is let through: the app's requirement applies
    /// from its next sign-in.
    func startSignIn(
        _ account: UserAccount, created: Bool = false, app: App, client: ClientInfo, at now: Date, in db: any SQLDatabase
    ) async throws -> (SessionRecord, refreshToken: String) {
        if !created { try await secondFactor.check(account, app: app, at: now, in: db) }
        return try await startSession(userID: account.id, app: app, client: client, at: now, in: db)
    }
}
