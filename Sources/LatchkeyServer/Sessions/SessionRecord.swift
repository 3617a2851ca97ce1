import Foundation
import LatchkeyWire

/// One signed-in device as stored.
struct SessionRecord: Sendable, Equatable {
    var id: String
    var appID: String
    var userID: String
    var createdAt: Date
    var lastUsedAt: Date
    var expiresAt: Date
    var revokedAt: Date?
    /// When the user last proved who they are in this session: sign-in, or a re-authentication
    /// (a refresh does not count).
    var authenticatedAt: Date
    var userAgent: String?
    var ipAddress: String?

    /// Whether the session still lets its tokens work at `now`, given the app's idle timeout.
    func isLive(at now: Date, idleTTL: Int) -> Bool {
        guard revokedAt == nil, now < expiresAt else { return false }
        return idleTTL <= 0 || now.timeIntervalSince(lastUsedAt) < TimeInterval(idleTTL)
    }

    /// The API's view of the session.
    func descriptor(current: String?) -> SessionDescriptor {
        SessionDescriptor(
            id: id,
            createdAt: createdAt,
            lastUsedAt: lastUsedAt,
            expiresAt: expiresAt,
            userAgent: userAgent,
            ipAddress: ipAddress,
            current: id == current
        )
    }
}
