/// An uploaded rules document read as the console reads it: JSON with `//` and `/* */` comments,
/// keeping where every member and every character of a string came from, so that an error found
/// later inside a rule expression can name its line and column in the document.
struct RulesSource {
    /// The document's characters (Unicode scalars: columns count these).
    let text: [Unicode.Scalar]
    /// The index in ``text`` where each line starts.
    private let lineStarts: [Int]

    init(_ source: String) {
        text = Array(source.unicodeScalars)
        var starts = [0]
        for (index, scalar) in text.enumerated() where scalar == "\n" { starts.append(index + 1) }
        lineStarts = starts
    }

    /// A refusal at index `offset` of ``text``.
    func error(_ problem: RuleProblem, at offset: Int) -> DatabaseRules.SyntaxError {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return DatabaseRules.SyntaxError(problem: problem, line: low + 1, column: offset - lineStarts[low] + 1)
    }

    /// One JSON value of the document and where it starts.
    struct Node {
        enum Kind {
            case object([Member])
            case array([Node])
            /// The decoded text, and for each of its scalars (plus one past the end) its index in the document.
            case string(String, offsets: [Int])
            case number
            case bool(Bool)
            case null
        }

        var kind: Kind
        var offset: Int
    }

    /// An object member: its key, where the key starts, and its value.
    struct Member {
        var key: String
        var offset: Int
        var value: Node
    }

    /// The whole document as one value; refuses malformed JSON, duplicate keys and trailing text.
    func parse() throws(DatabaseRules.SyntaxError) -> Node {
        var reader = Reader(source: self)
        let node = try reader.value(depth: 0)
        try reader.skipSpace()
        guard reader.index == text.count else { throw error(RuleProblem("after_document", String(text[reader.index])), at: reader.index) }
        return node
    }

    /// A recursive-descent JSON reader over ``text``.
    private struct Reader {
        let source: RulesSource
        var index = 0
        /// Nesting deeper than this is refused rather than risking the stack.
        static let maximumDepth = 64

        private var text: [Unicode.Scalar] { source.text }

        mutating func skipSpace() throws(DatabaseRules.SyntaxError) {
            while index < text.count {
                switch text[index] {
                case " ", "\t", "\n", "\r":
                    index += 1
                case "/" where index + 1 < text.count && text[index + 1] == "/":
                    while index < text.count && text[index] != "\n" { index += 1 }
                case "/" where index + 1 < text.count && text[index + 1] == "*":
                    let start = index
                    index += 2
                    while index + 1 < text.count && !(text[index] == "*" && text[index + 1] == "/") { index += 1 }
                    guard index + 1 < text.count else { throw source.error(RuleProblem("unterminated_comment"), at: start) }
                    index += 2
                default:
                    return
                }
            }
        }

        mutating func value(depth: Int) throws(DatabaseRules.SyntaxError) -> Node {
            try skipSpace()
            guard index < text.count else { throw source.error(RuleProblem("document_end"), at: index) }
            let start = index
            guard depth < Self.maximumDepth else { throw source.error(RuleProblem("document_too_deep"), at: start) }
            switch text[index] {
            case "{":
                index += 1
                var members: [Member] = []
                var keys = Set<String>()
                try skipSpace()
                if index < text.count && text[index] == "}" {
                    index += 1
                    return Node(kind: .object(members), offset: start)
                }
                while true {
                    try skipSpace()
                    let keyOffset = index
                    guard index < text.count, text[index] == "\"" else { throw expected() }
                    let (key, _) = try string()
                    guard keys.insert(key).inserted else { throw source.error(RuleProblem("duplicate_key", key), at: keyOffset) }
                    try skipSpace()
                    guard index < text.count, text[index] == ":" else { throw expected(":") }
                    index += 1
                    members.append(Member(key: key, offset: keyOffset, value: try value(depth: depth + 1)))
                    try skipSpace()
                    guard index < text.count else { throw expected(",", "}") }
                    if text[index] == "}" {
                        index += 1
                        return Node(kind: .object(members), offset: start)
                    }
                    guard text[index] == "," else { throw expected(",", "}") }
                    index += 1
                }
            case "[":
                index += 1
                var elements: [Node] = []
                try skipSpace()
                if index < text.count && text[index] == "]" {
                    index += 1
                    return Node(kind: .array(elements), offset: start)
                }
                while true {
                    elements.append(try value(depth: depth + 1))
                    try skipSpace()
                    guard index < text.count else { throw expected(",", "]") }
                    if text[index] == "]" {
                        index += 1
                        return Node(kind: .array(elements), offset: start)
                    }
                    guard text[index] == "," else { throw expected(",", "]") }
                    index += 1
                }
            case "\"":
                let (text, offsets) = try string()
                return Node(kind: .string(text, offsets: offsets), offset: start)
            case "t":
                try word("true")
                return Node(kind: .bool(true), offset: start)
            case "f":
                try word("false")
                return Node(kind: .bool(false), offset: start)
            case "n":
                try word("null")
                return Node(kind: .null, offset: start)
            case "-", "0"..."9":
                try number()
                return Node(kind: .number, offset: start)
            default:
                throw source.error(RuleProblem("unexpected", String(text[index])), at: index)
            }
        }

        /// The refusal where one of `symbols` (none: a member name in quotes) was to come.
        private func expected(_ symbols: String...) -> DatabaseRules.SyntaxError {
            let wanted = ["member", "symbol", "either"][min(symbols.count, 2)]
            return index < text.count
                ? source.error(RuleProblem("expected_\(wanted)_found", arguments: symbols + [String(text[index])]), at: index)
                : source.error(RuleProblem("expected_\(wanted)_at_end", arguments: symbols), at: index)
        }

        private mutating func word(_ word: String) throws(DatabaseRules.SyntaxError) {
            let start = index
            for scalar in word.unicodeScalars {
                guard index < text.count, text[index] == scalar else { throw source.error(RuleProblem("unexpected", String(text[start])), at: start) }
                index += 1
            }
        }

        private mutating func number() throws(DatabaseRules.SyntaxError) {
            let start = index
            if text[index] == "-" { index += 1 }
            let digitsStart = index
            while index < text.count, ("0"..."9").contains(text[index]) { index += 1 }
            guard index > digitsStart else { throw source.error(RuleProblem("malformed_number"), at: start) }
            if index < text.count, text[index] == "." {
                index += 1
                let fraction = index
                while index < text.count, ("0"..."9").contains(text[index]) { index += 1 }
                guard index > fraction else { throw source.error(RuleProblem("malformed_number"), at: start) }
            }
            if index < text.count, text[index] == "e" || text[index] == "E" {
                index += 1
                if index < text.count, text[index] == "+" || text[index] == "-" { index += 1 }
                let exponent = index
                while index < text.count, ("0"..."9").contains(text[index]) { index += 1 }
                guard index > exponent else { throw source.error(RuleProblem("malformed_number"), at: start) }
            }
        }

        /// A quoted string at ``index``: its text and the document index of each of its scalars.
        private mutating func string() throws(DatabaseRules.SyntaxError) -> (String, [Int]) {
            let start = index
            index += 1
            var scalars = String.UnicodeScalarView()
            var offsets: [Int] = []
            while true {
                guard index < text.count else { throw source.error(RuleProblem("unterminated_string"), at: start) }
                let scalar = text[index]
                switch scalar {
                case "\"":
                    offsets.append(index)
                    index += 1
                    return (String(scalars), offsets)
                case "\\":
                    let escape = index
                    index += 1
                    guard index < text.count else { throw source.error(RuleProblem("unterminated_string"), at: start) }
                    let decoded: Unicode.Scalar
                    switch text[index] {
                    case "\"": decoded = "\""
                    case "\\": decoded = "\\"
                    case "/": decoded = "/"
                    case "b": decoded = "\u{8}"
                    case "f": decoded = "\u{C}"
                    case "n": decoded = "\n"
                    case "r": decoded = "\r"
                    case "t": decoded = "\t"
                    case "u":
                        decoded = try unicodeEscape(at: escape)
                    default:
                        throw source.error(RuleProblem("invalid_escape", String(text[index])), at: escape)
                    }
                    index += 1
                    scalars.append(decoded)
                    offsets.append(escape)
                default:
                    guard scalar.value >= 0x20 else { throw source.error(RuleProblem("control_character"), at: index) }
                    scalars.append(scalar)
                    offsets.append(index)
                    index += 1
                }
            }
        }

        /// `\uXXXX` (a surrogate pair as two escapes), leaving ``index`` on its last digit.
        private mutating func unicodeEscape(at escape: Int) throws(DatabaseRules.SyntaxError) -> Unicode.Scalar {
            let high = try hexQuad(at: escape)
            if (0xD800..<0xDC00).contains(high) {
                guard index + 2 < text.count, text[index + 1] == "\\", text[index + 2] == "u" else {
                    throw source.error(RuleProblem("unpaired_surrogate"), at: escape)
                }
                index += 2
                let low = try hexQuad(at: escape)
                guard (0xDC00..<0xE000).contains(low),
                    let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
                else { throw source.error(RuleProblem("unpaired_surrogate"), at: escape) }
                return scalar
            }
            guard let scalar = Unicode.Scalar(high) else { throw source.error(RuleProblem("unpaired_surrogate"), at: escape) }
            return scalar
        }

        /// The four hex digits after the `u` at ``index``, leaving ``index`` on the last.
        private mutating func hexQuad(at escape: Int) throws(DatabaseRules.SyntaxError) -> UInt32 {
            guard let value = RuleEscapes.hex(text, at: index + 1, digits: 4) else {
                throw source.error(RuleProblem("invalid_unicode_escape"), at: escape)
            }
            index += 4
            return value
        }
    }
}
