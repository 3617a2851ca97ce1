import LatchkeyWire

/// One location a write replaces, with the rows that will store it and the value they make (what
/// streams hear). A value without server values gets its rows when the write is prepared, outside
/// the store's write transaction; one with server values only inside it, once they are resolved
/// against the tree as it is.
struct PreparedReplacement: Sendable {
    let path: DataPath
    /// The value with server values resolved (nil deletes); as sent until ``resolved(now:current:)``.
    let value: JSONValue?
    /// The rows, once known.
    private let rows: [TreeLeaf]?
    /// What the rows store, once known.
    private let storedValue: JSONValue?
    /// ``stored`` as JSON text (nil when nothing is stored), written with the rows so the write's
    /// transaction only pastes it into the change it records.
    let storedText: String?

    /// Prepares `value` at `path`: its rows now unless it holds a server value.
    init(_ path: DataPath, _ value: JSONValue?) throws(DatabaseError) {
        self.path = path
        self.value = value
        if let value, value.holdsServerValue {
            (rows, storedValue, storedText) = (nil, nil, nil)
        } else {
            let leaves = try TreeLeaf.leaves(of: value ?? .null, at: path)
            rows = leaves
            storedValue = TreeLeaf.value(of: leaves, at: path, priorities: false)
            storedText = storedValue.map { TreeJSON.text($0) }
        }
    }

    private init(path: DataPath, value: JSONValue, rows: [TreeLeaf]) {
        self.path = path
        self.value = value
        self.rows = rows
        storedValue = TreeLeaf.value(of: rows, at: path, priorities: false)
        storedText = storedValue.map { TreeJSON.text($0) }
    }

    /// This replacement with its server values resolved and its rows made, inside the write's
    /// transaction; itself when it has them already.
    func resolved(now: Int64, current: (DataPath) async throws -> JSONValue?) async throws -> PreparedReplacement {
        guard rows == nil, let value else { return self }
        let resolved = try await ServerValues.resolve(value, at: path, now: now, current: current)
        return PreparedReplacement(path: path, value: resolved, rows: try TreeLeaf.leaves(of: resolved, at: path))
    }

    /// The rows that store the value (resolved first).
    var leaves: [TreeLeaf] { rows ?? [] }
    /// The value the rows store, as streams and the answer see it.
    var stored: JSONValue? { storedValue }
}

extension JSONValue {
    /// Whether a server value (`{".sv": …}`) is anywhere in this value.
    var holdsServerValue: Bool {
        switch self {
        case .object(let members): members[ServerValues.marker] != nil || members.values.contains { $0.holdsServerValue }
        case .array(let items): items.contains { $0.holdsServerValue }
        default: false
        }
    }
}
