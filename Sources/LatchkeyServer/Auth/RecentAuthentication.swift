import Foundation
import HTTPTypes
import LatchkeyWire

/// The rule that makes a stolen access token short of a takeover: changing the email, linking a
/// provider and deleting the account need the session to have proved its user — by signing in or
/// by `POST /v1/me/reauthenticate` — within the app's `reauthenticationWindowSeconds`. A refresh
/// proves nothing, so it does not count. Read from the database, so every node agrees at once.
struct RecentAuthentication: Sendable {
    let sessions: SessionStore
    let time: any TimeSource

    /// Throws `403 reauthentication_required` unless the principal's session authenticated recently.
    func require(_ principal: UserPrincipal) async throws {
        guard let session = try await sessions.find(id: principal.sessionID) else { throw APIError.invalidToken() }
        let age = time.now().timeIntervalSince(session.authenticatedAt)
        guard age <= TimeInterval(principal.app.settings.auth.reauthenticationWindowSeconds) else {
            throw APIError(.forbidden, .reauthenticationRequired)
        }
    }
}
