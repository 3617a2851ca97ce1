/// A location in an app's data tree: the keys from the root, each checked against the
/// protocol's rules for keys (non-empty, at most 768 UTF-8 bytes, none of `. $ # [ ] /` or
/// ASCII control characters). An invalid path is kept with its problem rather than trapping, so
/// `child("a.b")` reads like Firebase's and the first call made on it throws
/// ``LatchkeyError/invalidDatabasePath``.
struct DatabasePath: Sendable, Hashable, CustomStringConvertible {
    /// The keys from the root; empty for the root.
    let keys: [String]
    /// Why the path cannot be used; nil when it is valid.
    let problem: String?

    /// The root.
    static let root = DatabasePath(keys: [], problem: nil)

    /// The path `string` names: keys separated by `/`, leading, trailing and doubled slashes ignored.
    init(_ string: String) {
        self.init(keys: string.split(separator: "/", omittingEmptySubsequences: true).map(String.init), problem: nil)
    }

    private init(keys: [String], problem: String?) {
        self.keys = keys
        self.problem = problem ?? keys.lazy.compactMap(Self.problem(ofKey:)).first
    }

    /// The path of `relative` (one key or several separated by `/`) under this one.
    func child(_ relative: String) -> DatabasePath {
        DatabasePath(keys: keys + DatabasePath(relative).keys, problem: problem ?? (relative.isEmpty ? "a child path cannot be empty" : nil))
    }

    /// The parent path; nil for the root.
    var parent: DatabasePath? {
        keys.isEmpty ? nil : DatabasePath(keys: Array(keys.dropLast()), problem: nil)
    }

    /// The last key; nil for the root.
    var key: String? { keys.last }

    /// `/a/b`, or `/` for the root.
    var description: String { "/" + keys.joined(separator: "/") }

    /// The path a request names, `a/b.json` (`.json` for the root), with the keys unescaped:
    /// the transport percent-encodes what a URL path cannot hold.
    func requestPath() throws -> String {
        if let problem { throw LatchkeyError(.invalidDatabasePath, message: problem) }
        return keys.joined(separator: "/") + ".json"
    }

    /// Why `key` cannot name a child, or nil.
    static func problem(ofKey key: String) -> String? {
        if key.isEmpty { return "a key cannot be empty" }
        if key.utf8.count > 768 { return "a key is at most 768 bytes" }
        if let bad = key.unicodeScalars.first(where: { forbidden.contains($0) || $0.value < 0x20 || $0.value == 0x7F }) {
            return "\"\(key)\" holds \(bad.value < 0x20 || bad.value == 0x7F ? "a control character" : "\"\(bad)\""), which a key cannot"
        }
        return nil
    }

    private static let forbidden: Set<Unicode.Scalar> = [".", "$", "#", "[", "]", "/"]
}
