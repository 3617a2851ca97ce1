import Foundation
import HTTPTypes
import LatchkeyWire
import Logging
import SQLKit

/// Sign-in with an external provider's token, and linking and unlinking providers of the
/// signed-in user. Users are keyed by the provider identity (issuer and subject), never by email
/// alone: a verified email shared with an existing account links only when the app allows it and
/// the account verified it too; otherwise the answer is `409 account_exists`. An email the
/// provider did not verify is kept on the identity only.
struct ExternalAccountService: Sendable {
    let driver: any StoreDriver
    let logger: Logger
    let metrics: ServerMetrics
    let providerKeys: ProviderKeyCache
    let throttle: FailureThrottle
    let time: any TimeSource
    let userCache: UserCache
    let users: UserStore
    let usedTokens: UsedProviderTokens
    let accounts: AccountService

    init(backend: LatchkeyBackend) {
        self.driver = backend.driver
        self.logger = backend.logger
        self.metrics = backend.metrics
        self.providerKeys = backend.providerKeys
        self.throttle = backend.throttle
        self.time = backend.time
        self.userCache = backend.userCache
        self.users = backend.users
        self.usedTokens = UsedProviderTokens(driver: backend.driver)
        self.accounts = AccountService(backend: backend)
    }

    /// Signs in with a provider token, creating the user on first sign-in. Returns the response
    /// and whether a user was created. `postedName` is a name the provider gave beside the token
    /// (Apple's `user` form field), used when the token names no one; `exchanged` says the server
    /// got the token itself from the provider's token endpoint (the hosted login).
    func signIn(
        _ request: ExternalSignInRequest,
        app: App,
        client: ClientInfo,
        postedName: String? = nil,
        exchanged: Bool = false
    ) async throws -> (AuthResponse, created: Bool) {
        let (settings, verified) = try await verify(request, app: app, client: client, exchanged: exchanged)
        var named = verified
        named.name = verified.name ?? postedName
        let profile = named
        let identity = settings.identity(of: profile, name: request.provider)
        let now = time.now()
        // A new account is kept when its first session waits for the enrollment its app requires.
        let attempt = { @Sendable () async throws -> (UserAccount, Result<StartedSession, APIError>, Bool) in
            try await driver.write { db in
                let (account, created) = try await self.account(for: identity, profile: profile, app: app, at: now, in: db)
                guard !account.disabled else { throw APIError(.forbidden, .accountDisabled) }
                let started = try await accounts.startSignInCommitting(account, app: app, client: client, at: now, in: db)
                return (account, started, created)
            }
        }
        let outcome: (UserAccount, Result<StartedSession, APIError>, Bool)
        do {
            outcome = try await attempt()
        } catch is UserStore.Taken {
            // A parallel first sign-in created the user (or took the email) meanwhile: look again.
            do { outcome = try await attempt() } catch is UserStore.Taken { throw APIError(.conflict, .accountExists) }
        }
        let (account, started, created) = outcome
        let session = try started.get()
        metrics.recordSignIn(outcome: "success")
        return (try accounts.signedIn(account, session: session.session, refreshToken: session.refreshToken, app: app), created)
    }

    /// Links a provider identity to the signed-in user; linking one they already have changes nothing.
    /// A guest whose link would take another account's identity gets the guests' typed
    /// `409 account_conflict` (field `provider`), so the app can switch to that account.
    func link(_ request: ExternalSignInRequest, principal: UserPrincipal, client: ClientInfo) async throws -> UserAccount {
        let (settings, profile) = try await verify(request, app: principal.app, client: client)
        let identity = settings.identity(of: profile, name: request.provider)
        let now = time.now()
        do {
            try await driver.write { db in
                let holder = try await users.find(
                    appID: principal.app.id,
                    provider: identity.provider,
                    subject: identity.subject,
                    in: db
                )
                if let holder {
                    guard holder.id == principal.userID else { throw UserStore.Taken(field: "identity") }
                    return
                }
                try await users.link(identity, userID: principal.userID, appID: principal.app.id, at: now, in: db)
            }
        } catch is UserStore.Taken {
            guard try await reloaded(principal).isAnonymous else { throw APIError(.conflict, .identityInUse) }
            throw GuestUpgrade.conflict(field: "provider")
        }
        return try await reloaded(principal)
    }

    /// Checks that a provider token proves the signed-in user (re-authentication): it must verify,
    /// be unused, and name an identity the user holds; anything else is `401 invalid_provider_token`.
    func prove(_ request: ExternalSignInRequest, principal: UserPrincipal, client: ClientInfo) async throws {
        let (settings, profile) = try await verify(request, app: principal.app, client: client)
        let identity = settings.identity(of: profile, name: request.provider)
        let holder = try await driver.read { db in
            try await users.find(appID: principal.app.id, provider: identity.provider, subject: identity.subject, in: db)
        }
        guard holder?.id == principal.userID else { throw APIError(.unauthorized, .invalidProviderToken) }
    }

    /// Unlinks the provider the app calls `name` from the signed-in user, unless it is their only
    /// way to sign in.
    func unlink(name: String, principal: UserPrincipal) async throws -> UserAccount {
        guard let settings = principal.app.settings.signInProviders.providers[name] else { throw APIError(.notFound, .unknownProvider) }
        let provider = settings.identityProvider
        let now = time.now()
        try await driver.write { db in
            guard let account = try await users.find(id: principal.userID, appID: principal.app.id, in: db) else {
                throw APIError.invalidToken()
            }
            let linked = account.identities.filter { ($0.issuer ?? $0.provider) == provider }
            guard !linked.isEmpty else { throw APIError(.notFound, .notFound) }
            guard account.identities.count > linked.count || account.passwordHash != nil else {
                throw APIError(.conflict, .lastIdentity)
            }
            try await users.unlink(provider: provider, userID: account.id, appID: principal.app.id, at: now, in: db)
        }
        return try await reloaded(principal)
    }

    /// The user holding the identity; else the account with the same email when the app links
    /// by verified email; else a new user. Throws `409 account_exists` for an email collision
    /// that may not link.
    private func account(
        for identity: UserStore.NewIdentity,
        profile: ProviderProfile,
        app: App,
        at now: Date,
        in db: any SQLDatabase
    ) async throws -> (UserAccount, created: Bool) {
        let users = users
        if let holder = try await users.find(appID: app.id, provider: identity.provider, subject: identity.subject, in: db) {
            return (holder, false)
        }
        // Only an email the provider verified is the user's: an unverified one could be anyone's,
        // so it neither matches an account (no enumeration, no takeover) nor claims the address
        // (no squatting); it stays on the identity.
        let verifiedEmail = profile.emailVerified ? profile.email : nil
        if let email = verifiedEmail, let owner = try await users.find(appID: app.id, email: email, in: db) {
            guard app.settings.signInProviders.linkProvidersByVerifiedEmail, owner.emailVerified else {
                throw APIError(.conflict, .accountExists)
            }
            try await users.link(identity, userID: owner.id, appID: app.id, at: now, in: db)
            return (try await users.find(id: owner.id, appID: app.id, in: db) ?? owner, false)
        }
        // The profile starts with what the provider gave, to be confirmed by the user.
        let details = profile.details
        let user = UserStore.NewUser(
            id: SecureRandom.identifier(),
            appID: app.id,
            username: nil,
            email: verifiedEmail,
            emailVerified: verifiedEmail != nil,
            passwordHash: nil,
            dateOfBirth: ParentConsent.providerDateOfBirth(details.birthday, app: app, today: now),
            country: nil,
            parentEmail: nil,
            displayName: profile.name.flatMap(ProfileFields.name),
            profileCreated: false,
            identity: identity,
            createdAt: now
        )
        try await users.insert(user, in: db)
        try await ProfileStore(driver: driver).ensure(
            userID: user.id,
            appID: app.id,
            firstName: details.firstName.flatMap(ProfileFields.name),
            gender: ProfileFields.gender(fromProvider: details.gender),
            at: now,
            in: db
        )
        return (user.account, true)
    }

    /// The provider settings and the verified profile of a request's token, which an ID token
    /// gives only once. Failures count
    /// towards the caller's IP throttle; a throttled IP gets `429` before any check.
    private func verify(
        _ request: ExternalSignInRequest,
        app: App,
        client: ClientInfo,
        exchanged: Bool = false
    ) async throws
        -> (ProviderSettings, ProviderProfile)
    {
        let ipKey = try await accounts.unlockedIPKey(app: app, client: client)
        guard let settings = app.settings.signInProviders.providers[request.provider] else {
            throw APIError(.badRequest, .unknownProvider, fields: [FieldError(field: "provider", code: .unknownProvider)])
        }
        do {
            let profile = try await settings.verify(
                request.token,
                nonce: request.nonce,
                keys: providerKeys,
                exchanged: exchanged,
                at: time.now()
            )
            if let singleUse = profile.singleUse, !(try await usedTokens.claim(singleUse)) {
                throw ProviderCheckFailure.rejected("used before")
            }
            return (settings, profile)
        } catch ProviderCheckFailure.unreachable(let reason) {
            logger.warning("provider unreachable", metadata: ["provider": "\(request.provider)", "reason": "\(reason)"])
            throw APIError(.serviceUnavailable, .serviceUnavailable, headers: [.retryAfter: "5"])
        } catch ProviderCheckFailure.rejected(let reason) {
            logger.info("provider token rejected", metadata: ["provider": "\(request.provider)", "reason": "\(reason)"])
            let keys = AccountService.failureKeys([], ipKey: ipKey, app: app)
            if !keys.isEmpty { try await throttle.recordFailure(keys, window: app.settings.auth.failureWindowSeconds) }
            metrics.recordSignIn(outcome: "invalid_provider_token")
            throw APIError(.unauthorized, .invalidProviderToken)
        }
    }

    private func reloaded(_ principal: UserPrincipal) async throws -> UserAccount {
        guard let account = try await userCache.account(id: principal.userID, appID: principal.app.id) else {
            throw APIError.invalidToken()
        }
        return account
    }
}
