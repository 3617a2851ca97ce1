/// A location in an app's JSON data tree: the keys from the root, as the Realtime Database REST
/// protocol writes them (`/users/alice/name`). Keys are non-empty, at most 768 bytes of UTF-8,
/// and hold none of `.` `$` `#` `[` `]` `/` or ASCII control characters; a path is at most 32
/// keys deep. Empty segments (`//`, a trailing `/`) are dropped, as the protocol does.
struct DataPath: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The keys from the root; empty for the root.
    let keys: [String]

    /// The root of the tree.
    static let root = DataPath(validated: [])
    /// The deepest path the tree stores.
    static let maximumDepth = 32
    /// The longest key, in UTF-8 bytes.
    static let maximumKeyBytes = 768

    /// Why a path or key was refused.
    struct Invalid: Error, Equatable {
        /// The text that was refused.
        let text: String
    }

    /// Parses `/a/b/c` (leading, trailing and doubled slashes ignored); throws for a key the
    /// protocol forbids or a path deeper than ``maximumDepth``.
    init(_ text: String) throws(Invalid) {
        let keys = text.split(separator: "/" as Character, omittingEmptySubsequences: true).map(String.init)
        guard keys.count <= Self.maximumDepth, keys.allSatisfy(Self.isValidKey) else { throw Invalid(text: text) }
        self.keys = keys
    }

    /// A path of keys already checked.
    init(validated keys: [String]) {
        self.keys = keys
    }

    /// Whether `key` may name a child.
    static func isValidKey(_ key: String) -> Bool {
        !key.isEmpty && key.utf8.count <= maximumKeyBytes
            && key.unicodeScalars.allSatisfy { scalar in
                !(scalar.value < 0x20 || scalar.value == 0x7F || ".$#[]/".unicodeScalars.contains(scalar))
            }
    }

    /// `/`-joined with a leading slash; `/` for the root.
    var description: String { "/" + keys.joined(separator: "/") }
    /// Whether this is the root.
    var isRoot: Bool { keys.isEmpty }
    /// The last key; nil for the root.
    var lastKey: String? { keys.last }
    /// The path one level up; nil for the root.
    var parent: DataPath? { keys.isEmpty ? nil : DataPath(validated: Array(keys.dropLast())) }

    /// The path of child `key` (already valid) below this one.
    func child(_ key: String) -> DataPath { DataPath(validated: keys + [key]) }

    /// The path `relative` (a parsed path) below this one.
    func appending(_ relative: DataPath) -> DataPath { DataPath(validated: keys + relative.keys) }

    /// Whether `self` is `other` or lies below it.
    func isDescendant(ofOrEqualTo other: DataPath) -> Bool {
        keys.count >= other.keys.count && Array(keys.prefix(other.keys.count)) == other.keys
    }

    /// This path relative to `ancestor` (which it must lie at or below).
    func relative(to ancestor: DataPath) -> DataPath { DataPath(validated: Array(keys.dropFirst(ancestor.keys.count))) }

    static func < (lhs: DataPath, rhs: DataPath) -> Bool { lhs.keys.lexicographicallyPrecedes(rhs.keys) }
}
