import HTTPTypes
import LatchkeyWire

/// A write to the tree as the protocol's methods make it: `PUT` (and `POST`, `DELETE`) replace one
/// location, `PATCH` replaces several children of one.
enum TreeWrite: Sendable {
    /// Replace the value at the path; nil deletes it.
    case put(DataPath, JSONValue?)
    /// Replace each child (a path relative to the location) with its value; null deletes it.
    case patch(DataPath, [(child: DataPath, value: JSONValue)])

    /// The location written.
    var path: DataPath {
        switch self {
        case .put(let path, _), .patch(let path, _): path
        }
    }

    /// The multi-path update a `PATCH` body makes at `path`: an object whose members are child
    /// paths (`"a/b"`), none of which may be another's ancestor.
    static func patch(_ body: JSONValue, at path: DataPath) throws(DatabaseError) -> TreeWrite {
        guard case .object(let members) = body else {
            throw DatabaseError(status: .badRequest, message: "Invalid data; a PATCH body must be an object of child paths.")
        }
        guard members.count <= DatabaseFeature.maximumPatchMembers else { throw DatabaseFeature.tooManyMembers }
        var children: [(child: DataPath, value: JSONValue)] = []
        for (key, value) in members {
            guard let child = try? DataPath(key), !child.isRoot, path.keys.count + child.keys.count <= DataPath.maximumDepth else {
                throw DatabaseError(status: .badRequest, message: "Invalid data; invalid path \"\(key)\" in the update.")
            }
            children.append((child, value))
        }
        children.sort { $0.child < $1.child }
        // Sorted, an ancestor comes right before the first of its descendants.
        for (earlier, later) in zip(children, children.dropFirst()) where later.child.isDescendant(ofOrEqualTo: earlier.child) {
            throw DatabaseError(
                status: .badRequest,
                message: "Invalid data; the update's path \(earlier.child) is an ancestor of its path \(later.child)."
            )
        }
        return .patch(path, children)
    }
}
