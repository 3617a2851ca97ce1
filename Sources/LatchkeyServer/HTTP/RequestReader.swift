import Hummingbird
import LatchkeyWire

/// Reads what handlers need from a request under the server's limits: a strict JSON body within
/// the size limit, and the caller's address (through trusted proxies) and user agent.
struct RequestReader: Sendable {
    let maximumBodyBytes: Int
    let trustedProxies: Set<String>

    init(configuration: LatchkeyConfiguration) {
        maximumBodyBytes = configuration.maximumBodyBytes
        trustedProxies = configuration.trustedProxies
    }

    /// The caller's address and user agent.
    func client(of request: Request, context: LatchkeyRequestContext) -> ClientInfo {
        ClientInfo(
            ipAddress: ClientAddress.resolve(request, peer: context.peerAddress, trustedProxies: trustedProxies),
            userAgent: request.headers[.userAgent]
        )
    }

    /// Decodes a strict JSON body within the configured size limit.
    func body<T: StrictRequest>(_ type: T.Type, of request: Request) async throws -> (value: T, present: Set<String>) {
        try await RequestBody.decode(type, from: request, limit: maximumBodyBytes)
    }

    /// A form body within the size limit, reading only `recognized` parameters; nil when malformed.
    func form(of request: Request, recognized: Set<String>) async throws -> [String: String]? {
        try await RequestBody.form(from: request, limit: maximumBodyBytes, recognized: recognized)
    }
}
