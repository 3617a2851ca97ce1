import Foundation
public import LatchkeyWire

extension Latchkey {
    /// The app's JSON data tree (Wilddog's `Wilddog(url:)`, Firebase's `Database.database()`),
    /// spoken as the Realtime Database REST protocol, as the signed-in user (whom the app's rules
    /// see as `auth`) or signed out.
    public var database: DatabaseClient { DatabaseClient(client: self) }
}

/// Hands out references into the app's data tree.
public struct DatabaseClient: Sendable {
    let client: Latchkey

    /// The root of the tree.
    public func reference() -> DatabaseReference { DatabaseReference(client: client, path: .root) }

    /// The location at `path` (keys separated by `/`).
    public func reference(withPath path: String) -> DatabaseReference { DatabaseReference(client: client, path: DatabasePath(path)) }
}

/// A location of the app's data tree: navigate with ``child(_:)`` and ``parent``, write with
/// ``setValue(_:)``, ``updateChildValues(_:)``, ``removeValue()`` and transactions, and read and
/// observe it as a ``DatabaseQuery``. Making a reference touches nothing; a key the protocol does
/// not allow (`. $ # [ ] /`, control characters, empty, over 768 bytes) makes each call on it
/// throw ``LatchkeyError/invalidDatabasePath``.
public final class DatabaseReference: DatabaseQuery, @unchecked Sendable, Hashable {
    // @unchecked: immutable, as its superclass.
    init(client: Latchkey, path: DatabasePath) {
        super.init(client: client, path: path, parameters: QueryParameters())
    }

    /// The last key of the path; nil for the root.
    public var key: String? { path.key }

    /// The location above; nil for the root.
    public var parent: DatabaseReference? { path.parent.map { DatabaseReference(client: client, path: $0) } }

    /// The root of the tree.
    public var root: DatabaseReference { DatabaseReference(client: client, path: .root) }

    /// The location at `path` (one key or several separated by `/`) below this one
    /// (Wilddog's `childByAppendingPath`).
    public func child(_ path: String) -> DatabaseReference { DatabaseReference(client: client, path: self.path.child(path)) }

    /// A new child with a push id: chronologically ordered and unique, made on the device
    /// (nothing is written until a value is set).
    public func childByAutoId() -> DatabaseReference { child(PushIDGenerator.shared.next()) }

    public static func == (lhs: DatabaseReference, rhs: DatabaseReference) -> Bool {
        lhs.client === rhs.client && lhs.path == rhs.path
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(path) }

    // MARK: Writing

    /// Replaces the data here with `value` (`nil` or `.null` deletes it). Values may hold
    /// ``ServerValue``s.
    public func setValue(_ value: JSONValue?) async throws {
        _ = try await transport.send(.put, path, query: Self.silent, body: value ?? .null)
    }

    /// Replaces the data here with `value` encoded as JSON (camelCase members as declared, ISO
    /// 8601 dates).
    public func setValue<T: Encodable & Sendable>(_ value: T) async throws {
        let json: JSONValue? = try JSONValue(encoding: value)  // typed, or this overload would call itself
        try await setValue(json)
    }

    /// Writes each of `values` at its path below this location, all or none (a multi-path
    /// update: keys may be paths such as `"profile/name"`); a `.null` value deletes.
    /// Children not named are left alone.
    public func updateChildValues(_ values: [String: JSONValue]) async throws {
        for relative in values.keys {
            if let problem = path.child(relative).problem { throw LatchkeyError(.invalidDatabasePath, message: problem) }
        }
        _ = try await transport.send(.patch, path, query: Self.silent, body: .object(values))
    }

    /// Deletes the data here and below.
    public func removeValue() async throws {
        _ = try await transport.send(.delete, path, query: Self.silent)
    }

    var transport: DatabaseTransport { DatabaseTransport(client: client) }

    /// Asks for no answer body: writes need none.
    private static let silent = ["print": "silent"]
}
