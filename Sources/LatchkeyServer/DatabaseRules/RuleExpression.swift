/// One compiled rule expression (the string of a `.read`, `.write` or `.validate`), checked for
/// types where the protocol checks them: the tree ``RuleEvaluator`` walks, never text.
indirect enum RuleExpression: Sendable {
    case constant(RuleValue)
    case auth
    case now
    case root
    case data
    case newData
    /// The value of the `index`-th `$variable` on the rule's path.
    case binding(Int)
    /// `object.name` on a value that is not a snapshot (`auth.uid`, `auth.token.email`, `s.length`).
    case property(RuleExpression, String)
    case method(RuleExpression, RuleMethod, [RuleExpression])
    case matches(RuleExpression, RuleRegex)
    case not(RuleExpression)
    case negate(RuleExpression)
    case and(RuleExpression, RuleExpression)
    case or(RuleExpression, RuleExpression)
    case binary(RuleOperator, RuleExpression, RuleExpression)
    case conditional(RuleExpression, RuleExpression, RuleExpression)
    /// `hasChildren([...])`'s list.
    case list([RuleExpression])
}

/// The binary operators besides `&&` and `||` (which short-circuit).
enum RuleOperator: String, Sendable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"
    case remainder = "%"
}

/// The methods of snapshots and strings.
enum RuleMethod: String, Sendable {
    // Snapshots.
    case val, child, parent, hasChild, hasChildren, exists, getPriority, isNumber, isString, isBoolean
    // Strings.
    case contains, beginsWith, endsWith, replace, toLowerCase, toUpperCase, matches

    var isSnapshotMethod: Bool {
        switch self {
        case .val, .child, .parent, .hasChild, .hasChildren, .exists, .getPriority, .isNumber, .isString, .isBoolean: true
        default: false
        }
    }

    /// How many arguments it takes (`hasChildren` takes none or a list).
    var arity: ClosedRange<Int> {
        switch self {
        case .child, .hasChild, .contains, .beginsWith, .endsWith, .matches: 1...1
        case .replace: 2...2
        case .hasChildren: 0...1
        default: 0...0
        }
    }

    /// What it answers.
    var result: RuleType {
        switch self {
        case .val, .getPriority: .any
        case .child, .parent: .snapshot
        case .replace, .toLowerCase, .toUpperCase: .string
        default: .boolean
        }
    }
}

/// The static types of the check at upload: `any` is what only evaluation can tell (`auth`'s
/// members, `val()`).
enum RuleType: String, Sendable {
    case boolean, number, string, null, snapshot, any

    func admits(_ wanted: RuleType) -> Bool { self == wanted || self == .any }
}

/// What a rule's variables may be, by rule kind.
enum RuleKind: String, Sendable {
    case read = ".read"
    case write = ".write"
    case validate = ".validate"
}

/// Reads one rule string into a ``RuleExpression`` with its ``RuleType``: a lexer over the
/// string's characters and a recursive-descent parser in JavaScript's precedence, type-checking
/// as it goes. Errors carry the index of the offending character in the string.
struct RuleParser {
    struct Invalid: Error {
        var problem: RuleProblem
        var offset: Int
    }

    private let text: [Unicode.Scalar]
    private let kind: RuleKind
    /// The `$variables` in scope, outermost first.
    private let variables: [String]
    private var index = 0
    private var token: Token
    private var depth = 0
    private static let maximumDepth = 64

    private struct Token {
        enum Kind: Equatable {
            case number(Double)
            case string(String)
            case identifier(String)
            case symbol(String)
            case end
        }

        var kind: Kind
        var offset: Int
    }

    /// Parses `text`, a rule of `kind` at a location with `variables` in scope; it must be boolean.
    static func parse(_ text: String, kind: RuleKind, variables: [String]) throws(Invalid) -> RuleExpression {
        var parser = try RuleParser(text: Array(text.unicodeScalars), kind: kind, variables: variables)
        let (expression, type) = try parser.expression()
        guard parser.token.kind == .end else { throw parser.unexpected() }
        guard type.admits(.boolean) else {
            throw Invalid(problem: RuleProblem("not_boolean", type.rawValue), offset: 0)
        }
        return expression
    }

    private init(text: [Unicode.Scalar], kind: RuleKind, variables: [String]) throws(Invalid) {
        self.text = text
        self.kind = kind
        self.variables = variables
        token = Token(kind: .end, offset: 0)
        token = try lex()
    }

    // MARK: Lexer

    private mutating func lex() throws(Invalid) -> Token {
        while index < text.count, text[index].properties.isWhitespace { index += 1 }
        let start = index
        guard index < text.count else { return Token(kind: .end, offset: start) }
        let scalar = text[index]
        if Self.startsIdentifier(scalar) {
            while index < text.count, Self.continuesIdentifier(text[index]) { index += 1 }
            return Token(kind: .identifier(String(String.UnicodeScalarView(text[start..<index]))), offset: start)
        }
        if RuleRegex.isDigit(scalar) { return try number(from: start) }
        if scalar == "'" || scalar == "\"" { return try string(from: start, quote: scalar) }
        for symbol in Self.symbols where matches(symbol, at: start) {
            index += symbol.unicodeScalars.count
            return Token(kind: .symbol(symbol), offset: start)
        }
        throw Invalid(problem: RuleProblem("unexpected", String(scalar)), offset: start)
    }

    /// Longest first, so `===` wins over `==`.
    private static let symbols = [
        "===", "!==", "==", "!=", "<=", ">=", "&&", "||", "!", "<", ">", "+", "-", "*", "/", "%", "?", ":", "(", ")", "[", "]",
        ".", ",",
    ]

    private func matches(_ symbol: String, at start: Int) -> Bool {
        var position = start
        for scalar in symbol.unicodeScalars {
            guard position < text.count, text[position] == scalar else { return false }
            position += 1
        }
        return true
    }

    private static func startsIdentifier(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "$" || scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func continuesIdentifier(_ scalar: Unicode.Scalar) -> Bool {
        startsIdentifier(scalar) || RuleRegex.isDigit(scalar)
    }

    private mutating func number(from start: Int) throws(Invalid) -> Token {
        while index < text.count, RuleRegex.isDigit(text[index]) { index += 1 }
        if index + 1 < text.count, text[index] == ".", RuleRegex.isDigit(text[index + 1]) {
            index += 1
            while index < text.count, RuleRegex.isDigit(text[index]) { index += 1 }
        }
        if index < text.count, text[index] == "e" || text[index] == "E" {
            index += 1
            if index < text.count, text[index] == "+" || text[index] == "-" { index += 1 }
            let digits = index
            while index < text.count, RuleRegex.isDigit(text[index]) { index += 1 }
            guard index > digits else { throw Invalid(problem: RuleProblem("malformed_number"), offset: start) }
        }
        guard index >= text.count || !Self.continuesIdentifier(text[index]),
            let value = Double(String(String.UnicodeScalarView(text[start..<index])))
        else { throw Invalid(problem: RuleProblem("malformed_number"), offset: start) }
        return Token(kind: .number(value), offset: start)
    }

    private mutating func string(from start: Int, quote: Unicode.Scalar) throws(Invalid) -> Token {
        index += 1
        var scalars = String.UnicodeScalarView()
        while true {
            guard index < text.count else { throw Invalid(problem: RuleProblem("unterminated_string"), offset: start) }
            let scalar = text[index]
            index += 1
            if scalar == quote { return Token(kind: .string(String(scalars)), offset: start) }
            guard scalar == "\\" else {
                scalars.append(scalar)
                continue
            }
            guard index < text.count else { throw Invalid(problem: RuleProblem("unterminated_string"), offset: start) }
            let escaped = text[index]
            index += 1
            if let control = RuleEscapes.control(escaped) {
                scalars.append(control)
                continue
            }
            switch escaped {
            case "b": scalars.append("\u{8}")
            case "'", "\"", "\\", "/": scalars.append(escaped)
            case "u":
                guard let value = RuleEscapes.hex(text, at: index, digits: 4), let decoded = Unicode.Scalar(value) else {
                    throw Invalid(problem: RuleProblem("malformed_unicode_escape"), offset: index - 2)
                }
                index += 4
                scalars.append(decoded)
            default:
                throw Invalid(problem: RuleProblem("invalid_escape", String(escaped)), offset: index - 2)
            }
        }
    }

    private mutating func advance() throws(Invalid) {
        token = try lex()
    }

    private func isSymbol(_ symbol: String) -> Bool { token.kind == .symbol(symbol) }

    private mutating func expect(_ symbol: String) throws(Invalid) {
        guard isSymbol(symbol) else {
            let key = token.kind == .end ? "expression_expected_at_end" : "expression_expected"
            throw Invalid(problem: RuleProblem(key, symbol), offset: token.offset)
        }
        try advance()
    }

    private func unexpected() -> Invalid {
        switch token.kind {
        case .end: Invalid(problem: RuleProblem("expression_end"), offset: token.offset)
        case .symbol(let symbol): Invalid(problem: RuleProblem("unexpected", symbol), offset: token.offset)
        case .identifier(let name): Invalid(problem: RuleProblem("unexpected", name), offset: token.offset)
        case .number, .string: Invalid(problem: RuleProblem("unexpected_literal"), offset: token.offset)
        }
    }

    // MARK: Parser

    private typealias Typed = (RuleExpression, RuleType)

    private mutating func expression() throws(Invalid) -> Typed {
        depth += 1
        defer { depth -= 1 }
        guard depth < Self.maximumDepth else { throw Invalid(problem: RuleProblem("expression_too_deep"), offset: token.offset) }
        let condition = try logical(disjunction: true)
        guard isSymbol("?") else { return condition }
        let at = token.offset
        try require(condition.1, .boolean, .condition, at: at)
        try advance()
        let yes = try expression()
        try expect(":")
        let no = try expression()
        return (.conditional(condition.0, yes.0, no.0), yes.1 == no.1 ? yes.1 : .any)
    }

    /// `||` (`disjunction`) or `&&`, each over the next tighter level.
    private mutating func logical(disjunction: Bool) throws(Invalid) -> Typed {
        let symbol = disjunction ? "||" : "&&"
        var left = try (disjunction ? logical(disjunction: false) : equality())
        while isSymbol(symbol) {
            let at = token.offset
            try advance()
            let right = try (disjunction ? logical(disjunction: false) : equality())
            try require(left.1, .boolean, .symbol(symbol), at: at)
            try require(right.1, .boolean, .symbol(symbol), at: at)
            left = (disjunction ? .or(left.0, right.0) : .and(left.0, right.0), .boolean)
        }
        return left
    }

    private mutating func equality() throws(Invalid) -> Typed {
        var left = try relational()
        while case .symbol(let symbol) = token.kind, ["==", "!=", "===", "!=="].contains(symbol) {
            let at = token.offset
            try advance()
            let right = try relational()
            try comparable(left.1, right.1, symbol, at: at)
            left = (.binary(symbol.hasPrefix("!") ? .notEqual : .equal, left.0, right.0), .boolean)
        }
        return left
    }

    private mutating func relational() throws(Invalid) -> Typed {
        var left = try additive()
        while case .symbol(let symbol) = token.kind, let op = RuleOperator(rawValue: symbol),
            [.less, .lessOrEqual, .greater, .greaterOrEqual].contains(op)
        {
            let at = token.offset
            try advance()
            let right = try additive()
            try comparable(left.1, right.1, symbol, at: at)
            for type in [left.1, right.1] where ![.number, .string, .any].contains(type) {
                throw Invalid(problem: RuleProblem("compares_numbers_or_strings", symbol, type.rawValue), offset: at)
            }
            left = (.binary(op, left.0, right.0), .boolean)
        }
        return left
    }

    private mutating func additive() throws(Invalid) -> Typed {
        var left = try multiplicative()
        while case .symbol(let symbol) = token.kind, symbol == "+" || symbol == "-" {
            let at = token.offset
            try advance()
            let right = try multiplicative()
            if symbol == "-" {
                try require(left.1, .number, .symbol("-"), at: at)
                try require(right.1, .number, .symbol("-"), at: at)
                left = (.binary(.subtract, left.0, right.0), .number)
            } else {
                for type in [left.1, right.1] where ![.number, .string, .any].contains(type) {
                    throw Invalid(problem: RuleProblem("plus_operands", type.rawValue), offset: at)
                }
                let type: RuleType = left.1 == .string || right.1 == .string ? .string : left.1 == right.1 ? left.1 : .any
                left = (.binary(.add, left.0, right.0), type)
            }
        }
        return left
    }

    private mutating func multiplicative() throws(Invalid) -> Typed {
        var left = try unary()
        while case .symbol(let symbol) = token.kind, let op = RuleOperator(rawValue: symbol), [.multiply, .divide, .remainder].contains(op) {
            let at = token.offset
            try advance()
            let right = try unary()
            try require(left.1, .number, .symbol(symbol), at: at)
            try require(right.1, .number, .symbol(symbol), at: at)
            left = (.binary(op, left.0, right.0), .number)
        }
        return left
    }

    private mutating func unary() throws(Invalid) -> Typed {
        let at = token.offset
        if isSymbol("!") {
            try advance()
            let operand = try unary()
            try require(operand.1, .boolean, .symbol("!"), at: at)
            return (.not(operand.0), .boolean)
        }
        if isSymbol("-") {
            try advance()
            let operand = try unary()
            try require(operand.1, .number, .negated, at: at)
            return (.negate(operand.0), .number)
        }
        depth += 1
        defer { depth -= 1 }
        guard depth < Self.maximumDepth else { throw Invalid(problem: RuleProblem("expression_too_deep"), offset: at) }
        return try postfix()
    }

    private mutating func postfix() throws(Invalid) -> Typed {
        var value = try primary()
        while isSymbol(".") {
            try advance()
            guard case .identifier(let name) = token.kind else {
                throw Invalid(problem: RuleProblem("member_after_dot"), offset: token.offset)
            }
            let at = token.offset
            try advance()
            if isSymbol("(") {
                value = try call(name, on: value, at: at)
            } else {
                value = try property(name, of: value, at: at)
            }
        }
        return value
    }

    private func property(_ name: String, of value: Typed, at: Int) throws(Invalid) -> Typed {
        switch value.1 {
        case .string where name == "length": return (.property(value.0, name), .number)
        case .any: return (.property(value.0, name), .any)
        default: throw Invalid(problem: RuleProblem("no_such_member", name), offset: at)
        }
    }

    private mutating func call(_ name: String, on receiver: Typed, at: Int) throws(Invalid) -> Typed {
        guard let method = RuleMethod(rawValue: name) else { throw Invalid(problem: RuleProblem("unknown_method", name), offset: at) }
        let fits: Bool =
            switch receiver.1 {
            case .snapshot: method.isSnapshotMethod
            case .string: !method.isSnapshotMethod
            case .any: !method.isSnapshotMethod
            default: false
            }
        guard fits else {
            throw Invalid(problem: RuleProblem("no_such_member_on", name, receiver.1.rawValue), offset: at)
        }
        try advance()  // "("
        if method == .matches {
            let regex = try regexLiteral()
            try expect(")")
            return (.matches(receiver.0, regex), .boolean)
        }
        var arguments: [RuleExpression] = []
        while !isSymbol(")") {
            if !arguments.isEmpty { try expect(",") }
            let argumentAt = token.offset
            if method == .hasChildren && isSymbol("[") {
                arguments.append(try list())
                continue
            }
            let argument = try expression()
            try require(argument.1, .string, .argument(of: name), at: argumentAt)
            arguments.append(argument.0)
        }
        guard method.arity.contains(arguments.count) else {
            let exact = method.arity.lowerBound == method.arity.upperBound
            let problem =
                switch (exact, method.arity.upperBound) {
                case (true, 1): RuleProblem("takes_one_argument", name, String(arguments.count))
                case (true, let count): RuleProblem("takes_arguments", name, String(count), String(arguments.count))
                case (false, 1): RuleProblem("takes_at_most_one_argument", name, String(arguments.count))
                case (false, let most): RuleProblem("takes_at_most_arguments", name, String(most), String(arguments.count))
                }
            throw Invalid(problem: problem, offset: at)
        }
        try advance()  // ")"
        return (.method(receiver.0, method, arguments), method.result)
    }

    /// `hasChildren`'s `['a', 'b']`.
    private mutating func list() throws(Invalid) -> RuleExpression {
        try advance()
        var items: [RuleExpression] = []
        while !isSymbol("]") {
            if !items.isEmpty { try expect(",") }
            let at = token.offset
            let item = try expression()
            try require(item.1, .string, .childName, at: at)
            items.append(item.0)
        }
        try advance()
        return .list(items)
    }

    /// `/pattern/flags` starting at the current token (lexed as a `/` symbol).
    private mutating func regexLiteral() throws(Invalid) -> RuleRegex {
        guard isSymbol("/") else { throw Invalid(problem: RuleProblem("matches_literal"), offset: token.offset) }
        let start = token.offset + 1
        var position = start
        var inClass = false
        while position < text.count {
            let scalar = text[position]
            if scalar == "\\" {
                position += 2
                continue
            }
            if scalar == "[" { inClass = true }
            if scalar == "]" { inClass = false }
            if scalar == "/" && !inClass { break }
            position += 1
        }
        guard position < text.count else { throw Invalid(problem: RuleProblem("unterminated_regex"), offset: token.offset) }
        let pattern = Array(text[start..<position])
        var end = position + 1
        while end < text.count, Self.continuesIdentifier(text[end]) { end += 1 }
        let flags = Array(text[(position + 1)..<end])
        let regex: RuleRegex
        do {
            regex = try RuleRegex(pattern: pattern, flags: flags)
        } catch {
            throw Invalid(problem: error.problem, offset: start + error.offset)
        }
        index = end
        try advance()
        return regex
    }

    private mutating func primary() throws(Invalid) -> Typed {
        let at = token.offset
        switch token.kind {
        case .number(let value):
            try advance()
            return (.constant(.number(value)), .number)
        case .string(let value):
            try advance()
            return (.constant(.string(value)), .string)
        case .identifier(let name):
            try advance()
            return try variable(name, at: at)
        case .symbol("("):
            try advance()
            let inner = try expression()
            try expect(")")
            return inner
        default:
            throw unexpected()
        }
    }

    private func variable(_ name: String, at: Int) throws(Invalid) -> Typed {
        switch name {
        case "true": return (.constant(.bool(true)), .boolean)
        case "false": return (.constant(.bool(false)), .boolean)
        case "null": return (.constant(.null), .null)
        case "auth": return (.auth, .any)
        case "now": return (.now, .number)
        case "root": return (.root, .snapshot)
        case "data": return (.data, .snapshot)
        case "newData" where kind != .read: return (.newData, .snapshot)
        default:
            if let position = variables.lastIndex(of: name) { return (.binding(position), .string) }
            throw Invalid(problem: RuleProblem("unknown_variable", name), offset: at)
        }
    }

    /// What a type requirement is about, which names it in the refusal.
    private enum Operand {
        /// An operand of the symbol.
        case symbol(String)
        /// The condition of `?:`.
        case condition
        /// The operand of a unary `-`.
        case negated
        /// The argument of the method.
        case argument(of: String)
        /// An element of a list of child names.
        case childName

        func problem(needs wanted: RuleType, not type: RuleType) -> RuleProblem {
            switch self {
            case .symbol(let symbol): RuleProblem("operand_type", symbol, wanted.rawValue, type.rawValue)
            case .condition: RuleProblem("condition_type", wanted.rawValue, type.rawValue)
            case .negated: RuleProblem("negated_type", wanted.rawValue, type.rawValue)
            case .argument(let method): RuleProblem("argument_type", method, wanted.rawValue, type.rawValue)
            case .childName: RuleProblem("child_name_type", wanted.rawValue, type.rawValue)
            }
        }
    }

    private func require(_ type: RuleType, _ wanted: RuleType, _ operand: Operand, at: Int) throws(Invalid) {
        guard type.admits(wanted) else { throw Invalid(problem: operand.problem(needs: wanted, not: type), offset: at) }
    }

    private func comparable(_ left: RuleType, _ right: RuleType, _ symbol: String, at: Int) throws(Invalid) {
        guard left != .snapshot, right != .snapshot else {
            throw Invalid(problem: RuleProblem("compares_snapshot", symbol), offset: at)
        }
    }
}

extension RuleExpression {
    /// Whether the value can change without the rules or `auth` changing: it reads the tree
    /// (`root`, `data`, `newData`) or the time (`now`). An open stream checks such a `.read`
    /// again as the tree changes; any other `.read` is decided once for its credential.
    var varies: Bool {
        switch self {
        case .root, .data, .newData, .now: true
        case .constant, .auth, .binding: false
        case .property(let base, _), .matches(let base, _), .not(let base), .negate(let base): base.varies
        case .method(let base, _, let arguments): base.varies || arguments.contains { $0.varies }
        case .and(let left, let right), .or(let left, let right), .binary(_, let left, let right): left.varies || right.varies
        case .conditional(let test, let then, let otherwise): test.varies || then.varies || otherwise.varies
        case .list(let items): items.contains { $0.varies }
        }
    }
}
