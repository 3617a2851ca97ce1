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
        guard enrolled || (app.settings.secondFactor.totpRequired && !account.isAnonymous) else { return }
        let challenge = MFAChallenge.issue(userID: account.id, appID: app.id, at: now)
        var error = APIError(.unauthorized, .mfaRequired)
        error.challenge = (try challenge.seal(with: box), enrollment: !enrolled)
        throw error
    }
}

extension AccountService {
    /// Starts the session of a first-factor sign-in (password, PIN, provider, device) once the
    /// ``SecondFactorGate`` lets it through, inside the caller's transaction; `mfa_required`
    /// otherwise, which rolls that transaction back.
    func startSignIn(
        _ account: UserAccount,
        app: App,
        client: ClientInfo,
        at now: Date,
        in db: any SQLDatabase
    ) async throws -> (SessionRecord, refreshToken: String) {
        try await secondFactor.check(account, app: app, at: now, in: db)
        return try await startSession(userID: account.id, app: app, client: client, at: now, in: db)
    }

    /// ``startSignIn(_:app:client:at:in:)`` for a transaction that must commit when the second
    /// factor is asked for: one that made the account — a new account of an app that requires an
    /// authenticator enrolls one before its first session, so the challenge must name a user who
    /// exists — or spent a credential. The `mfa_required` answer comes back as a value, for the
    /// caller to throw once its transaction has committed.
    func startSignInCommitting(
        _ account: UserAccount,
        app: App,
        client: ClientInfo,
        at now: Date,
        in db: any SQLDatabase
    ) async throws -> Result<StartedSession, APIError> {
        do {
            let (session, refreshToken) = try await startSignIn(account, app: app, client: client, at: now, in: db)
            return .success(StartedSession(session: session, refreshToken: refreshToken))
        } catch let required as APIError where required.code == .mfaRequired {
            return .failure(required)
        }
    }
}

/// A session a sign-in started, with its refresh token (in clear only until it is answered).
struct StartedSession: Sendable {
    var session: SessionRecord
    var refreshToken: String
}
