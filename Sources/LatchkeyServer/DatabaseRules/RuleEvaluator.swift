import Foundation
import LatchkeyWire

/// A value while a rule is evaluated.
enum RuleValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    /// An object or array (members of `auth`, what `val()` reads of a parent node).
    case json(JSONValue)
    case snapshot(RuleSnapshot)

    init(_ json: JSONValue?) {
        switch json {
        case nil, .null?: self = .null
        case .bool(let value)?: self = .bool(value)
        case .integer(let value)?: self = .number(Double(value))
        case .number(let value)?: self = .number(value)
        case .string(let value)?: self = .string(value)
        case let other?: self = .json(other)
        }
    }
}

/// `data`, `newData`, `root` and what their methods lead to: a location in the tree before or
/// after the write, with its value when it is already known (read lazily otherwise).
struct RuleSnapshot: Sendable, Equatable {
    var path: DataPath
    var tree: TreeView
    /// The value when the caller already had it (`.some(nil)`: nothing there).
    var known: JSONValue??

    /// Snapshots are never compared by rules (``RuleEvaluator`` refuses it); equal locations
    /// are enough for ``RuleValue``'s equality to exist.
    static func == (lhs: RuleSnapshot, rhs: RuleSnapshot) -> Bool { lhs.path == rhs.path }

    func value() async throws -> JSONValue? {
        if let known { return known }
        return try await tree.value(at: path)
    }

    func child(_ relative: DataPath) -> RuleSnapshot {
        RuleSnapshot(path: path.appending(relative), tree: tree, known: known.map { TreeView.descend($0, relative.keys[...]) })
    }
}

/// The tree a rule reads: the stored tree, with `writes` laid over it for `newData` (each
/// location read lazily, and not read at all when a write replaces it whole).
struct TreeView: Sendable {
    let reader: any TreeReader
    let writes: [DataWrite]

    func value(at path: DataPath) async throws -> JSONValue? {
        var value: JSONValue?
        var later = writes[...]
        if let covering = writes.lastIndex(where: { path.isDescendant(ofOrEqualTo: $0.path) }) {
            value = Self.descend(writes[covering].value, path.relative(to: writes[covering].path).keys[...])
            later = writes[(covering + 1)...]
        } else {
            value = Self.present(try await reader.value(at: path))
        }
        for write in later where write.path.keys.count > path.keys.count && write.path.isDescendant(ofOrEqualTo: path) {
            value = Self.replacing(value, at: write.path.keys[path.keys.count...], with: write.value)
        }
        return value
    }

    /// The value below `value` at `keys`; nil when nothing is there.
    static func descend(_ value: JSONValue?, _ keys: ArraySlice<String>) -> JSONValue? {
        var current = present(value)
        for key in keys {
            switch current {
            case .object(let members)?: current = present(members[key])
            case .array(let elements)?: current = Int(key).flatMap { elements.indices.contains($0) ? present(elements[$0]) : nil }
            default: return nil
            }
        }
        return current
    }

    /// `value` with the location `keys` below it replaced by `replacement` (nil deletes; parents
    /// left empty vanish, as the tree keeps no empty objects).
    static func replacing(_ value: JSONValue?, at keys: ArraySlice<String>, with replacement: JSONValue?) -> JSONValue? {
        guard let key = keys.first else { return present(replacement) }
        var members: [String: JSONValue] = [:]
        switch present(value) {
        case .object(let existing)?: members = existing
        case .array(let elements)?:
            for (index, element) in elements.enumerated() where element != .null { members[String(index)] = element }
        default: break
        }
        members[key] = replacing(members[key], at: keys.dropFirst(), with: replacement)
        return members.isEmpty ? nil : .object(members)
    }

    /// nil for what the tree does not hold: JSON null and empty objects or arrays.
    static func present(_ value: JSONValue?) -> JSONValue? {
        switch value {
        case nil, .null?: nil
        case .object(let members)? where members.isEmpty: nil
        case .array(let elements)? where elements.isEmpty: nil
        default: value
        }
    }
}

/// A rule that failed while evaluating (`null.length`, a string compared with a number): the
/// rule is false, as the protocol has it.
struct RuleFailure: Error {}

/// Evaluates one compiled rule at one location.
struct RuleEvaluator {
    var auth: JSONValue
    var now: Int64
    var before: TreeView
    /// The tree after the writes (`newData`); nil for reads.
    var after: TreeView?
    /// The `$variables`' keys, outermost first.
    var bindings: [String]
    /// The rule's location is the first `depth` keys of `path` (made into a path only when a
    /// rule reads `data` or `newData`).
    var path: DataPath
    var depth: Int
    /// `newData`'s value when the caller has it.
    var newData: JSONValue?? = nil

    private var location: DataPath {
        depth == path.keys.count ? path : DataPath(validated: Array(path.keys.prefix(depth)))
    }

    /// Whether `rule` holds; a failure while evaluating makes it false, a failure to read the tree throws.
    func holds(_ rule: RuleExpression) async throws -> Bool {
        do {
            return try await evaluate(rule) == .bool(true)
        } catch is RuleFailure {
            return false
        }
    }

    private func evaluate(_ expression: RuleExpression) async throws -> RuleValue {
        switch expression {
        case .constant(let value): return value
        case .auth: return RuleValue(auth)
        case .now: return .number(Double(now))
        case .root: return .snapshot(RuleSnapshot(path: .root, tree: before, known: nil))
        case .data: return .snapshot(RuleSnapshot(path: location, tree: before, known: nil))
        case .newData:
            guard let after else { throw RuleFailure() }
            return .snapshot(RuleSnapshot(path: location, tree: after, known: newData))
        case .binding(let index): return .string(bindings[index])
        case .property(let object, let name):
            switch try await evaluate(object) {
            case .string(let text) where name == "length": return .number(Double(text.utf16.count))
            case .json(.object(let members)): return RuleValue(members[name])
            default: throw RuleFailure()
            }
        case .method(let receiver, let method, let arguments):
            return try await call(method, on: try await evaluate(receiver), arguments)
        case .matches(let receiver, let regex):
            guard case .string(let text) = try await evaluate(receiver) else { throw RuleFailure() }
            return .bool(regex.matches(text))
        case .not(let operand): return .bool(!(try await boolean(operand)))
        case .negate(let operand): return .number(-(try await number(operand)))
        case .and(let left, let right):
            guard try await boolean(left) else { return .bool(false) }
            return .bool(try await boolean(right))
        case .or(let left, let right):
            if try await boolean(left) { return .bool(true) }
            return .bool(try await boolean(right))
        case .binary(let op, let left, let right):
            return try Self.apply(op, try await evaluate(left), try await evaluate(right))
        case .conditional(let condition, let yes, let no):
            return try await evaluate(try await boolean(condition) ? yes : no)
        case .list:
            throw RuleFailure()
        }
    }

    private func boolean(_ expression: RuleExpression) async throws -> Bool {
        guard case .bool(let value) = try await evaluate(expression) else { throw RuleFailure() }
        return value
    }

    private func number(_ expression: RuleExpression) async throws -> Double {
        guard case .number(let value) = try await evaluate(expression) else { throw RuleFailure() }
        return value
    }

    private func string(_ expression: RuleExpression) async throws -> String {
        guard case .string(let value) = try await evaluate(expression) else { throw RuleFailure() }
        return value
    }

    private func call(_ method: RuleMethod, on receiver: RuleValue, _ arguments: [RuleExpression]) async throws -> RuleValue {
        if case .snapshot(let snapshot) = receiver {
            return try await call(method, on: snapshot, arguments)
        }
        guard case .string(let text) = receiver else { throw RuleFailure() }
        switch method {
        case .contains: return .bool(text.contains(try await string(arguments[0])))
        case .beginsWith: return .bool(text.hasPrefix(try await string(arguments[0])))
        case .endsWith: return .bool(text.hasSuffix(try await string(arguments[0])))
        case .replace:
            let target = try await string(arguments[0])
            let replacement = try await string(arguments[1])
            return .string(target.isEmpty ? text : text.replacingOccurrences(of: target, with: replacement))
        case .toLowerCase: return .string(text.lowercased())
        case .toUpperCase: return .string(text.uppercased())
        default: throw RuleFailure()
        }
    }

    private func call(_ method: RuleMethod, on snapshot: RuleSnapshot, _ arguments: [RuleExpression]) async throws -> RuleValue {
        switch method {
        case .val: return RuleValue(try await snapshot.value())
        case .child: return .snapshot(snapshot.child(try await childPath(arguments[0])))
        case .parent:
            guard let parent = snapshot.path.parent else { throw RuleFailure() }
            return .snapshot(RuleSnapshot(path: parent, tree: snapshot.tree, known: nil))
        case .hasChild: return .bool(try await snapshot.child(try await childPath(arguments[0])).value() != nil)
        case .hasChildren:
            let value = try await snapshot.value()
            guard case .list(let names)? = arguments.first else {
                switch value {
                case .object?, .array?: return .bool(true)
                default: return .bool(false)
                }
            }
            for name in names {
                let path = try await childPath(name)
                if TreeView.descend(value, path.keys[...]) == nil { return .bool(false) }
            }
            return .bool(true)
        case .exists: return .bool(try await snapshot.value() != nil)
        case .getPriority: return .null
        case .isNumber:
            switch try await snapshot.value() {
            case .integer?, .number?: return .bool(true)
            default: return .bool(false)
            }
        case .isString:
            guard case .string? = try await snapshot.value() else { return .bool(false) }
            return .bool(true)
        case .isBoolean:
            guard case .bool? = try await snapshot.value() else { return .bool(false) }
            return .bool(true)
        default: throw RuleFailure()
        }
    }

    private func childPath(_ expression: RuleExpression) async throws -> DataPath {
        guard let path = try? DataPath(try await string(expression)) else { throw RuleFailure() }
        return path
    }

    private static func apply(_ op: RuleOperator, _ left: RuleValue, _ right: RuleValue) throws -> RuleValue {
        switch (op, left, right) {
        case (.equal, _, _): return .bool(try equal(left, right))
        case (.notEqual, _, _): return .bool(!(try equal(left, right)))
        case (.less, .number(let a), .number(let b)): return .bool(a < b)
        case (.less, .string(let a), .string(let b)): return .bool(a < b)
        case (.lessOrEqual, .number(let a), .number(let b)): return .bool(a <= b)
        case (.lessOrEqual, .string(let a), .string(let b)): return .bool(a <= b)
        case (.greater, .number(let a), .number(let b)): return .bool(a > b)
        case (.greater, .string(let a), .string(let b)): return .bool(a > b)
        case (.greaterOrEqual, .number(let a), .number(let b)): return .bool(a >= b)
        case (.greaterOrEqual, .string(let a), .string(let b)): return .bool(a >= b)
        case (.add, .number(let a), .number(let b)): return .number(a + b)
        case (.add, .string(let a), .string(let b)): return .string(a + b)
        case (.add, .string(let a), .number(let b)): return .string(a + format(b))
        case (.add, .number(let a), .string(let b)): return .string(format(a) + b)
        case (.subtract, .number(let a), .number(let b)): return .number(a - b)
        case (.multiply, .number(let a), .number(let b)): return .number(a * b)
        case (.divide, .number(let a), .number(let b)): return .number(a / b)
        case (.remainder, .number(let a), .number(let b)): return .number(a.truncatingRemainder(dividingBy: b))
        default: throw RuleFailure()
        }
    }

    /// Strict equality: values of different types are unequal; snapshots are not compared.
    private static func equal(_ left: RuleValue, _ right: RuleValue) throws -> Bool {
        if case .snapshot = left { throw RuleFailure() }
        if case .snapshot = right { throw RuleFailure() }
        return left == right
    }

    /// A number as JavaScript prints it in `'a' + 1`.
    private static func format(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return String(number)
    }
}
