import Hummingbird
import NIOCore

/// The per-request context: Hummingbird's core storage plus the peer address.
public struct LatchkeyRequestContext: RequestContext {
    /// Hummingbird's storage (logger, parameters, endpoint path).
    public var coreContext: CoreRequestContextStorage
    /// The socket peer's IP address, if known.
    public let peerAddress: String?
    /// The request id (set by the request-id middleware).
    public var requestID: String?

    /// Creates the context for a request arriving on `source.channel`.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peerAddress = source.channel.remoteAddress?.ipAddress
    }
}
