import LatchkeyWire

/// Reads the current tree for rule expressions (`data`, `root`, `newData` before the write is
/// applied): the value at an absolute path, inside the reading or writing transaction.
protocol TreeReader: Sendable {
    /// The value at `path`, nil when nothing is stored there.
    func value(at path: DataPath) async throws -> JSONValue?
}

/// One location a write replaces (server values already resolved); nil deletes it.
struct DataWrite: Sendable, Equatable {
    /// The absolute path written.
    var path: DataPath
    /// The new value; nil (or JSON null) deletes.
    var value: JSONValue?
}

/// What rule expressions see besides the data.
struct RuleContext: Sendable {
    /// The `auth` variable: `.null` without a credential, else an object with `uid`, `provider`
    /// and `token` (the access token's claims).
    var auth: JSONValue
    /// `now`: milliseconds since the Unix epoch.
    var now: Int64
    /// The tree as it is before the write.
    var data: any TreeReader
}

/// An app's security rules for its data tree, compiled: the protocol's rule language (`.read`,
/// `.write`, `.validate`, `.indexOn` per path with `$variables`).
struct DatabaseRules: Sendable {
    /// Why an uploaded rules document was refused, with where.
    struct SyntaxError: Error, Equatable, Sendable {
        /// What is wrong.
        var problem: RuleProblem
        /// 1-based line of the problem in the uploaded text.
        var line: Int
        /// 1-based column.
        var column: Int

        /// What is wrong, in English: the protocol's answer.
        var message: String { problem.text(in: .english) }

        /// `Line 7, column 31: Unknown variable 'auht'.` in `language`, for the console.
        func description(in language: Language) -> String {
            RuleProblem("at", String(line), String(column), problem.text(in: language)).text(in: language)
        }
    }

    /// The document as uploaded; `GET /.settings/rules.json` answers it.
    let source: String
    /// The compiled `rules` object.
    private let root: RuleNode

    /// The rules of an app that set none: `/users/$uid` readable and writable by its user.
    static let defaults = try! DatabaseRules(
        source: """
            {
              "rules": {
                "users": {
                  "$uid": {
                    ".read": "auth != null && auth.uid == $uid",
                    ".write": "auth != null && auth.uid == $uid"
                  }
                }
              }
            }
            """
    )

    /// Parses and checks `source`: a JSON object (comments allowed) whose only member is `rules`.
    init(source: String) throws(SyntaxError) {
        let document = RulesSource(source)
        let node = try document.parse()
        guard case .object(let members) = node.kind else { throw document.error(RuleProblem("document_not_object"), at: node.offset) }
        if let other = members.first(where: { $0.key != "rules" }) {
            throw document.error(RuleProblem("document_extra_key", other.key), at: other.offset)
        }
        guard let rules = members.first else { throw document.error(RuleProblem("document_no_rules"), at: node.offset) }
        self.source = source
        root = try RuleNode(rules.value, in: document, variables: [])
    }

    /// Whether `context.auth` may read the value at `path` (a grant at the path or any ancestor).
    func allowsRead(at path: DataPath, context: RuleContext) async throws -> Bool {
        var untraced: RuleTrace?
        return try await allowsRead(at: path, context: context, trace: &untraced)
    }

    /// ``allowsRead(at:context:)``, recording in `trace` (when not nil) each rule it evaluates.
    func allowsRead(at path: DataPath, context: RuleContext, trace: inout RuleTrace?) async throws -> Bool {
        let before = TreeView(reader: context.data, writes: [])
        return try await granted(.read, at: path, context: context, before: before, after: nil, trace: &trace)
    }

    /// Whether the answer of ``allowsRead(at:context:)`` at `path` may change while the rules and
    /// the caller stay the same: a `.read` at the path or an ancestor reads the tree or the time.
    func readVaries(at path: DataPath) -> Bool {
        var node = root
        for depth in 0...path.keys.count {
            if node.read?.varies == true { return true }
            guard depth < path.keys.count, let next = node.level(for: path.keys[depth]) else { return false }
            node = next.node
        }
        return false
    }

    /// Whether every write of `writes` is permitted (`.write` at or above each location) and the
    /// data they produce passes every `.validate` that applies; nil when it does, else the path
    /// that refused.
    func refusal(of writes: [DataWrite], context: RuleContext) async throws -> DataPath? {
        var untraced: RuleTrace?
        return try await refusal(of: writes, context: context, trace: &untraced)
    }

    /// ``refusal(of:context:)``, recording in `trace` (when not nil) each rule it evaluates.
    func refusal(of writes: [DataWrite], context: RuleContext, trace: inout RuleTrace?) async throws -> DataPath? {
        let before = TreeView(reader: context.data, writes: [])
        let after = TreeView(reader: context.data, writes: writes)
        for write in writes
        where !(try await granted(.write, at: write.path, context: context, before: before, after: after, trace: &trace)) {
            return write.path
        }
        guard root.validates else { return nil }
        var validation = Validation(context: context, before: before, after: after)
        for write in writes {
            if let refused = try await validation.refusal(of: write, from: root) {
                trace?.steps.append(
                    RuleTrace.Step(
                        kind: .validate,
                        location: location(of: refused, depth: refused.keys.count),
                        rule: node(at: refused)?.texts[.validate] ?? "",
                        held: false
                    )
                )
                return refused
            }
        }
        return nil
    }

    /// The children `.indexOn` declares at `path` (`$key`/`$value` orderings need none).
    func indexes(at path: DataPath) -> [String] {
        node(at: path)?.indexOn ?? []
    }

    /// Whether the rule `kind` holds at `path` or one of its ancestors, shallowest first; each
    /// rule evaluated is added to `trace` when it is not nil.
    func granted(
        _ kind: RuleKind,
        at path: DataPath,
        context: RuleContext,
        before: TreeView,
        after: TreeView?,
        trace: inout RuleTrace?
    ) async throws -> Bool {
        var node = root
        var bindings: [String] = []
        for depth in 0...path.keys.count {
            if let rule = node.rule(kind) {
                let evaluator = RuleEvaluator(
                    auth: context.auth,
                    now: context.now,
                    before: before,
                    after: after,
                    bindings: bindings,
                    path: path,
                    depth: depth
                )
                let held = try await evaluator.holds(rule)
                trace?.steps.append(RuleTrace.Step(kind: kind, location: location(of: path, depth: depth), rule: node.texts[kind] ?? "", held: held))
                if held { return true }
            }
            guard depth < path.keys.count, let next = node.level(for: path.keys[depth]) else { return false }
            if next.binds { bindings.append(path.keys[depth]) }
            node = next.node
        }
        return false
    }

    /// The rules node that applies at `path`, nil when the rules go no deeper.
    func node(at path: DataPath) -> RuleNode? {
        var node = root
        for key in path.keys {
            guard let next = node.level(for: key) else { return nil }
            node = next.node
        }
        return node
    }

    /// Where the rules at the first `depth` keys of `path` are written: each key matched by a
    /// `$variable` shown as that variable (`/users/$uid`).
    func location(of path: DataPath, depth: Int) -> String {
        var node = root
        var keys: [String] = []
        for key in path.keys.prefix(depth) {
            guard let next = node.level(for: key) else { break }
            keys.append(next.binds ? node.wildcardName ?? key : key)
            node = next.node
        }
        return "/" + keys.joined(separator: "/")
    }

    /// The `.validate` rules of one write set: at the ancestors of each write location and at every
    /// node of the new data at and below it, each location once.
    private struct Validation {
        let context: RuleContext
        let before: TreeView
        let after: TreeView
        var checked: Set<DataPath> = []

        init(context: RuleContext, before: TreeView, after: TreeView) {
            self.context = context
            self.before = before
            self.after = after
        }

        mutating func refusal(of write: DataWrite, from root: RuleNode) async throws -> DataPath? {
            var node = root
            var bindings: [String] = []
            for depth in 0..<write.path.keys.count {
                if node.validate != nil {
                    let ancestor = DataPath(validated: Array(write.path.keys.prefix(depth)))
                    if let refused = try await check(node, at: ancestor, bindings: bindings, value: try await after.value(at: ancestor)) {
                        return refused
                    }
                }
                guard let next = node.level(for: write.path.keys[depth]), next.node.validates else { return nil }
                if next.binds { bindings.append(write.path.keys[depth]) }
                node = next.node
            }
            return try await below(node, at: write.path, bindings: bindings, value: try await after.value(at: write.path))
        }

        /// Validates `node` at `path` holding `value` and the levels below it.
        private mutating func below(_ node: RuleNode, at path: DataPath, bindings: [String], value: JSONValue?) async throws -> DataPath? {
            guard let value else { return nil }
            if let refused = try await check(node, at: path, bindings: bindings, value: value) { return refused }
            let children: [(String, JSONValue)]
            switch value {
            case .object(let members): children = members.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
            case .array(let elements): children = elements.enumerated().map { (String($0.offset), $0.element) }
            default: return nil
            }
            for (key, child) in children {
                guard let next = node.level(for: key), next.node.validates else { continue }
                let refused = try await below(
                    next.node,
                    at: path.child(key),
                    bindings: next.binds ? bindings + [key] : bindings,
                    value: TreeView.present(child)
                )
                if let refused { return refused }
            }
            return nil
        }

        private mutating func check(_ node: RuleNode, at path: DataPath, bindings: [String], value: JSONValue?) async throws -> DataPath? {
            guard let rule = node.validate, value != nil, checked.insert(path).inserted else { return nil }
            let evaluator = RuleEvaluator(
                auth: context.auth,
                now: context.now,
                before: before,
                after: after,
                bindings: bindings,
                path: path,
                depth: path.keys.count,
                newData: .some(value)
            )
            return try await evaluator.holds(rule) ? nil : path
        }
    }
}
