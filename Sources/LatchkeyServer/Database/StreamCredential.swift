import Foundation
import Hummingbird
import LatchkeyWire

/// What a stream's right to go on rests on, checked again while it is open (see ``TreeHubs``):
/// the token's expiry, a confidential client's token against the app's later credential
/// changes, and whose place among the per-holder streams it takes.
struct StreamCredential: Sendable, Hashable {
    /// Who holds the stream, for the per-holder cap: a user, an app's confidential client, or
    /// (no credential) an address.
    enum Holder: Sendable, Hashable {
        case user(app: String, id: String)
        case client(app: String)
        case address(app: String, bucket: String)
    }

    /// When the token stops being valid; nil without a token.
    var expiresAt: Date?
    /// When a confidential client's token was issued (seconds), which a later secret rotation or
    /// key revocation ends (``Authenticator/accepts(clientTokenIssuedAt:of:)``); nil otherwise.
    var clientIssuedAt: Int?
    var holder: Holder
}

extension StreamCredential {
    /// The credential of `caller`'s stream, opened with a token of `claims` (nil without one) by
    /// `client`. An anonymous caller without a known address shares one place with every other
    /// such caller.
    init(caller: DatabaseCaller, claims: AccessTokenClaims?, client: ClientInfo) {
        let app = caller.app
        let expiresAt = claims.map { Date(timeIntervalSince1970: TimeInterval($0.exp)) }
        switch caller {
        case .user(let user):
            self.init(expiresAt: expiresAt, holder: .user(app: app.id, id: user.userID))
        case .admin, .overridden:
            self.init(expiresAt: expiresAt, clientIssuedAt: claims?.iat, holder: .client(app: app.id))
        case .anonymous:
            let bucket = client.ipAddress.map(ClientInfo.throttleBucket(of:)) ?? "unknown"
            self.init(expiresAt: nil, holder: .address(app: app.id, bucket: bucket))
        }
    }
}
