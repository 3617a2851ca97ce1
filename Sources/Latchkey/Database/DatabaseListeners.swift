import Foundation
import LatchkeyWire

/// Identifies an observer, to remove it with ``DatabaseQuery/removeObserver(withHandle:)``.
public typealias DatabaseHandle = UInt

/// The locations a client watches: one server stream per location and query, shared by every
/// observer of it, with a local copy of the watched data that `put` and `patch` events update and
/// child events are derived from (``ChildChanges``). A stream that drops is reopened with
/// exponential backoff and jitter, with a fresh token; its first `put` replaces the copy, so the
/// events observers get after a reconnect are exactly the changes they missed. A location stops
/// being watched when its last observer goes, unless it is kept synced.
final class DatabaseListeners: Sendable {
    /// Held while an event is applied and delivered, and while observers are added or removed, so
    /// every observer gets its events in order and none after its removal returns. Recursive, so
    /// an observer may add or remove observers from its callback.
    private let delivery = NSRecursiveLock()
    private let state = Locked(State())

    private struct State {
        var watches: [Key: Watch] = [:]
        var handles: [DatabaseHandle: Key] = [:]
        var nextID: UInt = 0
    }

    /// A watched location and query.
    struct Key: Hashable, Sendable {
        let path: DatabasePath
        let parameters: QueryParameters
    }

    private struct Watch {
        let id: UInt
        let query: DatabaseQuery
        /// The watched location's data as the server last streamed it (the query's window of it).
        var data: JSONValue?
        /// Whether the first `put` came.
        var loaded = false
        var observers: [DatabaseHandle: Observer] = [:]
        var keepSynced = false
        var task: Task<Void, Never>?

        var isIdle: Bool { observers.isEmpty && !keepSynced }
    }

    /// Someone told about events of one type.
    struct Observer: Sendable {
        let type: DataEventType
        /// Removed after its first event (`observeSingleEvent`).
        let once: Bool
        let deliver: @Sendable (DataEvent) -> Void
        let cancel: @Sendable (LatchkeyError) -> Void
    }

    /// Adds `observer` of `query` and returns its handle; it gets the current data at once when
    /// the location is already being watched, else when the stream's first `put` arrives.
    func add(_ observer: Observer, of query: DatabaseQuery) -> DatabaseHandle {
        delivery.withLock {
            let (handle, events) = state.withLock { state -> (DatabaseHandle, [DataEvent]) in
                let key = Key(path: query.path, parameters: query.parameters)
                state.nextID += 1
                let handle = state.nextID
                var watch = state.watches[key] ?? start(query, key: key, id: handle)
                state.handles[handle] = key
                guard watch.loaded else {
                    watch.observers[handle] = observer
                    state.watches[key] = watch
                    return (handle, [])
                }
                let events = Self.events(of: watch.query, from: nil, to: watch.data, initial: true).filter { $0.type == observer.type }
                state.watches[key] = watch
                guard observer.once, let first = events.first else {
                    state.watches[key]?.observers[handle] = observer
                    return (handle, events)
                }
                state.handles[handle] = nil
                Self.stopIfIdle(key, in: &state)
                return (handle, [first])
            }
            for event in events { observer.deliver(event) }
            return handle
        }
    }

    /// Removes the observer `handle` names; it gets nothing after this returns.
    func remove(_ handle: DatabaseHandle) {
        delivery.withLock {
            state.withLock { state in
                guard let key = state.handles.removeValue(forKey: handle) else { return }
                state.watches[key]?.observers[handle] = nil
                Self.stopIfIdle(key, in: &state)
            }
        }
    }

    /// Removes every observer of the location at `path`, whatever its query.
    func removeAll(at path: DatabasePath) {
        delivery.withLock {
            state.withLock { state in
                for (handle, key) in state.handles where key.path == path {
                    state.handles[handle] = nil
                    state.watches[key]?.observers[handle] = nil
                }
                for key in state.watches.keys where key.path == path { Self.stopIfIdle(key, in: &state) }
            }
        }
    }

    /// Keeps `query`'s location watched without observers (or stops keeping it).
    func keepSynced(_ query: DatabaseQuery, _ keep: Bool) {
        delivery.withLock {
            state.withLock { state in
                let key = Key(path: query.path, parameters: query.parameters)
                if keep {
                    state.nextID += 1
                    var watch = state.watches[key] ?? start(query, key: key, id: state.nextID)
                    watch.keepSynced = true
                    state.watches[key] = watch
                } else {
                    state.watches[key]?.keepSynced = false
                    Self.stopIfIdle(key, in: &state)
                }
            }
        }
    }

    /// Whether `query`'s location is being watched now (observed or kept synced).
    func isWatching(_ query: DatabaseQuery) -> Bool {
        state.withLock { $0.watches[Key(path: query.path, parameters: query.parameters)] != nil }
    }

    // MARK: The stream's side

    /// Applies a `put` or `patch` of the watch `id` to its copy and tells the observers.
    private func apply(_ change: DatabaseTransport.Change, isPatch: Bool, key: Key, id: UInt) {
        delivery.withLock {
            let deliveries = state.withLock { state -> [(Observer, DataEvent)] in
                guard var watch = state.watches[key], watch.id == id else { return [] }
                let old = watch.loaded ? watch.data : nil
                var data = watch.data
                if isPatch, case .object(let members) = change.data {
                    for (name, value) in members {
                        data = JSONValue.setting(value, at: ArraySlice(change.keys + DatabasePath(name).keys), in: data)
                    }
                } else {
                    data = JSONValue.setting(change.data, at: ArraySlice(change.keys), in: data)
                }
                let wasLoaded = watch.loaded
                watch.data = data
                watch.loaded = true
                var deliveries: [(Observer, DataEvent)] = []
                let observers = watch.observers.sorted { $0.key < $1.key }
                for event in Self.events(of: watch.query, from: old, to: data, initial: !wasLoaded) {
                    for (handle, observer) in observers where observer.type == event.type && watch.observers[handle] != nil {
                        deliveries.append((observer, event))
                        if observer.once {
                            watch.observers[handle] = nil
                            state.handles[handle] = nil
                        }
                    }
                }
                state.watches[key] = watch
                Self.stopIfIdle(key, in: &state)
                return deliveries
            }
            for (observer, event) in deliveries { observer.deliver(event) }
        }
    }

    /// Ends the watch `id` for good: its observers get `error` and are removed.
    private func fail(_ error: LatchkeyError, key: Key, id: UInt) {
        delivery.withLock {
            let observers = state.withLock { state -> [Observer] in
                guard let watch = state.watches[key], watch.id == id else { return [] }
                state.watches[key] = nil
                for handle in watch.observers.keys { state.handles[handle] = nil }
                return watch.observers.sorted { $0.key < $1.key }.map(\.value)
            }
            for observer in observers { observer.cancel(error) }
        }
    }

    /// A new watch of `query` with its stream started.
    private func start(_ query: DatabaseQuery, key: Key, id: UInt) -> Watch {
        var watch = Watch(id: id, query: query)
        watch.task = Task { [weak self] in await self?.run(query, key: key, id: id) }
        return watch
    }

    private static func stopIfIdle(_ key: Key, in state: inout State) {
        guard let watch = state.watches[key], watch.isIdle else { return }
        watch.task?.cancel()
        state.watches[key] = nil
    }

    /// Keeps the watch `id` streaming until it is cancelled or fails for good.
    private func run(_ query: DatabaseQuery, key: Key, id: UInt) async {
        let transport = DatabaseTransport(client: query.client)
        var failures = 0
        while !Task.isCancelled {
            do {
                let end = try await transport.watch(query.path, query: query.parameters.requestParameters()) { change, isPatch in
                    failures = 0
                    apply(change, isPatch: isPatch, key: key, id: id)
                }
                switch end {
                case .cancelled(let reason):
                    fail(LatchkeyError(.permissionDenied, message: reason), key: key, id: id)
                    return
                case .authRevoked:
                    _ = try await query.client.auth.refreshSession()
                    continue
                case .closed:
                    failures += 1
                }
            } catch let error as LatchkeyError where Self.isTransient(error) {
                failures += 1
            } catch let error as LatchkeyError {
                fail(error, key: key, id: id)
                return
            } catch {
                return  // cancelled
            }
            do {
                try await Task.sleep(for: Self.reconnectDelay(afterFailures: failures))
            } catch {
                return
            }
        }
    }

    /// Errors a later attempt may not get: the server unreachable, overloaded or failing.
    private static func isTransient(_ error: LatchkeyError) -> Bool {
        switch error.kind {
        case .network, .serverUnavailable, .rateLimited: return true
        case .server(let code, _): return code.hasPrefix("http_5")
        default: return false
        }
    }

    /// The first reconnect waits up to this long; each further failure doubles it.
    static let firstReconnectDelay: Duration = .milliseconds(500)
    /// The longest wait between reconnects.
    static let longestReconnectDelay: Duration = .seconds(30)

    /// Exponential backoff with jitter: half to all of `first × 2^(failures − 1)`, at most the
    /// longest delay, so clients a server dropped together do not come back together.
    static func reconnectDelay(afterFailures failures: Int) -> Duration {
        let doubling = min(max(failures - 1, 0), 16)
        let ceiling = min(firstReconnectDelay * (1 << doubling), longestReconnectDelay)
        return ceiling * Double.random(in: 0.5...1)
    }

    // MARK: Events

    /// The events observers of `query` get when its location's data goes from `old` to `new`, in
    /// the order they are delivered: child events (``ChildChanges``), then `.value` when the
    /// query's data changed — or is first known (`initial`), even when nothing is stored.
    private static func events(of query: DatabaseQuery, from old: JSONValue?, to new: JSONValue?, initial: Bool) -> [DataEvent] {
        let parameters = query.parameters
        let ref = query.ref
        let changes = ChildChanges.between(parameters.children(of: old), parameters.children(of: new), ordering: parameters.effectiveOrdering)
        var events = changes.map { change in
            DataEvent(
                type: change.type,
                snapshot: DataSnapshot(ref: ref.child(change.key), value: change.value),
                previousSiblingKey: change.previousKey
            )
        }
        let newView = parameters.view(of: new)
        if initial || parameters.view(of: old) != newView {
            events.append(DataEvent(type: .value, snapshot: DataSnapshot(ref: ref, value: newView, ordering: parameters), previousSiblingKey: nil))
        }
        return events
    }
}
