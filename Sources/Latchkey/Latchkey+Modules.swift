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

    /// `v{version}/{module}[/{path}]`, after checking the version and access ``hello()`` reported
    /// (asked again first when it was asked for another session than the current one).
    func modulePath(module: String, path: String, version: Int) async throws -> String {
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
