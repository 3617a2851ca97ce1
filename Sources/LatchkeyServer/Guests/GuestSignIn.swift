import Foundation
import HTTPTypes
import LatchkeyWire
import SQLKit

/// Anonymous and device sign-in: a guest account with no credential but a session (anonymous),
/// or keyed by a random id the app keeps for its installation (device), stored as a SHA-256
/// digest like every bearer secret. The same device id signs in to the same user again; parallel
/// first uses of one id make one user (the identities' unique index, then a second look).
///
/// Each new guest counts against the client IP's hourly sign-up budget (`ipSignUpLimit`, shared
/// with `POST /v1/auth/signup`) and the app's `guestLimit`; every sign-in moves the guest's purge
/// `guestIdleDays` ahead, and the purge also waits while a session of theirs is refreshed.
struct GuestSignIn: Sendable {
    let driver: any StoreDriver
    let throttle: FailureThrottle
    let time: any TimeSource
    let users: UserStore
    let accounts: AccountService
    let guests = GuestStore()

    init(backend: LatchkeyBackend) {
        self.driver = backend.driver
        self.throttle = backend.throttle
        self.time = backend.time
        self.users = backend.users
        self.accounts = AccountService(backend: backend)
    }

    /// How a guest signs in.
    enum Method: Sendable {
        /// A new guest every time.
        case anonymous
        /// The guest of this device id, made on its first use.
        case device(String)
    }

    /// Signs a guest in, creating it unless a device id names one already; returns the answer
    /// and whether a user was created.
    func signIn(_ method: Method, app: App, client: ClientInfo) async throws -> (response: AuthResponse, created: Bool) {
        let identity = try Self.identity(of: method, app: app)
        // Counted in the transaction that creates a guest, so a locked IP still reaches its guests.
        let ipKey = AccountService.signUpIPKey(of: client, app: app)
        do {
            return try await attempt(identity, ipKey: ipKey, app: app, client: client)
        } catch is UserStore.Taken {
            // Two first sign-ins of one device id at once: the other made the user; sign in to it.
            return try await attempt(identity, ipKey: ipKey, app: app, client: client)
        }
    }

    /// The identity a method signs in with (nil for anonymous: the new user's id is its subject),
    /// after checking the app allows it and the device id is well-formed.
    private static func identity(of method: Method, app: App) throws -> UserStore.NewIdentity? {
        let allowed = app.settings.auth.signInMethods
        switch method {
        case .anonymous:
            guard allowed.contains(.anonymous) else { throw APIError(.forbidden, .methodDisabled) }
            return nil
        case .device(let deviceID):
            guard allowed.contains(.device) else { throw APIError(.forbidden, .methodDisabled) }
            guard Validation.isValidDeviceID(deviceID) else {
                throw APIError(.badRequest, .invalidDeviceID, fields: [FieldError(field: "deviceId", code: .invalidDeviceID)])
            }
            return UserStore.NewIdentity(provider: "device", subject: Digest.sha256Hex("latchkey-device:" + deviceID))
        }
    }

    private func attempt(
        _ identity: UserStore.NewIdentity?,
        ipKey: String?,
        app: App,
        client: ClientInfo
    ) async throws
        -> (response: AuthResponse, created: Bool)
    {
        let now = time.now()
        let (account, session, refreshToken, created) = try await driver.write { db in
            let existing = try await identity.asyncFlatMap {
                try await users.find(appID: app.id, provider: $0.provider, subject: $0.subject, in: db)
            }
            let account: UserAccount
            if let existing {
                guard !existing.disabled else { throw APIError(.forbidden, .accountDisabled) }
                try await guests.touch(userID: existing.id, idleSeconds: Self.idleSeconds(app), at: now, in: db)
                account = existing
            } else {
                account = try await create(identity, ipKey: ipKey, app: app, at: now, in: db)
            }
            let (session, refreshToken) = try await accounts.startSignIn(account, app: app, client: client, at: now, in: db)
            return (account, session, refreshToken, existing == nil)
        }
        return (try accounts.signedIn(account, session: session, refreshToken: refreshToken, app: app), created)
    }

    /// How long the app's guests may stay idle.
    private static func idleSeconds(_ app: App) -> Int { app.settings.guests.guestIdleDays * 86_400 }

    /// Inserts a guest, within the IP's sign-up budget and the app's guest limit.
    private func create(
        _ identity: UserStore.NewIdentity?,
        ipKey: String?,
        app: App,
        at now: Date,
        in db: any SQLDatabase
    ) async throws -> UserAccount {
        if let ipKey {
            try await throttle.reserve([(ipKey, app.settings.auth.ipSignUpLimit)], window: AccountService.signUpWindowSeconds, in: db)
        }
        try await guests.serializeCreations(appID: app.id, driver: driver, in: db)
        guard try await guests.count(appID: app.id, in: db) < app.settings.guests.guestLimit else {
            throw APIError(.forbidden, .guestLimitReached)
        }
        let id = SecureRandom.identifier()
        let user = UserStore.NewUser(
            id: id,
            appID: app.id,
            profileCreated: false,
            identity: identity ?? UserStore.NewIdentity(provider: "anonymous", subject: id),
            createdAt: now
        )
        try await users.insert(user, in: db)
        try await guests.insert(userID: id, appID: app.id, idleSeconds: Self.idleSeconds(app), at: now, in: db)
        return user.account
    }
}
