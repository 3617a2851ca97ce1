import Crypto
import Foundation
import HTTPTypes
import LatchkeyWire
import SQLKit

/// Signing in with a passkey (WebAuthn §7.2), without a username: the options name no
/// credential, the authenticator offers the user's discoverable passkeys, and the answer's
/// credential id says whose account it is. A challenge signs in once — the response's challenge
/// is recorded in the transaction that starts the session, so of parallel uses of one, one
/// wins — and the credential's counter must go forward. A passkey is itself two factors (the
/// device and its unlock), so no second factor is asked after it.
struct PasskeySignIn: Sendable {
    let driver: any StoreDriver
    let users: UserStore
    let store: PasskeyStore
    let challenges: PasskeyChallenges
    let accounts: AccountService
    let throttle: FailureThrottle
    let issuer: Issuer
    let time: any TimeSource

    init(backend: LatchkeyBackend) {
        driver = backend.driver
        users = backend.users
        store = PasskeyStore()
        challenges = backend.passkeyChallenges
        accounts = AccountService(backend: backend)
        throttle = backend.throttle
        issuer = backend.issuer
        time = backend.time
    }

    /// The options `navigator.credentials.get` takes.
    func options(app: App) throws -> PasskeyRequestOptions {
        let party = PasskeyRelyingParty(app: try PasskeyRegistration.enabled(app), issuer: issuer.current)
        return PasskeyRequestOptions(
            challenge: challenges.issue(.signIn, appID: app.id, userID: nil, at: time.now()),
            timeout: Int(PasskeyChallenges.lifetime) * 1000,
            rpId: party.id,
            allowCredentials: [],
            userVerification: party.userVerification
        )
    }

    /// Verifies the assertion and starts a session for the passkey's user. Failures count against
    /// the client IP's failed sign-ins (`ipFailureLimit`), one budget with wrong passwords.
    func signIn(_ credential: PasskeyAssertionCredential, app: App, client: ClientInfo) async throws -> AuthResponse {
        let app = try PasskeyRegistration.enabled(app)
        let ipKey = try await accounts.unlockedIPKey(app: app, client: client)
        do {
            return try await attempt(credential, app: app, client: client)
        } catch let failure as PasskeyRelyingParty.Failure {
            try await throttle.recordFailure(
                AccountService.failureKeys([], ipKey: ipKey, app: app),
                window: app.settings.auth.failureWindowSeconds
            )
            throw APIError.invalidPasskey(failure)
        }
    }

    private func attempt(_ credential: PasskeyAssertionCredential, app: App, client: ClientInfo) async throws -> AuthResponse {
        typealias Failure = PasskeyRelyingParty.Failure
        let party = PasskeyRelyingParty(app: app, issuer: issuer.current)
        let now = time.now()
        guard credential.type == "public-key", credential.id == credential.rawId else { throw Failure(reason: "credential") }
        let (clientData, clientDataBytes) = try party.clientData(credential.response.clientDataJSON, type: "webauthn.get")
        guard let challenge = challenges.open(clientData.challenge, .signIn, appID: app.id, userID: nil, at: now) else {
            throw Failure(reason: "challenge")
        }
        guard let authData = Base64URL.decode(credential.response.authenticatorData), let data = try? AuthenticatorData(authData),
            let signature = Base64URL.decode(credential.response.signature)
        else { throw Failure(reason: "authenticator_data") }
        try party.check(data)
        guard let stored = try await driver.read({ db in try await store.find(id: credential.id, appID: app.id, in: db) }) else {
            throw Failure(reason: "unknown_credential")
        }
        if let handle = credential.response.userHandle, handle != PasskeyRegistration.userHandle(of: stored.userID) {
            throw Failure(reason: "user_handle")
        }
        // A credential that was not backup eligible cannot become so (§6.1.3).
        guard stored.record.backupEligible || !data.backupEligible else { throw Failure(reason: "backup_state") }
        guard let key = try? COSEKey(bytes: stored.publicKey),
            key.isValidSignature(signature, for: authData + Array(SHA256.hash(data: clientDataBytes)))
        else { throw Failure(reason: "signature") }
        let (account, started) = try await driver.write { db in
            guard try await store.consume(challenge: challenge, driver: driver, in: db) else { throw Failure(reason: "challenge") }
            guard
                try await store.recordUse(
                    id: stored.id,
                    appID: app.id,
                    signCount: Int64(data.signCount),
                    backedUp: data.backedUp,
                    at: now,
                    in: db
                )
            else { throw Failure(reason: "counter") }
            guard let account = try await users.find(id: stored.userID, appID: app.id, in: db) else { throw Failure(reason: "unknown_credential") }
            guard !account.disabled else { throw APIError(.forbidden, .accountDisabled) }
            return (account, try await start(account, verified: data.userVerified, app: app, client: client, at: now, in: db))
        }
        let session = try started.get()
        return try accounts.signedIn(account, session: session.session, refreshToken: session.refreshToken, app: app)
    }

    /// A passkey the authenticator verified its user with (UV) is two factors in one — the
    /// device and its PIN or biometrics — and starts the session; one without (UV is only
    /// `preferred` by default) is a first factor like a password and meets the second factor the
    /// user enrolled. The challenge and the counter stay spent either way.
    private func start(
        _ account: UserAccount,
        verified: Bool,
        app: App,
        client: ClientInfo,
        at now: Date,
        in db: any SQLDatabase
    ) async throws -> Result<StartedSession, APIError> {
        guard verified else { return try await accounts.startSignInCommitting(account, app: app, client: client, at: now, in: db) }
        let (session, refreshToken) = try await accounts.startSession(userID: account.id, app: app, client: client, at: now, in: db)
        return .success(StartedSession(session: session, refreshToken: refreshToken))
    }
}
