import Foundation
import LatchkeyWire

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Speaks the Realtime Database REST protocol to the server over the SDK's one authorized
/// transport: `<path>.json` with the signed-in user's token as `Authorization: Bearer` (the token
/// names the app), or `ns=<client id>` when signed out; the protocol's `{"error": …}` answers
/// become typed ``LatchkeyError``s.
struct DatabaseTransport: Sendable {
    let client: Latchkey

    private var authorized: AuthorizedTransport { AuthorizedTransport(client: client) }

    /// Sends a request to `path`; an answer with a status outside 2xx and `accepting` is thrown as
    /// its error, one with a status in `accepting` is returned (a 412 carries the current value).
    func send(
        _ method: Transport.Method,
        _ path: DatabasePath,
        query: [String: String] = [:],
        body: JSONValue? = nil,
        headers: [String: String] = [:],
        accepting: Set<Int> = []
    ) async throws -> (Data, HTTPURLResponse) {
        let requestPath = try path.requestPath()
        return try await authorized.withCredential(.userIfSignedIn) { token in
            let (data, response) = try await client.transport.response(
                method,
                requestPath,
                query: naming(query, token: token),
                body: body,
                token: token,
                headers: headers
            )
            guard (200..<300).contains(response.statusCode) || accepting.contains(response.statusCode) else {
                throw Transport.error(status: response.statusCode, data: data, response: response)
            }
            return (data, response)
        }
    }

    /// A JSON answer's value; nil for `null` (nothing stored).
    static func value(of data: Data) throws -> JSONValue? {
        JSONValue.pruned(try Transport.decode(JSONValue.self, from: data))
    }

    /// How a watch ended.
    enum WatchEnd: Sendable, Equatable {
        /// The server closed the stream (or a proxy did): reconnect.
        case closed
        /// The stream's credential expired (`auth_revoked`): refresh it, then reconnect.
        case authRevoked
        /// The rules no longer let the caller read the location (`cancel`).
        case cancelled(String)
    }

    /// One change a watch reports: `data` replaces (`put`) or is merged into (`patch`) the value
    /// at `keys` below the watched location.
    struct Change: Sendable, Decodable {
        let path: String
        let data: JSONValue
        var keys: [String] { DatabasePath(path).keys }
    }

    /// Watches `path` (`Accept: text/event-stream`): calls `onChange` for each `put` (`isPatch`
    /// false) and `patch`, skips `keep-alive`, and returns when the stream ends or the server
    /// cancels it or revokes its credential. Throws when it cannot be opened or breaks.
    func watch(
        _ path: DatabasePath,
        query: [String: String],
        onChange: (Change, _ isPatch: Bool) -> Void
    ) async throws -> WatchEnd {
        let requestPath = try path.requestPath()
        return try await authorized.withCredential(.userIfSignedIn) { token in
            for try await event in client.transport.events(requestPath, query: naming(query, token: token), token: token) {
                switch event.type {
                case "put", "patch":
                    onChange(try Transport.decode(Change.self, from: Data(event.data.utf8)), event.type == "patch")
                case "cancel":
                    let reason = (try? Transport.decode(String.self, from: Data(event.data.utf8))) ?? "Permission denied"
                    return .cancelled(reason)
                case "auth_revoked":
                    return .authRevoked
                default:
                    continue  // keep-alive, and events newer than this SDK
                }
            }
            return .closed
        }
    }

    /// `query` with the app named for a request without a token.
    private func naming(_ query: [String: String], token: String?) -> [String: String] {
        guard token == nil else { return query }
        return query.merging(["ns": client.clientID]) { first, _ in first }
    }
}
