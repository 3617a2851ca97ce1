import Foundation
import HTTPTypes
import LatchkeyWire
import SQLKit

/// Merges a guest into an existing account — the other answer to the `account_conflict` a
/// guest's upgrade gets, beside switching: called with the account's access token, proved to hold
/// the guest by the guest session's current refresh token. In one transaction every feature moves
/// or combines the guest's data by its own rule (``Feature/merge(_:in:)``), then the guest is
/// deleted the normal way, which ends its sessions and spends the proof: of parallel merges of
/// one guest, one finds it and the rest get `400 invalid_guest_token`. Only a guest can be merged
/// away (`409 not_anonymous`), never into itself (`409 merge_into_self`).
///
/// The route needs the `public` scope: a child's account awaiting parental consent takes in none
/// of a guest's devices, scores or data. The merge needs the account's recent sign-in: it moves the guest's device identity over, so a
/// stolen access token must not let whoever holds a guest's device id in.
struct GuestMerge: Sendable {
    let driver: any StoreDriver
    let sessions: SessionStore
    let users: UserStore
    let administration: UserAdministration
    let recentAuthentication: RecentAuthentication
    let time: any TimeSource

    init(backend: LatchkeyBackend) {
        self.driver = backend.driver
        self.sessions = backend.sessions
        self.users = backend.users
        self.administration = backend.administration
        self.recentAuthentication = RecentAuthentication(sessions: backend.sessions, time: backend.time)
        self.time = backend.time
    }

    /// Merges the guest of `request` into the signed-in account; answers the account as it now
    /// is and what each feature did.
    func merge(_ request: GuestMergeRequest, principal: UserPrincipal) async throws -> GuestMergeResponse {
        try await recentAuthentication.require(principal)
        let app = principal.app
        let token = request.guestRefreshToken
        guard token.utf8.count <= 256 else { throw Self.invalidGuestToken }
        let now = time.now()
        let merged = try await driver.write { db -> [String: GuestMergeSection] in
            guard let guestID = try await sessions.holder(ofRefreshToken: token, app: app, at: now, in: db) else { throw Self.invalidGuestToken }
            guard guestID != principal.userID else { throw APIError(.conflict, .mergeIntoSelf) }
            let present = try await users.lockRows(ids: [guestID, principal.userID], in: db)
            guard present.contains(principal.userID), let target = try await users.find(id: principal.userID, appID: app.id, in: db) else {
                throw APIError.invalidToken()
            }
            // Looked at again under the lock: a parallel merge that got there first deleted the guest.
            guard present.contains(guestID), try await sessions.holder(ofRefreshToken: token, app: app, at: now, in: db) == guestID,
                let guest = try await users.find(id: guestID, appID: app.id, in: db)
            else { throw Self.invalidGuestToken }
            guard guest.isAnonymous else { throw APIError(.conflict, .notAnonymous) }
            let merge = AccountMerge(guest: guest, target: target, app: app, driver: driver, now: now)
            var report: [String: GuestMergeSection] = [:]
            for feature in FeatureSet.all {
                report.merge(try await feature.merge(merge, in: db)) { _, later in later }
            }
            try await administration.deleteUser(userID: guest.id, appID: app.id, at: now, in: db)
            return report
        }
        guard let account = try await users.find(id: principal.userID, appID: app.id) else { throw APIError.invalidToken() }
        return GuestMergeResponse(user: account.record, merged: merged)
    }

    private static var invalidGuestToken: APIError {
        APIError(.badRequest, .invalidGuestToken, fields: [FieldError(field: "guestRefreshToken", code: .invalidGuestToken)])
    }
}
