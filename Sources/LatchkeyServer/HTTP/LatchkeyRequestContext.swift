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
    /// The posted form of a route that declares one, its token already checked.
    var form: [String: String] = [:]
    /// The caller's address (behind a trusted proxy, the one it forwards) and user agent, which
    /// sessions record and throttles count; resolved once, before the handler.
    var clientInfo = ClientInfo()
    /// The language the caller asks for (`Accept-Language`), of its pages and messages.
    var language = Language.english

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

    /// The operator halfway through signing in, of a route declared with ``Access/consoleSecondStep``.
    var operatorSigningIn: OperatorSigningIn {
        get throws {
            guard case .operatorSigningIn(let signingIn) = principal else { throw APIError.invalidToken(.unauthorized) }
            return signingIn
        }
    }

    /// The session cookie of a route declared with ``Access/browser``; nil when the browser brought none.
    var browserSessionCookie: String? {
        guard case .browser(let cookie) = principal else { return nil }
        return cookie
    }

    /// The data tree's caller and its token's claims, of a route declared with a tree ``CredentialScheme``.
    var treeCaller: (caller: DatabaseCaller, token: AccessTokenClaims?) {
        get throws {
            guard case .treeCaller(let caller, let token) = principal else { throw DatabaseError.permissionDenied }
            return (caller, token)
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
