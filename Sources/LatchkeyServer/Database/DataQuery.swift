import Foundation
import HTTPTypes
import LatchkeyWire

/// The protocol's query parameters (`orderBy`, `startAt`, `endAt`, `equalTo`, `limitToFirst`,
/// `limitToLast`) over the children of a location. Every value is JSON as the protocol's
/// clients send it (`orderBy="height"`, `startAt="b"`, `equalTo=3`); the answer is the selected
/// children as an object, which carries no order (clients sort it again, as firebase-admin does).
struct DataQuery: Sendable, Equatable {
    /// What the children are ordered by.
    enum Order: Sendable, Equatable {
        /// `"$key"`: the children's keys (32-bit integer keys first, numerically, then strings).
        case key
        /// `"$value"`: the children's own values.
        case value
        /// `"$priority"`: the tree stores no priorities, so every child ties and the key decides.
        case priority
        /// `"<child path>"`: the value at that path below each child.
        case child(DataPath)
    }

    /// How many children are kept, from which end of the order.
    enum Limit: Sendable, Equatable {
        case first(Int)
        case last(Int)
    }

    let order: Order
    /// The lowest ordering value kept (inclusive).
    let start: JSONValue?
    /// The highest ordering value kept (inclusive).
    let end: JSONValue?
    let limit: Limit?

    /// The query parameters this type reads; the presence of any of them makes a query.
    static let parameterNames: Set<String> = ["orderBy", "startAt", "endAt", "equalTo", "limitToFirst", "limitToLast"]

    /// The parsed query; nil when the request has none of the query parameters. Throws the
    /// protocol's error for a malformed or contradictory one.
    init?(parameters: [String: String]) throws(DatabaseError) {
        guard let orderText = parameters["orderBy"] else {
            if parameters.keys.contains(where: Self.parameterNames.contains) {
                throw Self.invalid("orderBy must be defined when other query parameters are defined")
            }
            return nil
        }
        guard case .string(let orderName)? = Self.json(orderText) else {
            throw Self.invalid("orderBy must be a valid JSON encoded path")
        }
        order = try Self.order(named: orderName)
        let equal = try Self.bound("equalTo", in: parameters, for: order)
        let start = try Self.bound("startAt", in: parameters, for: order)
        let end = try Self.bound("endAt", in: parameters, for: order)
        if equal != nil, start != nil || end != nil {
            throw Self.invalid("equalTo cannot be specified in addition to startAt or endAt")
        }
        self.start = equal ?? start
        self.end = equal ?? end
        let first = try Self.count("limitToFirst", in: parameters)
        let last = try Self.count("limitToLast", in: parameters)
        switch (first, last) {
        case (let first?, nil): limit = .first(first)
        case (nil, let last?): limit = .last(last)
        case (nil, nil): limit = nil
        case (.some, .some): throw Self.invalid("limitToFirst and limitToLast cannot both be specified")
        }
    }

    /// The child whose `.indexOn` at the queried location the query needs (nil for `$key`,
    /// `$value` and `$priority`, which need no declared index).
    var requiredIndex: String? {
        if case .child(let path) = order { path.keys.joined(separator: "/") } else { nil }
    }

    /// The children of `value` the query selects, as an object (`{}` when none is); nil when
    /// nothing is stored there. A leaf has no children, so it selects nothing.
    func apply(to value: JSONValue?) -> JSONValue? {
        guard let value else { return nil }
        let children: [(key: String, value: JSONValue)]
        switch value {
        case .object(let members): children = members.map { ($0.key, $0.value) }
        case .array(let elements): children = elements.enumerated().map { (String($0.offset), $0.element) }
        default: return .object([:])
        }
        var entries = children.map { Entry(key: $0.key, sortValue: sortValue(of: $0.value)) }
            .filter(isInRange)
        entries.sort { Self.precedes($0, $1, byKey: order == .key) }
        switch limit {
        case .first(let count)?: entries = Array(entries.prefix(count))
        case .last(let count)?: entries = Array(entries.suffix(count))
        case nil: break
        }
        let kept = Set(entries.map(\.key))
        return .object(Dictionary(uniqueKeysWithValues: children.filter { kept.contains($0.key) }.map { ($0.key, $0.value) }))
    }

    // MARK: - Ordering

    /// A child as the order sees it: its key and the value it is ordered by (nil: null or absent).
    struct Entry {
        var key: String
        var sortValue: JSONValue?
    }

    private func sortValue(of child: JSONValue) -> JSONValue? {
        switch order {
        case .key, .priority: .none
        case .value: .some(child)
        case .child(let path): child.descendant(at: path)
        }
    }

    private func isInRange(_ entry: Entry) -> Bool {
        if order == .key {
            if case .string(let start)? = start, Self.compareKeys(entry.key, start) == .orderedAscending { return false }
            if case .string(let end)? = end, Self.compareKeys(entry.key, end) == .orderedDescending { return false }
            return true
        }
        if let start, Self.compareValues(entry.sortValue, start) == .orderedAscending { return false }
        if let end, Self.compareValues(entry.sortValue, end) == .orderedDescending { return false }
        return true
    }

    /// The protocol's order of two children: by their ordering value, ties by key.
    static func precedes(_ lhs: Entry, _ rhs: Entry, byKey: Bool) -> Bool {
        if !byKey {
            let byValue = compareValues(lhs.sortValue, rhs.sortValue)
            if byValue != .orderedSame { return byValue == .orderedAscending }
        }
        return compareKeys(lhs.key, rhs.key) == .orderedAscending
    }

    /// The protocol's order of keys: keys that are 32-bit integers first, numerically, then the
    /// others in lexicographic (code point) order.
    static func compareKeys(_ lhs: String, _ rhs: String) -> ComparisonResult {
        switch (integerKey(lhs), integerKey(rhs)) {
        case (let left?, let right?): compare(left, right)
        case (.some, nil): .orderedAscending
        case (nil, .some): .orderedDescending
        case (nil, nil): compare(Array(lhs.utf8), Array(rhs.utf8))
        }
    }

    /// The protocol's order of values: null (or absent) first, then false, true, numbers
    /// ascending, strings lexicographically, and objects, which tie with one another.
    static func compareValues(_ lhs: JSONValue?, _ rhs: JSONValue?) -> ComparisonResult {
        let (left, right) = (rank(of: lhs), rank(of: rhs))
        guard left == right else { return compare(left, right) }
        switch (lhs, rhs) {
        case (.bool(let a)?, .bool(let b)?): return compare(a ? 1 : 0, b ? 1 : 0)
        case (.integer(let a)?, .integer(let b)?): return compare(a, b)
        case (.string(let a)?, .string(let b)?): return compare(Array(a.utf8), Array(b.utf8))
        default:
            if let a = lhs.flatMap(number), let b = rhs.flatMap(number) { return compare(a, b) }
            return .orderedSame
        }
    }

    /// The class a value sorts in: null, false, true, numbers, strings, objects.
    private static func rank(of value: JSONValue?) -> Int {
        switch value {
        case nil, .null?: 0
        case .bool(false)?: 1
        case .bool(true)?: 2
        case .integer?, .number?: 3
        case .string?: 4
        case .array?, .object?: 5
        }
    }

    private static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .integer(let number): Double(number)
        case .number(let number): number
        default: nil
        }
    }

    /// The key as a 32-bit integer when it is one written the canonical way (`"7"`, `"-12"`, not
    /// `"07"` or `"-0"`).
    static func integerKey(_ key: String) -> Int32? {
        let digits = key.utf8.first == UInt8(ascii: "-") ? key.utf8.dropFirst() : key.utf8[...]
        guard let lead = digits.first, digits.count <= 10, digits.allSatisfy({ (0x30...0x39).contains($0) }),
            lead != UInt8(ascii: "0") || digits.count == 1, key != "-0"
        else { return nil }
        return Int32(key)
    }

    private static func compare<T: Comparable>(_ lhs: T, _ rhs: T) -> ComparisonResult {
        lhs < rhs ? .orderedAscending : lhs > rhs ? .orderedDescending : .orderedSame
    }

    private static func compare(_ lhs: [UInt8], _ rhs: [UInt8]) -> ComparisonResult {
        lhs == rhs ? .orderedSame : lhs.lexicographicallyPrecedes(rhs) ? .orderedAscending : .orderedDescending
    }

    // MARK: - Parsing

    private static func order(named name: String) throws(DatabaseError) -> Order {
        switch name {
        case "$key": return .key
        case "$value": return .value
        case "$priority": return .priority
        default:
            guard !name.hasPrefix("/"), let path = try? DataPath(name), !path.isRoot else {
                throw invalid("orderBy must be a valid JSON encoded path")
            }
            return .child(path)
        }
    }

    private static func bound(
        _ name: String,
        in parameters: [String: String],
        for order: Order
    ) throws(DatabaseError)
        -> JSONValue?
    {
        guard let text = parameters[name] else { return nil }
        guard let value = json(text) else { throw invalid("\(name) must be a valid JSON value") }
        switch value {
        case .array, .object: throw invalid("\(name) must be a JSON primitive (a string, number, boolean or null)")
        case .string: return value
        default:
            if order == .key { throw invalid("\(name) must be a string when orderBy is \"$key\"") }
            return value
        }
    }

    private static func count(_ name: String, in parameters: [String: String]) throws(DatabaseError) -> Int? {
        guard let text = parameters[name] else { return nil }
        guard let count = Int(text), count > 0 else { throw invalid("\(name) must be a positive integer") }
        return count
    }

    private static func json(_ text: String) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    private static func invalid(_ message: String) -> DatabaseError {
        DatabaseError(status: .badRequest, message: message)
    }
}
