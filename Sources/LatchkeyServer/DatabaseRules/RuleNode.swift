/// One level of a compiled rules document: the rules at a location and the levels below it,
/// named keys first and one `$variable` for every other key.
final class RuleNode: Sendable {
    let read: RuleExpression?
    let write: RuleExpression?
    let validate: RuleExpression?
    /// `.indexOn`: the children queries may order by here.
    let indexOn: [String]
    let children: [String: RuleNode]
    /// The `$variable` level, which matches any key no named child has.
    let wildcard: RuleNode?
    /// The `$variable`'s name (`$uid`), for showing where a rule sits.
    let wildcardName: String?
    /// Each rule here as the document wrote it, for showing which rule decided.
    let texts: [RuleKind: String]
    /// Whether this level or one below has a `.validate`: writes walk only those.
    let validates: Bool

    /// The `.read`, `.write` or `.validate` here.
    func rule(_ kind: RuleKind) -> RuleExpression? {
        switch kind {
        case .read: read
        case .write: write
        case .validate: validate
        }
    }

    /// The level matching `key` and whether it bound a `$variable`; nil when the rules go no deeper.
    func level(for key: String) -> (node: RuleNode, binds: Bool)? {
        if let named = children[key] { return (named, false) }
        return wildcard.map { ($0, true) }
    }

    /// Compiles the object `node` of `source`, with `variables` in scope.
    init(_ node: RulesSource.Node, in source: RulesSource, variables: [String]) throws(DatabaseRules.SyntaxError) {
        guard case .object(let members) = node.kind else { throw source.error(RuleProblem("not_rules_object"), at: node.offset) }
        var rules: [RuleKind: RuleExpression] = [:]
        var texts: [RuleKind: String] = [:]
        var indexOn: [String] = []
        var children: [String: RuleNode] = [:]
        var wildcard: (name: String, offset: Int, node: RuleNode)?
        for member in members {
            if let kind = RuleKind(rawValue: member.key) {
                rules[kind] = try Self.rule(member.value, kind: kind, in: source, variables: variables)
                texts[kind] = Self.text(of: member.value)
            } else if member.key == ".indexOn" {
                indexOn = try Self.indexOn(member.value, in: source)
            } else if member.key.hasPrefix("$") {
                guard Self.isVariableName(member.key) else {
                    throw source.error(RuleProblem("invalid_variable_name", member.key), at: member.offset)
                }
                if let other = wildcard {
                    throw source.error(RuleProblem("two_variables", other.name, member.key), at: member.offset)
                }
                wildcard = (member.key, member.offset, try RuleNode(member.value, in: source, variables: variables + [member.key]))
            } else {
                guard DataPath.isValidKey(member.key) else { throw source.error(RuleProblem("invalid_key", member.key), at: member.offset) }
                children[member.key] = try RuleNode(member.value, in: source, variables: variables)
            }
        }
        read = rules[.read]
        write = rules[.write]
        validate = rules[.validate]
        self.indexOn = indexOn
        self.children = children
        self.wildcard = wildcard?.node
        wildcardName = wildcard?.name
        self.texts = texts
        validates = rules[.validate] != nil || children.values.contains(where: \.validates) || wildcard?.node.validates == true
    }

    /// A rule's text: the expression string, or `true`/`false`.
    private static func text(of node: RulesSource.Node) -> String {
        switch node.kind {
        case .bool(let value): String(value)
        case .string(let text, _): text
        default: ""
        }
    }

    private static func isVariableName(_ key: String) -> Bool {
        let name = key.unicodeScalars.dropFirst()
        guard let first = name.first, first == "_" || ("a"..."z").contains(first) || ("A"..."Z").contains(first) else { return false }
        return name.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }

    private static func rule(
        _ node: RulesSource.Node,
        kind: RuleKind,
        in source: RulesSource,
        variables: [String]
    ) throws(DatabaseRules.SyntaxError) -> RuleExpression {
        switch node.kind {
        case .bool(let value):
            return .constant(.bool(value))
        case .string(let text, let offsets):
            do {
                return try RuleParser.parse(text, kind: kind, variables: variables)
            } catch {
                throw source.error(error.problem, at: offsets[min(error.offset, offsets.count - 1)])
            }
        default:
            throw source.error(RuleProblem("rule_not_expression", kind.rawValue), at: node.offset)
        }
    }

    private static func indexOn(_ node: RulesSource.Node, in source: RulesSource) throws(DatabaseRules.SyntaxError) -> [String] {
        let elements: [RulesSource.Node]
        switch node.kind {
        case .string: elements = [node]
        case .array(let nodes): elements = nodes
        default: throw source.error(RuleProblem("index_on_kind"), at: node.offset)
        }
        var names: [String] = []
        for element in elements {
            guard case .string(let name, _) = element.kind,
                name == ".value" || (try? DataPath(name)).map({ !$0.isRoot }) == true
            else { throw source.error(RuleProblem("index_on_names"), at: element.offset) }
            names.append(name)
        }
        return names
    }
}
