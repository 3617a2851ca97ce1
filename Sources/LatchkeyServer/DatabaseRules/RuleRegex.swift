/// The regular expression of a rule's `matches(/…/flags)`, compiled to a program for a Pike VM
/// (Thompson's construction run breadth-first): every input character is looked at once against
/// each instruction at most once, so a match costs at most input length × program size steps
/// whatever the pattern — `(a+)+$` on a long input cannot backtrack, because nothing does.
///
/// The subset: literals and escapes, `.`, classes (`[a-z]`, `[^…]`, `\d \w \s \D \W \S`), `^`, `$`,
/// groups (`(…)`, `(?:…)`), `|`, and `* + ? {n} {n,} {n,m}` (lazy forms too, which mean the same
/// for a yes/no answer) with counts up to ``maximumCount``; flag `i`. Backreferences, lookaround,
/// word boundaries and other syntax are refused when the rules are uploaded.
struct RuleRegex: Sendable {
    /// Why a pattern was refused, and at which of its characters.
    struct Invalid: Error {
        var problem: RuleProblem
        var offset: Int
    }

    /// The largest repetition count.
    static let maximumCount = 1000
    /// The largest compiled program, in instructions (counted repetitions are expanded).
    static let maximumProgram = 20_000

    private let program: [Instruction]
    private let ignoresCase: Bool

    private enum Instruction: Sendable {
        case scalar(Unicode.Scalar)
        case any
        case set(CharacterSet)
        case split(Int, Int)
        case jump(Int)
        case begin
        case end
        case match
    }

    /// A bracket or shorthand class: ranges and shorthands, possibly negated.
    private struct CharacterSet: Sendable {
        enum Item: Sendable {
            case range(Unicode.Scalar, Unicode.Scalar)
            case digit(negated: Bool)
            case word(negated: Bool)
            case space(negated: Bool)
        }

        var items: [Item]
        var negated: Bool

        func contains(_ scalar: Unicode.Scalar, ignoringCase: Bool) -> Bool {
            let found =
                containsExactly(scalar)
                || (ignoringCase && (containsExactly(RuleRegex.lowercased(scalar)) || containsExactly(RuleRegex.uppercased(scalar))))
            return found != negated
        }

        private func containsExactly(_ scalar: Unicode.Scalar) -> Bool {
            items.contains { item in
                switch item {
                case .range(let low, let high): low <= scalar && scalar <= high
                case .digit(let negated): RuleRegex.isDigit(scalar) != negated
                case .word(let negated): RuleRegex.isWord(scalar) != negated
                case .space(let negated): RuleRegex.isSpace(scalar) != negated
                }
            }
        }
    }

    /// The pattern as parsed.
    private indirect enum Node {
        case empty
        case scalar(Unicode.Scalar)
        case any
        case set(CharacterSet)
        case begin
        case end
        case sequence([Node])
        case alternatives([Node])
        case repeated(Node, minimum: Int, maximum: Int?)
    }

    /// Compiles `pattern` with `flags` (only `i`); throws with the offending character's index.
    init(pattern: [Unicode.Scalar], flags: [Unicode.Scalar]) throws(Invalid) {
        var ignoresCase = false
        for (index, flag) in flags.enumerated() {
            guard flag == "i", !ignoresCase else {
                throw Invalid(problem: RuleProblem("regex_flag", String(flag)), offset: pattern.count + 1 + index)
            }
            ignoresCase = true
        }
        var parser = Parser(pattern: pattern)
        let node = try parser.alternatives(depth: 0)
        if parser.index < pattern.count {
            throw Invalid(problem: RuleProblem("regex_unmatched_paren"), offset: parser.index)
        }
        var compiler = Compiler(ignoresCase: ignoresCase)
        try compiler.emit(node)
        compiler.program.append(.match)
        guard compiler.program.count <= Self.maximumProgram else {
            throw Invalid(problem: RuleProblem("regex_too_large"), offset: 0)
        }
        self.program = compiler.program
        self.ignoresCase = ignoresCase
    }

    /// Whether the pattern matches anywhere in `text` (`^` and `$` anchor it, as in JavaScript).
    func matches(_ text: String) -> Bool {
        let input = Array(text.unicodeScalars)
        var current: [Int] = []
        var next: [Int] = []
        var marks = [Int](repeating: -1, count: program.count)
        var stack: [Int] = []
        current.reserveCapacity(program.count)
        next.reserveCapacity(program.count)
        var generation = 0
        for position in 0...input.count {
            // A new attempt starts at every position (the search is unanchored); threads already
            // here came from earlier starts and take precedence only in order, which a yes/no
            // answer does not care about.
            if add(0, at: position, of: input, to: &current, marks: &marks, generation: generation, stack: &stack) {
                return true
            }
            guard position < input.count else { break }
            let scalar = ignoresCase ? Self.lowercased(input[position]) : input[position]
            generation += 1
            next.removeAll(keepingCapacity: true)
            for pc in current {
                let advances: Bool
                switch program[pc] {
                case .scalar(let expected): advances = expected == scalar
                case .any: advances = scalar != "\n"
                case .set(let set): advances = set.contains(input[position], ignoringCase: ignoresCase)
                default: advances = false
                }
                if advances, add(pc + 1, at: position + 1, of: input, to: &next, marks: &marks, generation: generation, stack: &stack) {
                    return true
                }
            }
            swap(&current, &next)
        }
        return false
    }

    /// Adds the thread at `start` and everything it reaches without reading a character to
    /// `list` (each instruction once per generation); true when one of them is the match.
    private func add(
        _ start: Int,
        at position: Int,
        of input: [Unicode.Scalar],
        to list: inout [Int],
        marks: inout [Int],
        generation: Int,
        stack: inout [Int]
    ) -> Bool {
        stack.append(start)
        while let pc = stack.popLast() {
            guard marks[pc] != generation else { continue }
            marks[pc] = generation
            switch program[pc] {
            case .jump(let target): stack.append(target)
            case .split(let first, let second):
                stack.append(second)
                stack.append(first)
            case .begin: if position == 0 { stack.append(pc + 1) }
            case .end: if position == input.count { stack.append(pc + 1) }
            case .match:
                stack.removeAll(keepingCapacity: true)
                return true
            case .scalar, .any, .set: list.append(pc)
            }
        }
        return false
    }

    static func lowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let mapped = scalar.properties.lowercaseMapping.unicodeScalars
        return mapped.count == 1 ? mapped[mapped.startIndex] : scalar
    }

    static func uppercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let mapped = scalar.properties.uppercaseMapping.unicodeScalars
        return mapped.count == 1 ? mapped[mapped.startIndex] : scalar
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
    static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        isDigit(scalar) || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
    }
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isWhitespace }

    /// Reads the pattern into ``Node``s, refusing what the subset leaves out.
    private struct Parser {
        let pattern: [Unicode.Scalar]
        var index = 0
        static let maximumDepth = 50

        private var current: Unicode.Scalar? { index < pattern.count ? pattern[index] : nil }

        mutating func alternatives(depth: Int) throws(Invalid) -> Node {
            guard depth < Self.maximumDepth else { throw Invalid(problem: RuleProblem("regex_too_deep"), offset: index) }
            var branches = [try sequence(depth: depth)]
            while current == "|" {
                index += 1
                branches.append(try sequence(depth: depth))
            }
            return branches.count == 1 ? branches[0] : .alternatives(branches)
        }

        private mutating func sequence(depth: Int) throws(Invalid) -> Node {
            var items: [Node] = []
            while let scalar = current, scalar != "|", scalar != ")" {
                let atomStart = index
                var atom = try self.atom(depth: depth)
                while let quantifier = try self.quantifier() {
                    switch atom {
                    case .begin, .end, .empty:
                        throw Invalid(problem: RuleProblem("regex_nothing_to_repeat"), offset: atomStart)
                    default:
                        atom = .repeated(atom, minimum: quantifier.minimum, maximum: quantifier.maximum)
                    }
                }
                items.append(atom)
            }
            return items.count == 1 ? items[0] : .sequence(items)
        }

        private mutating func quantifier() throws(Invalid) -> (minimum: Int, maximum: Int?)? {
            let start = index
            guard let scalar = current else { return nil }
            let result: (Int, Int?)
            switch scalar {
            case "*": result = (0, nil)
            case "+": result = (1, nil)
            case "?": result = (0, 1)
            case "{":
                index += 1
                let minimum = try count(from: start)
                var maximum: Int? = minimum
                if current == "," {
                    index += 1
                    maximum = current == "}" ? nil : try count(from: start)
                }
                guard current == "}" else { throw Invalid(problem: RuleProblem("regex_malformed_repetition"), offset: start) }
                if let maximum, maximum < minimum {
                    throw Invalid(problem: RuleProblem("regex_repetition_order"), offset: start)
                }
                result = (minimum, maximum)
            default:
                return nil
            }
            index += 1
            if current == "?" { index += 1 }
            if current == "*" || current == "+" || current == "?" || current == "{" {
                throw Invalid(problem: RuleProblem("regex_nothing_to_repeat"), offset: index)
            }
            return result
        }

        private mutating func count(from start: Int) throws(Invalid) -> Int {
            var value = 0
            var digits = 0
            while let scalar = current, RuleRegex.isDigit(scalar) {
                value = value * 10 + Int(scalar.value - 48)
                digits += 1
                index += 1
                guard value <= RuleRegex.maximumCount else {
                    throw Invalid(problem: RuleProblem("regex_count", String(RuleRegex.maximumCount)), offset: start)
                }
            }
            guard digits > 0 else { throw Invalid(problem: RuleProblem("regex_malformed_repetition"), offset: start) }
            return value
        }

        private mutating func atom(depth: Int) throws(Invalid) -> Node {
            let start = index
            guard let scalar = current else { return .empty }
            index += 1
            switch scalar {
            case ".": return .any
            case "^": return .begin
            case "$": return .end
            case "(":
                if current == "?" {
                    guard index + 1 < pattern.count, pattern[index + 1] == ":" else {
                        throw Invalid(problem: RuleProblem("regex_lookaround"), offset: start)
                    }
                    index += 2
                }
                let inner = try alternatives(depth: depth + 1)
                guard current == ")" else { throw Invalid(problem: RuleProblem("regex_unterminated_group"), offset: start) }
                index += 1
                return inner
            case "[": return .set(try bracket(from: start))
            case "*", "+", "?", "{": throw Invalid(problem: RuleProblem("regex_nothing_to_repeat"), offset: start)
            case "}", "]": throw Invalid(problem: RuleProblem("regex_unmatched", String(scalar)), offset: start)
            case "\\":
                switch try escape(from: start, inBracket: false) {
                case .scalar(let scalar): return .scalar(scalar)
                case .item(let item): return .set(CharacterSet(items: [item], negated: false))
                }
            default: return .scalar(scalar)
            }
        }

        private enum Escape {
            case scalar(Unicode.Scalar)
            case item(CharacterSet.Item)
        }

        /// The escape whose backslash is at `start` (``index`` is past it).
        private mutating func escape(from start: Int, inBracket: Bool) throws(Invalid) -> Escape {
            guard let scalar = current else { throw Invalid(problem: RuleProblem("regex_trailing_backslash"), offset: start) }
            index += 1
            if let control = RuleEscapes.control(scalar) { return .scalar(control) }
            switch scalar {
            case "d": return .item(.digit(negated: false))
            case "D": return .item(.digit(negated: true))
            case "w": return .item(.word(negated: false))
            case "W": return .item(.word(negated: true))
            case "s": return .item(.space(negated: false))
            case "S": return .item(.space(negated: true))
            case "x": return .scalar(try hex(digits: 2, from: start))
            case "u": return .scalar(try hex(digits: 4, from: start))
            case "1"..."9": throw Invalid(problem: RuleProblem("regex_backreference"), offset: start)
            case "b" where inBracket: return .scalar("\u{8}")
            default:
                guard !RuleRegex.isWord(scalar) else {
                    throw Invalid(problem: RuleProblem("regex_escape", String(scalar)), offset: start)
                }
                return .scalar(scalar)
            }
        }

        private mutating func hex(digits: Int, from start: Int) throws(Invalid) -> Unicode.Scalar {
            guard let value = RuleEscapes.hex(pattern, at: index, digits: digits), let scalar = Unicode.Scalar(value) else {
                throw Invalid(problem: RuleProblem("regex_malformed_hex"), offset: start)
            }
            index += digits
            return scalar
        }

        /// A `[…]` class whose `[` is at `start`.
        private mutating func bracket(from start: Int) throws(Invalid) -> CharacterSet {
            var set = CharacterSet(items: [], negated: false)
            if current == "^" {
                set.negated = true
                index += 1
            }
            while true {
                guard let scalar = current else { throw Invalid(problem: RuleProblem("regex_unterminated_class"), offset: start) }
                if scalar == "]" && !set.items.isEmpty { break }
                guard scalar != "]" else { throw Invalid(problem: RuleProblem("regex_empty_class"), offset: start) }
                let low = try member()
                guard case .scalar(let first) = low else {
                    if case .item(let item) = low { set.items.append(item) }
                    continue
                }
                if current == "-", index + 1 < pattern.count, pattern[index + 1] != "]" {
                    let dash = index
                    index += 1
                    guard case .scalar(let last) = try member(), first <= last else {
                        throw Invalid(problem: RuleProblem("regex_invalid_range"), offset: dash)
                    }
                    set.items.append(.range(first, last))
                } else {
                    set.items.append(.range(first, first))
                }
            }
            index += 1
            return set
        }

        private mutating func member() throws(Invalid) -> Escape {
            let start = index
            guard let scalar = current else { throw Invalid(problem: RuleProblem("regex_unterminated_class"), offset: start) }
            index += 1
            guard scalar == "\\" else { return .scalar(scalar) }
            return try escape(from: start, inBracket: true)
        }
    }

    /// Lays a ``Node`` out as ``Instruction``s.
    private struct Compiler {
        let ignoresCase: Bool
        var program: [Instruction] = []

        mutating func emit(_ node: Node) throws(Invalid) {
            guard program.count <= RuleRegex.maximumProgram else {
                throw Invalid(problem: RuleProblem("regex_too_large"), offset: 0)
            }
            switch node {
            case .empty: break
            case .scalar(let scalar): program.append(.scalar(ignoresCase ? RuleRegex.lowercased(scalar) : scalar))
            case .any: program.append(.any)
            case .set(let set): program.append(.set(set))
            case .begin: program.append(.begin)
            case .end: program.append(.end)
            case .sequence(let nodes):
                for node in nodes { try emit(node) }
            case .alternatives(let branches):
                var jumps: [Int] = []
                for (number, branch) in branches.enumerated() {
                    if number < branches.count - 1 {
                        let split = program.count
                        program.append(.split(split + 1, 0))
                        try emit(branch)
                        jumps.append(program.count)
                        program.append(.jump(0))
                        program[split] = .split(split + 1, program.count)
                    } else {
                        try emit(branch)
                    }
                }
                for jump in jumps { program[jump] = .jump(program.count) }
            case .repeated(let node, let minimum, let maximum):
                for _ in 0..<minimum { try emit(node) }
                if let maximum {
                    var splits: [Int] = []
                    for _ in minimum..<maximum {
                        splits.append(program.count)
                        program.append(.split(program.count + 1, 0))
                        try emit(node)
                    }
                    for split in splits { program[split] = .split(split + 1, program.count) }
                } else {
                    let split = program.count
                    program.append(.split(split + 1, 0))
                    try emit(node)
                    program.append(.jump(split))
                    program[split] = .split(split + 1, program.count)
                }
            }
        }
    }
}
