import Foundation
import LatchkeyWire

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The one way feature clients (``AuthClient`` today; data, wallet, leaderboards next) reach the
/// server: it attaches the signed-in user's access token, refreshes it before it expires and once
/// when the server refuses it, turns problem documents into ``LatchkeyError``s, and streams
/// Server-Sent Events under the same rules. Cheap to make: it holds the client and its transport.
struct AuthorizedTransport: Sendable {
    /// Whose token goes with a request.
    enum Credential: Sendable {
        /// The signed-in user's; ``LatchkeyError/notSignedIn`` when there is none.
        case user
        /// The signed-in user's, for signing out: a session the server already ended is signed
        /// out as ``SignOutReason/userInitiated``, not ``SignOutReason/revoked``.
        case userSigningOut
        /// The signed-in user's when there is one, else none (public endpoints that answer more
        /// to a user, such as `hello`).
        case userIfSignedIn
        /// None (sign-in, sign-up, links).
        case none
    }

    let client: Latchkey
    var transport: Transport { client.transport }

    /// Sends a request with `credential` and returns the answer's body.
    func send(
        _ method: Transport.Method,
        _ path: String,
        query: [String: String] = [:],
        body: (any Encodable & Sendable)? = nil,
        as credential: Credential = .user
    ) async throws -> Data {
        try await withCredential(credential) { token in
            try await transport.send(method, path, query: query, body: body, token: token).0
        }
    }

    /// Sends a request with the signed-in user's token and extra `headers`, and returns the
    /// answer's body with the response (for headers such as `ETag`).
    func exchange(
        _ method: Transport.Method,
        _ path: String,
        query: [String: String] = [:],
        body: (any Encodable & Sendable)? = nil,
        headers: [String: String] = [:]
    ) async throws -> (Data, HTTPURLResponse) {
        try await withCredential(.user) { token in
            try await transport.send(method, path, query: query, body: body, token: token, headers: headers)
        }
    }

    /// ``send(_:_:query:body:as:)`` and decode the JSON answer as `T`.
    func decode<T: Decodable>(
        _ type: T.Type,
        _ method: Transport.Method,
        _ path: String,
        query: [String: String] = [:],
        body: (any Encodable & Sendable)? = nil,
        as credential: Credential = .user
    ) async throws -> T {
        try Transport.decode(T.self, from: try await send(method, path, query: query, body: body, as: credential))
    }

    /// The events of `GET path` as they arrive (see ``Transport/events(_:query:token:lastEventID:)``);
    /// a refused token is refreshed once before the first event, as for other requests.
    func events(
        _ path: String,
        query: [String: String] = [:],
        lastEventID: String? = nil,
        as credential: Credential = .user
    ) -> AsyncThrowingStream<ServerSentEvent, any Error> {
        AsyncThrowingStream { continuation in
            let relay = Task {
                do {
                    try await withCredential(credential) { token in
                        for try await event in transport.events(path, query: query, token: token, lastEventID: lastEventID) {
                            continuation.yield(event)
                        }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in relay.cancel() }
        }
    }

    /// Runs `call` with the token `credential` names (nil for none), refreshing a refused one once.
    func withCredential<T>(_ credential: Credential, _ call: (String?) async throws -> T) async throws -> T {
        switch credential {
        case .none: return try await call(nil)
        case .userIfSignedIn where client.currentUser == nil: return try await call(nil)
        case .user, .userIfSignedIn: return try await client.withAccessToken(call)
        case .userSigningOut: return try await client.withAccessToken(onRefusal: .userInitiated, call)
        }
    }
}
