import Foundation
import LatchkeyWire
import NIOCore

/// What a refresh answers: the session's new tokens and the user from the user cache.
///
/// Its JSON reuses the cached user's encoded record instead of encoding the record again on every
/// refresh; only the tokens, new each time, are written (``SessionTokens/json``).
/// The bytes are those the wire encoder writes for an ``AuthResponse`` (sorted keys: `session`,
/// then `user`).
struct RefreshedSession: Sendable {
    let user: CachedAccount
    let tokens: SessionTokens

    /// The answer as a value, for callers that reshape it (the OAuth token endpoint).
    var response: AuthResponse {
        AuthResponse(user: user.account.record, session: tokens)
    }

    /// The answer of `POST /v1/auth/refresh`.
    func json() throws -> ByteBuffer {
        let session = tokens.json
        let user = try user.recordJSON()
        var body = ByteBuffer()
        body.reserveCapacity(session.utf8.count + user.readableBytes + 24)
        body.writeStaticString(#"{"session":"#)
        body.writeString(session)
        body.writeStaticString(#","user":"#)
        body.writeImmutableBuffer(user)
        body.writeStaticString("}")
        return body
    }
}
