public import Foundation
import LatchkeyWire

/// Any module's endpoints, as Kurogo's `requestWithDelegate:module:path:version:params:` reaches
/// them: `/v{version}/{module}/{path}`, checked against what ``Latchkey/hello()`` reported, sent as
/// the signed-in user if any. Reach it as `latchkey.modules`.
public struct ModulesClient: Sendable {
    let client: Latchkey
    var transport: AuthorizedTransport { AuthorizedTransport(client: client) }

    /// Calls any module's endpoint (Kurogo's `requestWithDelegate:module:path:version:params:`):
    /// `/v{version}/{module}/{path}`, with `params` as the query string of a GET or the JSON body
    /// otherwise. The version is checked against the module's vmin…vmax from ``Latchkey/hello()``; a module
    /// whose `access` is false raises ``LatchkeyError/signInRequired(module:)`` while signed out.
    public func request(
        module: String,
        path: String = "",
        version: Int = 1,
        method: String = "GET",
        params: [String: String] = [:]
    )
        async throws -> Data
    {
        let isGet = method.uppercased() == "GET"
        return try await request(
            module: module,
            path: path,
            version: version,
            method: method,
            query: isGet ? params : [:],
            body: isGet || params.isEmpty ? nil : params
        )
    }

    /// Calls any module's endpoint with an HTTP `method` (`GET`, `POST`, `PUT`, `PATCH`, `DELETE`),
    /// `query` parameters and any `Encodable` value as the JSON body (camelCase members, ISO 8601
    /// dates, as the server reads them). Checked against ``Latchkey/hello()`` as
    /// ``request(module:path:version:method:params:)`` is; sent as the signed-in user if any.
    public func request(
        module: String,
        path: String = "",
        version: Int = 1,
        method: String,
        query: [String: String] = [:],
        body: (any Encodable & Sendable)?
    ) async throws -> Data {
        let fullPath = try await client.modulePath(module: module, path: path, version: version)
        guard let verb = Transport.Method(rawValue: method.uppercased()) else {
            throw LatchkeyError.invalidOperation("unsupported method \(method)")
        }
        return try await transport.send(verb, fullPath, query: query, body: body, as: .userIfSignedIn)
    }

    /// ``request(module:path:version:method:params:)`` decoded as `T`.
    public func request<T: Decodable>(
        _ type: T.Type,
        module: String,
        path: String = "",
        version: Int = 1,
        method: String = "GET",
        params: [String: String] = [:]
    ) async throws -> T {
        try Transport.decode(T.self, from: try await request(module: module, path: path, version: version, method: method, params: params))
    }

    /// ``request(module:path:version:method:query:body:)`` decoded as `T`.
    public func request<T: Decodable>(
        _ type: T.Type,
        module: String,
        path: String = "",
        version: Int = 1,
        method: String,
        query: [String: String] = [:],
        body: (any Encodable & Sendable)?
    ) async throws -> T {
        let data = try await request(module: module, path: path, version: version, method: method, query: query, body: body)
        return try Transport.decode(T.self, from: data)
    }

    /// Subscribes to a module's Server-Sent Events endpoint, `GET /v{version}/{module}/{path}`,
    /// as the signed-in user if any: each event as it arrives, until the server ends the stream
    /// (the loop ends), the connection fails (it throws) or the consuming task is cancelled (the
    /// connection closes). To resume after a drop, call again with the last event's ``ServerSentEvent/id``.
    public func events(
        module: String,
        path: String = "",
        version: Int = 1,
        query: [String: String] = [:],
        lastEventID: String? = nil
    ) -> AsyncThrowingStream<ServerSentEvent, any Error> {
        AsyncThrowingStream { continuation in
            let relay = Task {
                do {
                    let fullPath = try await client.modulePath(module: module, path: path, version: version)
                    let events = transport.events(fullPath, query: query, lastEventID: lastEventID, as: .userIfSignedIn)
                    for try await event in events { continuation.yield(event) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in relay.cancel() }
        }
    }
}

extension Latchkey {
    /// Any module's endpoints and event streams, checked against ``hello()``.
    public var modules: ModulesClient { ModulesClient(client: self) }
}
