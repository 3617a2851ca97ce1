import Hummingbird
import LatchkeyWire

extension LatchkeyBackend {
    /// The app an unauthenticated request names with `Latchkey-Client-Id`. A missing header is
    /// a missing credential of the `clientId` security scheme: 401 `unknown_client`, as for an
    /// unknown client id.
    func app(namedBy request: Request) async throws -> App {
        guard let clientID = request.headers[.clientID], let app = try await appDirectory.app(clientID: clientID) else {
            throw APIError(.unauthorized, .unknownClient)
        }
        return app
    }

    /// The caller's address and user agent.
    func client(of request: Request, context: LatchkeyRequestContext) -> ClientInfo {
        ClientInfo(
            ipAddress: ClientAddress.resolve(request, peer: context.peerAddress, trustedProxies: configuration.trustedProxies),
            userAgent: request.headers[.userAgent])
    }

    /// Decodes a strict JSON body within the configured size limit.
    func body<T: StrictRequest>(_ type: T.Type, of request: Request) async throws -> (value: T, present: Set<String>) {
        try await RequestBody.decode(type, from: request, limit: configuration.maximumBodyBytes)
    }
}
