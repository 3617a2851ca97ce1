public import Foundation

/// Completion-handler forms of the module calls; handlers run on the main queue.
extension ModulesClient {
    /// Callback form of ``request(module:path:version:method:params:)``.
    public func request(
        module: String,
        path: String = "",
        version: Int = 1,
        method: String = "GET",
        params: [String: String] = [:],
        completion: @escaping @Sendable (Result<Data, LatchkeyError>) -> Void
    ) {
        client.deliver(completion) { try await self.request(module: module, path: path, version: version, method: method, params: params) }
    }

    /// Callback form of ``request(module:path:version:method:query:body:)``.
    public func request(
        module: String,
        path: String = "",
        version: Int = 1,
        method: String,
        query: [String: String] = [:],
        body: (any Encodable & Sendable)?,
        completion: @escaping @Sendable (Result<Data, LatchkeyError>) -> Void
    ) {
        client.deliver(completion) { try await self.request(module: module, path: path, version: version, method: method, query: query, body: body) }
    }

    /// Callback form of ``request(_:module:path:version:method:params:)``.
    public func request<T: Decodable & Sendable>(
        _ type: T.Type,
        module: String,
        path: String = "",
        version: Int = 1,
        method: String = "GET",
        params: [String: String] = [:],
        completion: @escaping @Sendable (Result<T, LatchkeyError>) -> Void
    ) {
        client.deliver(completion) { try await self.request(T.self, module: module, path: path, version: version, method: method, params: params) }
    }

    /// Callback form of ``request(_:module:path:version:method:query:body:)``.
    public func request<T: Decodable & Sendable>(
        _ type: T.Type,
        module: String,
        path: String = "",
        version: Int = 1,
        method: String,
        query: [String: String] = [:],
        body: (any Encodable & Sendable)?,
        completion: @escaping @Sendable (Result<T, LatchkeyError>) -> Void
    ) {
        client.deliver(completion) {
            try await self.request(T.self, module: module, path: path, version: version, method: method, query: query, body: body)
        }
    }
}
