public import Foundation
@_exported import LatchkeyWire

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// A Latchkey client: one per app and server (KWS's SDK session from client id, optional client
/// secret and API URL). Thread-safe; share one instance.
///
/// It holds the session (the signed-in user, its tokens and their refresh) and hands out feature
/// clients — ``auth`` today — which all reach the server through one authorized transport, so a
/// new feature adds a client instead of methods here.
///
/// ```swift
/// let latchkey = Latchkey(clientID: "lk_…", apiURL: URL(string: "https://auth.example.com")!)
/// let user = try await latchkey.signIn(username: "alice", password: "correct horse battery")
/// ```
public final class Latchkey: Sendable {
    /// The app's client id.
    public let clientID: String
    /// The server's base URL.
    public let apiURL: URL
    let options: Options
    /// Where the signed-in user is persisted.
    let credentialStore: any CredentialStore
    let transport: Transport
    let state: Locked<State>
    /// Held while a state change is applied and told to observers and streams, and while observers
    /// are added or removed: changes reach everyone in the order they were made, and a removed
    /// observer is never called after its removal returns. Recursive, so an observer may call back in.
    let delivery = NSRecursiveLock()
    let refresher = RefreshCoordinator()
    /// The data tree locations this client watches (``DatabaseQuery/observe(_:with:withCancel:)``).
    let databaseListeners = DatabaseListeners()

    /// Choices beyond the defaults.
    public struct Options: Sendable {
        /// Where the signed-in user is persisted; nil picks the default for the client: the
        /// Keychain on Apple platforms, a 0600 file under the application-support directory
        /// elsewhere, either keyed by client id and server so apps and servers never share a slot.
        public var credentialStore: (any CredentialStore)?
        /// The URL session requests go through.
        public var urlSession: URLSession
        /// The clock used to decide when tokens expire.
        public var clock: @Sendable () -> Date
        /// Refresh this long before the access token expires.
        public var refreshMargin: TimeInterval
        /// Receives one line per notable event (sign-in, refresh, sign-out); nil logs nothing.
        public var log: (@Sendable (String) -> Void)?
        /// The languages the server should write error messages in, most preferred first (sent as
        /// `Accept-Language`); the device's preferred languages by default.
        public var languages: [String]
        /// The Keychain access group the default store keeps the session in, so an app and its
        /// extensions share one sign-in (`$(TeamIdentifierPrefix)com.example.shared`); nil keeps it
        /// in the app's own group. Ignored where there is no Keychain, and when `credentialStore` is set.
        public var keychainAccessGroup: String?

        /// Default options.
        public init(
            credentialStore: (any CredentialStore)? = nil,
            urlSession: URLSession = .shared,
            clock: @escaping @Sendable () -> Date = { Date() },
            refreshMargin: TimeInterval = 30,
            log: (@Sendable (String) -> Void)? = nil,
            languages: [String] = Locale.preferredLanguages,
            keychainAccessGroup: String? = nil
        ) {
            self.credentialStore = credentialStore
            self.urlSession = urlSession
            self.clock = clock
            self.refreshMargin = refreshMargin
            self.log = log
            self.languages = languages
            self.keychainAccessGroup = keychainAccessGroup
        }

        /// The default store for `clientID` at `apiURL`: one slot per client id and full server
        /// URL (scheme, host, port and path), so two servers on one host never share a session.
        static func defaultStore(clientID: String, apiURL: URL, keychainAccessGroup: String?) -> any CredentialStore {
            let slot = "\(clientID)@\(apiURL.absoluteString)".addingPercentEncoding(withAllowedCharacters: slotCharacters) ?? clientID
            #if canImport(Security)
            return KeychainCredentialStore(account: slot, accessGroup: keychainAccessGroup)
            #else
            let base =
                FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
                ?? URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".config")
            return FileCredentialStore(url: base.appendingPathComponent("latchkey/\(slot).json"))
            #endif
        }

        /// Characters a slot keeps as they are; the rest are percent-encoded, so a slot is a safe file name.
        private static let slotCharacters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.@")
    }

    struct State {
        var user: CurrentUser?
        var observers: [UInt64: @Sendable (CurrentUser?) -> Void] = [:]
        var streams: [UInt64: AsyncStream<AuthEvent>.Continuation] = [:]
        var reachabilityStreams: [UInt64: AsyncStream<Bool>.Continuation] = [:]
        var nextID: UInt64 = 0
        var reachable: Bool?
        /// What ``hello()`` answered, and for which session (nil: signed out).
        var modules: (session: String?, byID: [String: Module])?
    }

    /// Creates a client. No secret is needed: mobile apps are public clients (RFC 8252), and the
    /// native API never relies on one. `clientSecret` is accepted for KWS-style setup code and is
    /// not sent. The stored session, if any, is restored without a network call.
    public init(clientID: String, clientSecret: String? = nil, apiURL: URL, options: Options = Options()) {
        self.clientID = clientID
        self.apiURL = apiURL
        self.options = options
        let credentialStore =
            options.credentialStore
            ?? Options.defaultStore(clientID: clientID, apiURL: apiURL, keychainAccessGroup: options.keychainAccessGroup)
        self.credentialStore = credentialStore
        let state = Locked(State(user: credentialStore.load()))
        self.state = state
        self.transport = Transport(
            baseURL: apiURL,
            clientID: clientID,
            session: options.urlSession,
            languages: options.languages,
            reachability: { reachable in Latchkey.noteReachability(reachable, in: state) }
        )
    }

    /// The signed-in user, synchronously (Wilddog's `authData`); nil when signed out.
    public var currentUser: CurrentUser? { state.withLock { $0.user } }

    // MARK: Auth state

    /// Calls `observer` now with the current user and after every change of auth state
    /// (Wilddog's `observeAuthEventWithBlock`), in order. Keep the handle to remove it.
    @discardableResult
    public func addAuthStateObserver(_ observer: @escaping @Sendable (CurrentUser?) -> Void) -> ObserverHandle {
        delivery.withLock {
            let (id, user) = state.withLock { state -> (UInt64, CurrentUser?) in
                state.nextID += 1
                state.observers[state.nextID] = observer
                return (state.nextID, state.user)
            }
            observer(user)
            return ObserverHandle(id: id)
        }
    }

    /// Stops calling an observer; it is never called again after this returns (a change being
    /// delivered on another thread finishes first).
    public func removeAuthStateObserver(_ handle: ObserverHandle) {
        delivery.withLock { _ = state.withLock { $0.observers.removeValue(forKey: handle.id) } }
    }

    /// A stream of auth events, starting with ``AuthEvent/initialSession(_:)``.
    public var authStateChanges: AsyncStream<AuthEvent> {
        AsyncStream { continuation in
            let id = delivery.withLock {
                state.withLock { state -> UInt64 in
                    state.nextID += 1
                    state.streams[state.nextID] = continuation
                    continuation.yield(.initialSession(state.user))
                    return state.nextID
                }
            }
            continuation.onTermination = { [state] _ in _ = state.withLock { $0.streams.removeValue(forKey: id) } }
        }
    }

    /// The session a call was started for, to apply its answer only while that session is still
    /// the current one (nil key: started while signed out).
    struct SessionStamp: Equatable, Sendable {
        let key: String?
    }

    /// The current session's stamp.
    var sessionStamp: SessionStamp { state.withLock { SessionStamp(key: $0.user?.sessionKey) } }

    /// Replaces the current user with `user` (see ``transition(ifStill:_:)``).
    @discardableResult
    func transition(to user: CurrentUser?, event: AuthEvent, ifStill stamp: SessionStamp? = nil) -> Bool {
        transition(ifStill: stamp) { _ in (user, event) }
    }

    /// Applies `change` to the current user — when `stamp` is given, only while the session it
    /// names is still current, so an answer that arrives after a sign-out or a switch of user is
    /// dropped — then persists the result and tells observers and streams. Memory and the
    /// credential store change under one lock, so they always agree on the order of changes.
    /// `change` returns nil to change nothing. Returns whether the change was applied.
    @discardableResult
    func transition(ifStill stamp: SessionStamp? = nil, _ change: (CurrentUser?) -> (CurrentUser?, AuthEvent)?) -> Bool {
        delivery.withLock {
            let applied = state.withLock {
                state -> (CurrentUser?, AuthEvent, [@Sendable (CurrentUser?) -> Void], [AsyncStream<AuthEvent>.Continuation])? in
                if let stamp, stamp.key != state.user?.sessionKey { return nil }
                guard let changed = change(state.user) else { return nil }
                let (user, event) = changed
                do {
                    try credentialStore.save(user)
                } catch {
                    options.log?("could not persist the session: \(error)")
                }
                state.user = user
                return (user, event, state.observers.sorted { $0.key < $1.key }.map(\.value), Array(state.streams.values))
            }
            guard let applied else { return false }
            let (user, event, observers, streams) = applied
            for stream in streams { stream.yield(event) }
            for observer in observers { observer(user) }
            return true
        }
    }

    // MARK: Reachability

    /// Whether the last request reached the server (nil before any request). Being offline never
    /// signs anyone out.
    public var isReachable: Bool? { state.withLock { $0.reachable } }

    /// Reachability changes as requests succeed or fail to connect.
    public var reachabilityChanges: AsyncStream<Bool> {
        AsyncStream { continuation in
            let id = state.withLock { state -> UInt64 in
                state.nextID += 1
                state.reachabilityStreams[state.nextID] = continuation
                return state.nextID
            }
            continuation.onTermination = { [state] _ in _ = state.withLock { $0.reachabilityStreams.removeValue(forKey: id) } }
        }
    }

    /// Asks the server's health endpoint whether it can be reached now.
    public func checkReachability() async -> Bool {
        do {
            _ = try await transport.send(.get, "healthz")
            return true
        } catch {
            return false
        }
    }

    private static func noteReachability(_ reachable: Bool, in state: Locked<State>) {
        let streams = state.withLock { state -> [AsyncStream<Bool>.Continuation] in
            guard state.reachable != reachable else { return [] }
            state.reachable = reachable
            return Array(state.reachabilityStreams.values)
        }
        for stream in streams { stream.yield(reachable) }
    }
}
