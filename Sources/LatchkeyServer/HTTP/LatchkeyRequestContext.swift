public import Hummingbird
import LatchkeyWire
import NIOCore

/// The per-request context: Hummingbird's core storage plus the peer address.
public struct LatchkeyRequestContext: RequestContext {
    /// Hummingbird's storage (logger, parameters, endpoint path).
    public var coreContext: CoreRequestContextStorage
    /// The socket peer's IP address, if known.
    public let peerAddress: String?
    /// The request id (set by the request-id middleware).
    public var requestID: String?
    /// The request's connection (a stream writes its events to it directly).
    let channel: any Channel
    /// The caller, established before the handler runs from the route's ``Access``.
    var principal: Principal?

    /// Creates the context for a request arriving on `source.channel`.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peerAddress = source.channel.remoteAddress?.ipAddress
        channel = source.channel
    }
}

extension LatchkeyRequestContext {
    /// The signed-in user of a route declared with ``Access/user(_:)``.
    var user: UserPrincipal {
        get throws {
            guard case .user(let user) = principal else { throw APIError.invalidToken(.unauthorized) }
            return user
        }
    }

    /// The confidential client of a route declared with ``Access/client(_:)``.
    var client: ClientPrincipal {
        get throws {
            guard case .client(let client) = principal else { throw APIError.invalidToken(.unauthorized) }
            return client
        }
    }

    /// The signed-in operator of a route declared with ``Access/operator(_:)``.
    var `operator`: OperatorPrincipal {
        get throws {
            guard case .operator(let signedIn) = principal else { throw APIError.invalidToken(.unauthorized) }
            return signedIn
        }
    }

    /// The app of any route a public client, a user or a confidential client calls.
    var app: App {
        get throws {
            guard let app = principal?.app else { throw APIError(.unauthorized, .unknownClient) }
            return app
        }
    }
}
