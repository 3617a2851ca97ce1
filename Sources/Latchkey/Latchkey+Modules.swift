import Foundation
import LatchkeyWire

extension Latchkey {
    /// Asks the server what it offers (Kurogo `hello`): modules with their API version range and
    /// whether the caller may use them. The answer is remembered for ``request(module:path:version:method:params:)``.
    @discardableResult
    public func hello() async throws -> HelloResponse {
        let answer: HelloResponse
        if currentUser != nil {
            answer = try await authorized(HelloResponse.self, .get, "v1/hello")
        } else {
            answer = try await transport.decode(HelloResponse.self, .get, "v1/hello")
        }
        state.withLock { $0.modules = Dictionary(answer.modules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }) }
        return answer
    }

    /// Calls any module's endpoint (Kurogo's `requestWithDelegate:module:path:version:params:`):
    /// `/v{version}/{module}/{path}`, with `params` as the query string of a GET or the JSON body
    /// otherwise. The version is checked against the module's vmin…vmax from ``hello()``; a module
    /// whose `access` is false raises ``LatchkeyError/signInRequired(module:)`` while signed out.
    public func request(module: String, path: String = "", version: Int = 1, method: String = "GET", params: [String: String] = [:])
        async throws -> Data
    {
        if let known = state.withLock({ $0.modules?[module] }) {
            guard (known.vmin...known.vmax).contains(version) else {
                throw LatchkeyError.unsupportedVersion(module: module, version: version, supported: known.vmin...known.vmax)
            }
            if !known.access && currentUser == nil { throw LatchkeyError.signInRequired(module: module) }
        }
        guard let verb = Transport.Method(rawValue: method.uppercased()) else {
            throw LatchkeyError.invalidOperation("unsupported method \(method)")
        }
        let fullPath = "v\(version)/\(module)" + (path.isEmpty ? "" : "/\(path)")
        let query = verb == .get ? params : [:]
        let body: [String: String]? = verb == .get || params.isEmpty ? nil : params
        if currentUser != nil {
            return try await authorizedSend(verb, fullPath, query: query, body: body)
        }
        return try await transport.send(verb, fullPath, query: query, body: body).0
    }

    /// ``request(module:path:version:method:params:)`` decoded as `T`.
    public func request<T: Decodable>(
        _ type: T.Type, module: String, path: String = "", version: Int = 1, method: String = "GET", params: [String: String] = [:]
    ) async throws -> T {
        let data = try await request(module: module, path: path, version: version, method: method, params: params)
        do {
            return try WireCoding.makeDecoder().decode(T.self, from: data)
        } catch {
            throw LatchkeyError.server(code: "unexpected_response", message: "\(error)")
        }
    }
}
