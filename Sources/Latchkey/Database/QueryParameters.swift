import Foundation
import LatchkeyWire

/// What a query asks of the children of its location — an ordering, a range over it and a limit
/// — sent as the protocol's parameters (`orderBy`, `startAt`, `endAt`, `equalTo`, `limitToFirst`,
/// `limitToLast`, each a JSON value) and applied again on the client, so a snapshot's children
/// and a watched location's child events come in the query's order whatever JSON object order
/// the server wrote.
struct QueryParameters: Sendable, Hashable {
    /// How children are ordered.
    enum Ordering: Sendable, Hashable {
        /// By key: keys that are 32-bit integers first, numerically, then the rest as strings.
        case key
        /// By value: null, false, true, numbers, strings, then objects; ties by key.
        case value
        /// By the value of the child at this relative path (missing is null); ties by key.
        case child(String)
    }

    /// Which end a limit keeps.
    enum Limit: Sendable, Hashable {
        case first(Int)
        case last(Int)
    }

    var ordering: Ordering?
    /// `startAt`; nil when not set (JSON null is `.null`).
    var start: JSONValue?
    /// `endAt`.
    var end: JSONValue?
    /// `equalTo`: both bounds at once.
    var equal: JSONValue?
    var limit: Limit?

    /// Whether the query selects the whole location (no parameters).
    var isDefault: Bool { self == QueryParameters() }

    /// The ordering used: the one asked for, else by key.
    var effectiveOrdering: Ordering { ordering ?? .key }

    /// The protocol's query parameters. A range or limit without an ordering is sent ordered by
    /// key, which the protocol requires and which is the order children are in anyway.
    func requestParameters() -> [String: String] {
        guard !isDefault else { return [:] }
        var parameters = ["orderBy": Self.json(.string(effectiveOrdering.parameter))]
        parameters["startAt"] = start.map(Self.json)
        parameters["endAt"] = end.map(Self.json)
        parameters["equalTo"] = equal.map(Self.json)
        switch limit {
        case .first(let count): parameters["limitToFirst"] = String(count)
        case .last(let count): parameters["limitToLast"] = String(count)
        case nil: break
        }
        return parameters
    }

    /// The children of `value` the query selects, in its order: filtered by the range, then
    /// limited. A value without children has none.
    func children(of value: JSONValue?) -> [(key: String, value: JSONValue)] {
        let ordering = effectiveOrdering
        let lower = equal ?? start
        let upper = equal ?? end
        var selected = Self.children(of: value).filter { child in
            let sortValue = ordering.sortValue(key: child.key, value: child.value)
            if let lower, ordering.compareBound(sortValue, lower) < 0 { return false }
            if let upper, ordering.compareBound(sortValue, upper) > 0 { return false }
            return true
        }
        selected.sort { ordering.compare($0, $1) < 0 }
        switch limit {
        case .first(let count): return Array(selected.prefix(max(0, count)))
        case .last(let count): return Array(selected.suffix(max(0, count)))
        case nil: return selected
        }
    }

    /// `value` narrowed to the children the query selects (the whole value for the default
    /// query); nil when nothing is left.
    func view(of value: JSONValue?) -> JSONValue? {
        guard !isDefault else { return value }
        let selected = children(of: value)
        guard !selected.isEmpty else { return nil }
        return .object(Dictionary(selected.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first }))
    }

    /// The children of an object (an array's are keyed by index), in no order.
    static func children(of value: JSONValue?) -> [(key: String, value: JSONValue)] {
        switch value {
        case .object(let members): return members.filter { $0.value != .null }.map { ($0.key, $0.value) }
        case .array(let items): return items.enumerated().filter { $0.element != .null }.map { (String($0.offset), $0.element) }
        default: return []
        }
    }

    /// `value` as compact JSON.
    static func json(_ value: JSONValue) -> String {
        let data = (try? WireCoding.makeEncoder().encode(value)) ?? Data("null".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

extension QueryParameters.Ordering {
    /// The `orderBy` value, before JSON quoting.
    var parameter: String {
        switch self {
        case .key: "$key"
        case .value: "$value"
        case .child(let path): path
        }
    }

    /// What a child is ordered by: its key as a string for `.key`, else its value or its child's.
    func sortValue(key: String, value: JSONValue) -> JSONValue {
        switch self {
        case .key: return .string(key)
        case .value: return value
        case .child(let path):
            var current: JSONValue? = value
            for name in DatabasePath(path).keys { current = current?.child(name) }
            return current ?? .null
        }
    }

    /// Orders two children: by sort value, ties by key.
    func compare(_ a: (key: String, value: JSONValue), _ b: (key: String, value: JSONValue)) -> Int {
        if case .key = self { return Self.compareKeys(a.key, b.key) }
        let byValue = Self.compareValues(sortValue(key: a.key, value: a.value), sortValue(key: b.key, value: b.value))
        return byValue != 0 ? byValue : Self.compareKeys(a.key, b.key)
    }

    /// Compares a child's sort value with a range bound.
    func compareBound(_ sortValue: JSONValue, _ bound: JSONValue) -> Int {
        if case .key = self, case .string(let key) = sortValue {
            guard case .string(let boundKey) = bound else { return 0 }
            return Self.compareKeys(key, boundKey)
        }
        return Self.compareValues(sortValue, bound)
    }

    /// The protocol's key order: 32-bit integer keys first, numerically (shorter first when
    /// equal, as `1` and `01`), then the other keys by their UTF-8 bytes.
    static func compareKeys(_ a: String, _ b: String) -> Int {
        switch (integerKey(a), integerKey(b)) {
        case (let x?, let y?): return x != y ? (x < y ? -1 : 1) : a.utf8.count - b.utf8.count
        case (.some, nil): return -1
        case (nil, .some): return 1
        case (nil, nil): return compareBytes(a, b)
        }
    }

    /// The protocol's value order: null, false, true, numbers, strings, then objects (equal to
    /// each other).
    static func compareValues(_ a: JSONValue, _ b: JSONValue) -> Int {
        let (rankA, rankB) = (rank(a), rank(b))
        guard rankA == rankB else { return rankA < rankB ? -1 : 1 }
        switch (a, b) {
        case (.integer(let x), .integer(let y)): return x == y ? 0 : (x < y ? -1 : 1)
        case (.string(let x), .string(let y)): return compareBytes(x, y)
        default:
            guard let x = number(a), let y = number(b) else { return 0 }
            return x == y ? 0 : (x < y ? -1 : 1)
        }
    }

    private static func rank(_ value: JSONValue) -> Int {
        switch value {
        case .null: 0
        case .bool(false): 1
        case .bool(true): 2
        case .integer, .number: 3
        case .string: 4
        case .array, .object: 5
        }
    }

    private static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .integer(let integer): Double(integer)
        case .number(let number): number
        default: nil
        }
    }

    private static func integerKey(_ key: String) -> Int32? {
        guard let first = key.utf8.first, first != UInt8(ascii: "+"), key.utf8.count <= 11 else { return nil }
        return Int32(key)
    }

    private static func compareBytes(_ a: String, _ b: String) -> Int {
        a.utf8.lexicographicallyPrecedes(b.utf8) ? -1 : (a.utf8.elementsEqual(b.utf8) ? 0 : 1)
    }
}
