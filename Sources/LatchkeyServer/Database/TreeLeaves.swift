import HTTPTypes
import LatchkeyWire

/// A value as the rows that store it, and back: each scalar is a leaf row at its path
/// (``DataPath/storageKey``), arrays are objects keyed `0`, `1`…, nulls and empty objects are no
/// rows at all (the protocol has neither), and a priority is the leaf `<node>/.priority`.
struct TreeLeaf: Sendable, Equatable {
    /// The leaf's storage key.
    var path: String
    /// The scalar's JSON text.
    var value: String
}

extension TreeLeaf {
    /// The longest storage key of a leaf, in UTF-8 bytes: the primary key's entry must fit a
    /// PostgreSQL B-tree page (about 2.7 KB), so a stored location is at most this long, however
    /// its keys are split.
    static let maximumPathBytes = 2048

    /// The member that carries a node's priority.
    static let priorityKey = ".priority"
    /// The member that carries a prioritized scalar's value.
    static let valueKey = ".value"

    /// The leaves of `value` written at `path`, in the order of their storage keys' UTF-8 bytes
    /// (the primary key's order): inserted in that order, rows fill B-tree pages one after another
    /// instead of splitting pages all over the index. Refuses keys the protocol forbids and data
    /// deeper than ``DataPath/maximumDepth`` with the protocol's 400.
    static func leaves(of value: JSONValue, at path: DataPath) throws(DatabaseError) -> [TreeLeaf] {
        var leaves: [TreeLeaf] = []
        try collect(value, key: path.storageKey, depth: path.keys.count, into: &leaves)
        leaves.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        return leaves
    }

    private static func collect(_ value: JSONValue, key: String, depth: Int, into leaves: inout [TreeLeaf]) throws(DatabaseError) {
        switch value {
        case .null: return
        case .bool, .integer, .number, .string:
            try append(TreeLeaf(path: key, value: TreeJSON.text(value)), to: &leaves)
        case .array(let items):
            try descend(into: items.enumerated().map { (String($0.offset), $0.element) }, key: key, depth: depth, leaves: &leaves)
        case .object(var members):
            if let priority = members.removeValue(forKey: priorityKey) {
                switch priority {
                case .null: break
                case .string, .integer, .number: try append(TreeLeaf(path: key + "/" + priorityKey, value: TreeJSON.text(priority)), to: &leaves)
                default: throw DatabaseError(status: .badRequest, message: "Invalid data; .priority must be a string, a number or null.")
                }
            }
            if let scalar = members.removeValue(forKey: valueKey) {
                guard members.isEmpty else {
                    throw DatabaseError(status: .badRequest, message: "Invalid data; .value may only be accompanied by .priority.")
                }
                return try collect(scalar, key: key, depth: depth, into: &leaves)
            }
            try descend(into: members.map { ($0.key, $0.value) }, key: key, depth: depth, leaves: &leaves)
        }
    }

    private static func append(_ leaf: TreeLeaf, to leaves: inout [TreeLeaf]) throws(DatabaseError) {
        guard leaf.path.utf8.count <= maximumPathBytes else {
            throw DatabaseError(status: .badRequest, message: "Invalid data; a location's path is longer than \(maximumPathBytes) bytes.")
        }
        leaves.append(leaf)
    }

    private static func descend(
        into children: [(String, JSONValue)],
        key: String,
        depth: Int,
        leaves: inout [TreeLeaf]
    ) throws(DatabaseError) {
        for (child, value) in children {
            if case .null = value { continue }
            guard DataPath.isValidKey(child) else {
                throw DatabaseError(
                    status: .badRequest,
                    message: "Invalid data; invalid key \"\(child)\": keys hold none of . $ # [ ] / or control characters."
                )
            }
            guard depth < DataPath.maximumDepth else {
                throw DatabaseError(status: .badRequest, message: "Invalid data; data is nested more than \(DataPath.maximumDepth) levels deep.")
            }
            try collect(value, key: key + "/" + child, depth: depth + 1, into: &leaves)
        }
    }

    /// The value the leaves below `base` (rows of its subtree, any order) make; nil when they
    /// make none. `priorities` keeps `.priority` members (`format=export`).
    static func value(of leaves: [TreeLeaf], at base: DataPath, priorities: Bool) -> JSONValue? {
        // Storage keys compared and split as UTF-8: every separator is an ASCII `/`.
        let prefix = base.storageKey.utf8
        let root = Node()
        for leaf in leaves {
            guard leaf.path.utf8.starts(with: prefix) else { continue }
            var node = root
            for key in leaf.path.utf8.dropFirst(prefix.count).split(separator: UInt8(ascii: "/")) {
                node = node.child(String(Substring(key)))
            }
            node.scalar = leaf.value
        }
        return root.value(priorities: priorities)
    }

    /// A node while leaves are assembled.
    private final class Node {
        var scalar: String?
        var children: [String: Node] = [:]

        func child(_ key: String) -> Node {
            if let node = children[key] { return node }
            let node = Node()
            children[key] = node
            return node
        }

        func value(priorities: Bool) -> JSONValue? {
            let priority = children[TreeLeaf.priorityKey]?.scalar.map(TreeJSON.scalar(stored:))
            var members: [String: JSONValue] = [:]
            for (key, node) in children where key != TreeLeaf.priorityKey {
                if let value = node.value(priorities: priorities) { members[key] = value }
            }
            // A leaf and children at once is a leaf under a later write's ancestor, which every
            // write deletes; the children win, as they would have.
            let plain: JSONValue
            if !members.isEmpty {
                plain = priorities && priority != nil ? .object(members) : Self.arrayOrObject(members)
            } else if let scalar {
                plain = TreeJSON.scalar(stored: scalar)
            } else {
                return nil
            }
            guard priorities, let priority else { return plain }
            if case .object(var members) = plain {
                members[TreeLeaf.priorityKey] = priority
                return .object(members)
            }
            return .object([TreeLeaf.valueKey: plain, TreeLeaf.priorityKey: priority])
        }

        /// An object whose keys are all array indexes, more than half of them up to the largest
        /// present, reads back as an array (the gaps null), as the protocol reads it.
        private static func arrayOrObject(_ members: [String: JSONValue]) -> JSONValue {
            var largest = -1
            for key in members.keys {
                guard let index = Int(key), index >= 0, String(index) == key, index < 1 << 24 else { return .object(members) }
                largest = max(largest, index)
            }
            guard members.count * 2 > largest + 1 else { return .object(members) }
            var items = [JSONValue](repeating: .null, count: largest + 1)
            for (key, value) in members { if let index = Int(key) { items[index] = value } }
            return .array(items)
        }
    }
}

extension DataPath {
    /// The path as the tree's rows key it: `/a/b` for `a`→`b`, the empty string for the root (so
    /// the subtree of any path `P` is `P` itself and the keys between `P/` and `P0`).
    var storageKey: String { keys.map { "/" + $0 }.joined() }
}
