import LatchkeyWire

/// What an observer of a location is told about.
public enum DataEventType: Sendable, Hashable {
    /// The whole value (also when nothing is stored): once when the data is first known, then
    /// after every change.
    case value
    /// A child appeared (each existing child first, in order), with the key of the child before it.
    case childAdded
    /// A child's value changed, with the key of the child before it.
    case childChanged
    /// A child went away (or left the query's window); the snapshot holds its last value.
    case childRemoved
    /// A child's new value moved it among its siblings in the query's order, with the key of
    /// the child now before it.
    case childMoved
}

/// One event delivered to an observer or an event stream.
public struct DataEvent: Sendable {
    /// What happened.
    public let type: DataEventType
    /// The data: the location's for `.value`, the child's for child events.
    public let snapshot: DataSnapshot
    /// For `.childAdded`, `.childChanged` and `.childMoved`: the key of the child before this
    /// one in the query's order, nil when it is first. Always nil for `.value` and `.childRemoved`.
    public let previousSiblingKey: String?
}

/// The child events that take a location's children from `old` to `new` (each in query order),
/// derived on the client from the stream's `put` and `patch` events over its local copy: removed
/// children first, then added, moved and changed ones, each in order — as Firebase's clients
/// raise them. A child moved when its value changed its place among the children both sides hold.
struct ChildChanges {
    struct Change: Equatable {
        var type: DataEventType
        var key: String
        var value: JSONValue
        var previousKey: String?
    }

    static func between(
        _ old: [(key: String, value: JSONValue)],
        _ new: [(key: String, value: JSONValue)],
        ordering: QueryParameters.Ordering
    ) -> [Change] {
        let oldValues = Dictionary(old.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        let newValues = Dictionary(new.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        let oldRanks = rankOfShared(old, in: newValues)
        let newRanks = rankOfShared(new, in: oldValues)
        var removed: [Change] = []
        var added: [Change] = []
        var moved: [Change] = []
        var changed: [Change] = []
        for child in old where newValues[child.key] == nil {
            removed.append(Change(type: .childRemoved, key: child.key, value: child.value))
        }
        for (index, child) in new.enumerated() {
            let previousKey = index > 0 ? new[index - 1].key : nil
            guard let oldValue = oldValues[child.key] else {
                added.append(Change(type: .childAdded, key: child.key, value: child.value, previousKey: previousKey))
                continue
            }
            guard oldValue != child.value else { continue }
            let sortValueChanged =
                ordering.sortValue(key: child.key, value: oldValue) != ordering.sortValue(key: child.key, value: child.value)
            if sortValueChanged && oldRanks[child.key] != newRanks[child.key] {
                moved.append(Change(type: .childMoved, key: child.key, value: child.value, previousKey: previousKey))
            }
            changed.append(Change(type: .childChanged, key: child.key, value: child.value, previousKey: previousKey))
        }
        return removed + added + moved + changed
    }

    /// The place of each child of `children` that `other` also holds, counting only those.
    private static func rankOfShared(_ children: [(key: String, value: JSONValue)], in other: [String: JSONValue]) -> [String: Int] {
        var ranks: [String: Int] = [:]
        for child in children where other[child.key] != nil { ranks[child.key] = ranks.count }
        return ranks
    }
}
