import Foundation
import HTTPTypes
import LatchkeyWire
import SQLKit

/// Adding, replacing and removing the signed-in user's phone number (Firebase's
/// `linkWithPhoneNumber`, Supabase's phone change): `POST /v1/me/phone` sends a PIN to the number
/// under the phone sign-in PIN's rules (``PhonePINs``, ``RecipientCodeCheck``), bound to the
/// request and to this user; `POST /v1/me/phone/verify` makes the number the user's, verified,
/// with a `phone` identity — so a guest is upgraded in place and keeps its id and everything it
/// owns. Sending answers alike for free and taken numbers; only after the PIN proved that the
/// caller holds the number does a number of another account answer `409 account_conflict`
/// (field `phone`) to a guest, as its other upgrades do, or `409 identity_in_use` to anyone
/// else, as linking a provider does — telling the number's holder nothing they do not know.
///
/// A user who is no guest needs a recent sign-in to send the PIN (a stolen access token must not
/// add a way in) and to remove the number, and cannot remove their last way to sign in
/// (`409 last_identity`). A guest has no credential to re-authenticate with, and its token is all
/// there is of it anyway.
struct PhoneLink: Sendable {
    let pins: PhonePINs
    let check: RecipientCodeCheck
    let driver: any StoreDriver
    let recentAuthentication: RecentAuthentication
    let time: any TimeSource
    let users: UserStore
    let guests = GuestStore()

    init(backend: LatchkeyBackend) {
        self.pins = PhonePINs(backend: backend)
        self.check = RecipientCodeCheck(backend: backend)
        self.driver = backend.driver
        self.recentAuthentication = RecentAuthentication(sessions: backend.sessions, time: backend.time)
        self.time = backend.time
        self.users = backend.users
    }

    /// Sends a PIN to the number the user would add; the answer is the same whoever has it.
    func start(
        _ request: PhoneStartRequest,
        principal: UserPrincipal,
        client: ClientInfo,
        language: Language
    ) async throws
        -> PhoneStartResponse
    {
        try PhoneSignIn.requirePhoneSignIn(principal.app)
        guard let phone = PhoneNumber(request.phone) else { throw PhoneSignIn.invalidPhone() }
        if !(try await account(of: principal).isAnonymous) { try await recentAuthentication.require(principal) }
        return try await pins.send(
            to: phone,
            purpose: .linkPhone,
            userID: principal.userID,
            app: principal.app,
            client: client,
            language: language
        )
    }

    /// What checking the PIN led to; the transaction commits in every case, so a wrong PIN's
    /// check counts and a right one is spent even when the number turns out to be taken.
    private enum Outcome: Sendable {
        case refused(RecipientCodeCheck.Refusal)
        case taken(byGuest: Bool)
        case linked
    }

    /// Checks the PIN and makes its number the user's; answers the account as it now is.
    func verify(_ request: PhoneVerifyRequest, principal: UserPrincipal, client: ClientInfo) async throws -> UserAccount {
        let app = principal.app
        try PhoneSignIn.requirePhoneSignIn(app)
        let phone = try request.checkedPhone()
        let failureKeys = try await check.unlockedFailureKeys(recipient: phone.e164, app: app, client: client)
        let now = time.now()
        let outcome: Outcome
        do {
            outcome = try await driver.write { db -> Outcome in
                let account = try await users.lockedAccount(of: principal, in: db)
                if let refusal = try await check.use(
                    request.pin,
                    purpose: .linkPhone,
                    id: request.requestId,
                    userID: account.id,
                    recipient: phone.e164,
                    app: app,
                    failureKeys: failureKeys,
                    at: now,
                    in: db
                ) {
                    return .refused(refusal)
                }
                let holder = try await users.find(appID: app.id, provider: UserStore.phoneProvider, subject: phone.e164, in: db)
                if let holder { return holder.id == account.id ? .linked : .taken(byGuest: account.isAnonymous) }
                try await users.setPhone(phone.e164, userID: account.id, appID: app.id, at: now, in: db)
                try await guests.remove(userID: account.id, in: db)
                return .linked
            }
        } catch is UserStore.Taken {
            // Taken between the look and the write (the PIN stays unspent: the transaction rolled back).
            outcome = .taken(byGuest: try await account(of: principal).isAnonymous)
        }
        switch outcome {
        case .refused(let refusal): throw refusal.apiError
        case .taken(let byGuest): throw byGuest ? GuestUpgrade.conflict(field: "phone") : APIError(.conflict, .identityInUse)
        case .linked: return try await account(of: principal)
        }
    }

    /// Removes the user's number and its identity, unless it is their last way to sign in.
    func remove(principal: UserPrincipal) async throws -> UserAccount {
        try await recentAuthentication.require(principal)
        let now = time.now()
        try await driver.write { db in
            let account = try await users.lockedAccount(of: principal, in: db)
            let isPhone = { (identity: Identity) in identity.provider == UserStore.phoneProvider }
            guard account.phone != nil || account.identities.contains(where: isPhone) else { throw APIError(.notFound, .notFound) }
            guard account.signsInWithout(isPhone) else { throw APIError(.conflict, .lastIdentity) }
            try await users.setPhone(nil, userID: account.id, appID: principal.app.id, at: now, in: db)
        }
        return try await account(of: principal)
    }

    private func account(of principal: UserPrincipal) async throws -> UserAccount {
        guard let account = try await users.find(id: principal.userID, appID: principal.app.id) else { throw APIError.invalidToken() }
        return account
    }
}
