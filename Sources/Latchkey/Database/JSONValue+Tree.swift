import LatchkeyWire

/// The tree operations a watched location's local copy needs: the protocol's JSON has no empty
/// objects and no nulls inside (writing null deletes, and a parent left empty goes too), and an
/// array is an object keyed by index once a child of it is written.
extension JSONValue {
    /// The child under `key`; nil when there is none.
    func child(_ key: String) -> JSONValue? {
        switch self {
        case .object(let members): return members[key].flatMap { $0 == .null ? nil : $0 }
        case .array(let items):
            guard let index = Int(key), items.indices.contains(index), String(index) == key else { return nil }
            return items[index] == .null ? nil : items[index]
        default: return nil
        }
    }

    /// The value at `keys` below `value`; nil when there is none.
    static func value(_ value: JSONValue?, at keys: some Collection<String>) -> JSONValue? {
        keys.reduce(value) { current, key in current?.child(key) }.flatMap { $0 == .null ? nil : $0 }
    }

    /// `value` with `newValue` written at `keys` (nil or null deletes), pruned: nil when nothing is left.
    static func setting(_ newValue: JSONValue?, at keys: ArraySlice<String>, in value: JSONValue?) -> JSONValue? {
        guard let key = keys.first else { return pruned(newValue) }
        var members: [String: JSONValue]
        switch value {
        case .object(let existing): members = existing
        case .array(let items): members = Dictionary(uniqueKeysWithValues: items.enumerated().map { (String($0.offset), $0.element) })
        default: members = [:]
        }
        members[key] = setting(newValue, at: keys.dropFirst(), in: members[key])
        members = members.filter { $0.value != .null }
        return members.isEmpty ? nil : .object(members)
    }

    /// `value` without nulls and empty objects or arrays; nil when nothing is left.
    static func pruned(_ value: JSONValue?) -> JSONValue? {
        switch value {
        case nil, .null?: return nil
        case .object(let members):
            let kept = members.compactMapValues { pruned($0) }
            return kept.isEmpty ? nil : .object(kept)
        case .array(let items):
            guard items.contains(where: { pruned($0) != nil }) else { return nil }
            return .array(items.map { pruned($0) ?? .null })
        case let value?: return value
        }
    }
}
