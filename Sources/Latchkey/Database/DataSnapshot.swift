import Foundation
public import LatchkeyWire

/// The data at a location as read or as an event delivered it: immutable, with its children in
/// the order of the query that produced it (by key for a plain reference).
public struct DataSnapshot: Sendable {
    /// The location the data is from.
    public let ref: DatabaseReference
    /// The value; nil when nothing is stored there (a query's: only the children it selected).
    public let value: JSONValue?
    let ordering: QueryParameters

    init(ref: DatabaseReference, value: JSONValue?, ordering: QueryParameters = QueryParameters()) {
        self.ref = ref
        self.value = JSONValue.pruned(value)
        self.ordering = ordering
    }

    /// The last key of the location; nil for the root.
    public var key: String? { ref.key }

    /// Whether there is data.
    public var exists: Bool { value != nil }

    /// The children, in the query's order (by key when it orders nothing).
    public var children: [DataSnapshot] {
        ordering.children(of: value).map { DataSnapshot(ref: ref.child($0.key), value: $0.value) }
    }

    /// How many children there are.
    public var childrenCount: Int { QueryParameters.children(of: value).count }

    /// Whether there are children.
    public var hasChildren: Bool { childrenCount > 0 }

    /// Whether there is data at `path` (one key or several separated by `/`) below this location.
    public func hasChild(_ path: String) -> Bool { childSnapshot(forPath: path).exists }

    /// The data at `path` below this location (an empty snapshot when there is none).
    public func childSnapshot(forPath path: String) -> DataSnapshot {
        let child = ref.child(path)
        return DataSnapshot(ref: child, value: JSONValue.value(value, at: DatabasePath(path).keys))
    }

    /// The value decoded as `T` (from the JSON it is, with the SDK's coders: camelCase members,
    /// ISO 8601 dates). Throws when there is no data (unless `T` is optional) or it has another shape.
    public func value<T: Decodable>(as type: T.Type) throws -> T {
        try (value ?? .null).decoded(as: T.self)
    }
}
