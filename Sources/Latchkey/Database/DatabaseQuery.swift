import Foundation
public import LatchkeyWire

/// A location of the app's data tree with an optional query over its children (ordering, range,
/// limit): what can be read and observed. ``DatabaseReference`` is the plain location, which can
/// also be written. Build queries from a reference (`ref.queryOrdered(byChild: "time")
/// .queryLimited(toLast: 20)`); a later call of the same kind replaces the earlier one.
///
/// Reads and events give children in the query's order. Ordering by a child needs an
/// `.indexOn` for it in the app's rules, else ``LatchkeyError/indexNotDefined``.
public class DatabaseQuery: @unchecked Sendable, CustomStringConvertible {
    // @unchecked: every stored property is an immutable `let` of a Sendable type; the class is not
    // final only so that a reference is a query, as in Firebase.
    let client: Latchkey
    let path: DatabasePath
    let parameters: QueryParameters

    init(client: Latchkey, path: DatabasePath, parameters: QueryParameters) {
        self.client = client
        self.path = path
        self.parameters = parameters
    }

    /// The location queried.
    public var ref: DatabaseReference { DatabaseReference(client: client, path: path) }

    /// The location's URL (without query parameters).
    public var description: String {
        client.apiURL.appendingPathComponent(path.keys.joined(separator: "/")).absoluteString
    }

    // MARK: Building queries

    /// Children ordered by the value of their child at `path` (missing counts as null).
    public func queryOrdered(byChild path: String) -> DatabaseQuery { with { $0.ordering = .child(path) } }

    /// Children ordered by key.
    public func queryOrderedByKey() -> DatabaseQuery { with { $0.ordering = .key } }

    /// Children ordered by their value.
    public func queryOrderedByValue() -> DatabaseQuery { with { $0.ordering = .value } }

    /// Only children ordered at or after `value` (a key when ordered by key).
    public func queryStarting(atValue value: JSONValue) -> DatabaseQuery { with { $0.start = value } }

    /// Only children ordered at or before `value`.
    public func queryEnding(atValue value: JSONValue) -> DatabaseQuery { with { $0.end = value } }

    /// Only children ordered at `value`.
    public func queryEqual(toValue value: JSONValue) -> DatabaseQuery { with { $0.equal = value } }

    /// The first `limit` children in order.
    public func queryLimited(toFirst limit: UInt) -> DatabaseQuery { with { $0.limit = .first(Int(limit)) } }

    /// The last `limit` children in order.
    public func queryLimited(toLast limit: UInt) -> DatabaseQuery { with { $0.limit = .last(Int(limit)) } }

    private func with(_ change: (inout QueryParameters) -> Void) -> DatabaseQuery {
        var parameters = parameters
        change(&parameters)
        return DatabaseQuery(client: client, path: path, parameters: parameters)
    }

    // MARK: Reading

    /// The data now, from the server (`GET`): the location's, or the children the query selects.
    public func getData() async throws -> DataSnapshot {
        let (data, _) = try await DatabaseTransport(client: client).send(.get, path, query: parameters.requestParameters())
        return DataSnapshot(ref: ref, value: parameters.view(of: try DatabaseTransport.value(of: data)), ordering: parameters)
    }

    // MARK: Observing

    /// Calls `block` on the main queue with each event of `eventType` (see ``DataEventType``)
    /// until the observer is removed; `cancel` gets the error that ends observation (the rules
    /// stop allowing the read, the session ended). A dropped connection is reopened by itself.
    @discardableResult
    public func observe(
        _ eventType: DataEventType,
        with block: @escaping @Sendable (DataSnapshot) -> Void,
        withCancel cancel: (@Sendable (any Error) -> Void)? = nil
    ) -> DatabaseHandle {
        observe(eventType, andPreviousSiblingKeyWith: { snapshot, _ in block(snapshot) }, withCancel: cancel)
    }

    /// ``observe(_:with:withCancel:)`` with the key of the child before the event's child in the
    /// query's order (nil when first, and for `.value` and `.childRemoved`).
    @discardableResult
    public func observe(
        _ eventType: DataEventType,
        andPreviousSiblingKeyWith block: @escaping @Sendable (DataSnapshot, String?) -> Void,
        withCancel cancel: (@Sendable (any Error) -> Void)? = nil
    ) -> DatabaseHandle {
        client.databaseListeners.add(Self.onMainQueue(eventType, once: false, block, cancel), of: self)
    }

    /// Calls `block` once, on the main queue, with the first event of `eventType`.
    public func observeSingleEvent(
        of eventType: DataEventType,
        with block: @escaping @Sendable (DataSnapshot) -> Void,
        withCancel cancel: (@Sendable (any Error) -> Void)? = nil
    ) {
        _ = client.databaseListeners.add(Self.onMainQueue(eventType, once: true, { snapshot, _ in block(snapshot) }, cancel), of: self)
    }

    /// Stops the observer `handle` names; it is not called after this returns.
    public func removeObserver(withHandle handle: DatabaseHandle) {
        client.databaseListeners.remove(handle)
    }

    /// Stops every observer of this location (of any query on it; not of locations below it).
    public func removeAllObservers() {
        client.databaseListeners.removeAll(at: path)
    }

    /// Keeps the location watched (and its data current) while nothing observes it, so the next
    /// observer gets data at once; `false` lets it go once nothing observes it.
    public func keepSynced(_ keepSynced: Bool) {
        client.databaseListeners.keepSynced(self, keepSynced)
    }

    /// The events of `eventType` as an asynchronous sequence: it ends by throwing the error that
    /// ends observation, and observing stops when the consuming task ends or is cancelled.
    public func events(_ eventType: DataEventType) -> AsyncThrowingStream<DataEvent, any Error> {
        stream(of: eventType) { $0 }
    }

    /// The location's data each time it changes (first when it is known), as an asynchronous sequence.
    public var values: AsyncThrowingStream<DataSnapshot, any Error> {
        stream(of: .value) { $0.snapshot }
    }

    private func stream<Element: Sendable>(
        of eventType: DataEventType,
        _ element: @escaping @Sendable (DataEvent) -> Element
    ) -> AsyncThrowingStream<Element, any Error> {
        AsyncThrowingStream { continuation in
            let observer = DatabaseListeners.Observer(
                type: eventType,
                once: false,
                deliver: { continuation.yield(element($0)) },
                cancel: { continuation.finish(throwing: $0) }
            )
            let handle = client.databaseListeners.add(observer, of: self)
            continuation.onTermination = { [client] _ in client.databaseListeners.remove(handle) }
        }
    }

    private static func onMainQueue(
        _ type: DataEventType,
        once: Bool,
        _ block: @escaping @Sendable (DataSnapshot, String?) -> Void,
        _ cancel: (@Sendable (any Error) -> Void)?
    ) -> DatabaseListeners.Observer {
        DatabaseListeners.Observer(
            type: type,
            once: once,
            deliver: { event in DispatchQueue.main.async { block(event.snapshot, event.previousSiblingKey) } },
            cancel: { error in DispatchQueue.main.async { cancel?(error) } }
        )
    }
}
