public import Foundation
import LatchkeyWire

extension Latchkey {
    /// Asks the server what it offers (Kurogo `hello`): modules with their API version range and
    /// whether the caller may use them. The answer is remembered for ``request(module:path:version:method:params:)``
    /// with the session it was asked for: after a sign-in, sign-out or switch of user the next
    /// module call asks again, so `access` always describes who is signed in now.
    @discardableResult
    public func hello() async throws -> HelloResponse {
        let stamp = sessionStamp
        let answer = try await AuthorizedTransport(client: self).decode(HelloResponse.self, .get, "v1/hello", as: .userIfSignedIn)
        let byID = Dictionary(answer.modules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        state.withLock { $0.modules = (stamp.key, byID) }
        return answer
    }

    /// Calls any module's endpoint (Kurogo's `requestWithDelegate:module:path:version:params:`):
    /// `/v{version}/{module}/{path}`, with `params` as the query string of a GET or the JSON body
    /// otherwise. The version is checked against the module's vmin…vmax from ``hello()``; a module
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
    /// dates, as the server reads them). Checked against ``hello()`` as
    /// ``request(module:path:version:method:params:)`` is; sent as the signed-in user if any.
    public func request(
        module: String,
        path: String = "",
        version: Int = 1,
        method: String,
        query: [String: String] = [:],
        body: (any Encodable & Sendable)?
    ) async throws -> Data {
        let fullPath = try await modulePath(module: module, path: path, version: version)
        guard let verb = Transport.Method(rawValue: method.uppercased()) else {
            throw LatchkeyError.invalidOperation("unsupported method \(method)")
        }
        return try await AuthorizedTransport(client: self).send(verb, fullPath, query: query, body: body, as: .userIfSignedIn)
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
                    let fullPath = try await modulePath(module: module, path: path, version: version)
                    let events = AuthorizedTransport(client: self).events(fullPath, query: query, lastEventID: lastEventID, as: .userIfSignedIn)
                    for try await event in events { continuation.yield(event) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in relay.cancel() }
        }
    }

    /// `v{version}/{module}[/{path}]`, after checking the version and access ``hello()`` reported
    /// (asked again first when it was asked for another session than the current one).
    private func modulePath(module: String, path: String, version: Int) async throws -> String {
        if let cached = state.withLock({ $0.modules }), cached.session != sessionStamp.key {
            try await hello()
        }
        if let known = state.withLock({ $0.modules?.byID[module] }) {
            guard (known.vmin...known.vmax).contains(version) else {
                throw LatchkeyError.unsupportedVersion(module: module, version: version, supported: known.vmin...known.vmax)
            }
            if !known.access && currentUser == nil { throw LatchkeyError.signInRequired(module: module) }
        }
        return "v\(version)/\(module)" + (path.isEmpty ? "" : "/\(path)")
    }
}
