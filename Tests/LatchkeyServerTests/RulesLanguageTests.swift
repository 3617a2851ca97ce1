import Foundation
import LatchkeyWire
import Testing

@testable import LatchkeyServer

/// The rule language itself, below HTTP: the parser's errors and their positions in the
/// document, the evaluator's answers, and the regex engine's bounds.
@Suite struct RulesLanguageTests {
    /// A tree held in memory.
    struct MemoryTree: TreeReader {
        var root: JSONValue?

        func value(at path: DataPath) async throws -> JSONValue? { TreeView.descend(root, path.keys[...]) }
    }

    static func rules(_ body: String) throws -> DatabaseRules { try DatabaseRules(source: #"{"rules": "# + body + "}") }

    static func error(_ source: String) -> DatabaseRules.SyntaxError? {
        do {
            _ = try DatabaseRules(source: source)
            return nil
        } catch {
            return error
        }
    }

    static func context(uid: String? = "alice", tree: JSONValue? = nil, now: Int64 = 1_000) -> RuleContext {
        RuleContext(
            auth: uid.map {
                .object([
                    "uid": .string($0), "provider": .string("latchkey"),
                    "token": .object(["email": .string("a@example.com"), "admin": .bool(true)]),
                ])
            }
                ?? .null,
            now: now,
            data: MemoryTree(root: tree)
        )
    }

    /// Whether a rule (as a `.read` at the root, or `.write` for those mentioning newData) holds.
    static func holds(_ rule: String, uid: String? = "alice", tree: JSONValue? = nil, newValue: JSONValue? = nil) async throws -> Bool {
        let quoted = String(decoding: try JSONEncoder().encode(rule), as: UTF8.self)
        let rules = try Self.rules(#"{"a": {"$x": {".write": "# + quoted + "}}}")
        let refused = try await rules.refusal(
            of: [DataWrite(path: try DataPath("/a/b"), value: newValue ?? .string("new"))],
            context: context(uid: uid, tree: tree)
        )
        return refused == nil
    }

    @Test func errorsNameTheLineAndColumnInTheDocument() {
        let source = """
            {
              // comments are allowed
              "rules": {
                /* and block comments */
                "users": {
                  "$uid": {
                    ".read": "auth != null && auht.uid == $uid"
                  }
                }
              }
            }
            """
        #expect(Self.error(source) == DatabaseRules.SyntaxError(problem: RuleProblem("unknown_variable", "auht"), line: 7, column: 35))
        #expect(Self.error(source)?.description == "Line 7, column 35: Unknown variable 'auht'.")
        #expect(Self.error(source)?.description(in: .japanese) == "7 行 35 列: 変数 'auht' はありません。")
        #expect(Self.error(source)?.description(in: .simplifiedChinese) == "第 7 行第 35 列：未知的变量 'auht'。")
    }

    @Test func escapesInTheDocumentShiftColumns() {
        // `\"` takes two characters of the document but one of the rule.
        let error = Self.error(#"{"rules": {".read": "\"a\" == 'a' && nope"}}"#)
        #expect(error?.message == "Unknown variable 'nope'.")
        #expect(error?.column == 38)
    }

    @Test(
        arguments: [
            (#"{"rules": {".read": "auth.uid == "}}"#, "Unexpected end of expression.", 1, 34),
            (#"{"rules": {".read": "data.val() == 1 &&"}}"#, "Unexpected end of expression.", 1, 40),
            (#"{"rules": {".read": "data.fetch()"}}"#, "Unknown method 'fetch'.", 1, 27),
            (#"{"rules": {".read": "data.child()"}}"#, "'child' takes 1 argument, not 0.", 1, 27),
            (#"{"rules": {".read": "newData.exists()"}}"#, "Unknown variable 'newData'.", 1, 22),
            (#"{"rules": {".read": "'yes'"}}"#, "Expression must evaluate to a boolean (it is a string).", 1, 22),
            (#"{"rules": {".read": "data == null"}}"#, "'==' cannot compare a snapshot; use val().", 1, 27),
            (#"{"rules": {".read": "$uid == 'a'"}}"#, "Unknown variable '$uid'.", 1, 22),
            (#"{"rules": {".read": "auth.uid = 'a'"}}"#, "Unexpected '='.", 1, 31),
            (#"{"rules": {".read": "'unterminated"}}"#, "Unterminated string.", 1, 22),
            (#"{"rules": {".read": 1}}"#, ".read must be a string expression or a boolean.", 1, 21),
            (#"{"rules": {".reed": true}}"#, "Invalid key '.reed'.", 1, 12),
            (#"{"rules": {"$a": {}, "$b": {}}}"#, "Only one $variable per level: '$a' and '$b'.", 1, 22),
            (#"{"rules": {"a": true}}"#, "Expected an object of rules.", 1, 17),
            (#"{"rules": {".indexOn": 3}}"#, ".indexOn must be a child name or an array of them.", 1, 24),
            (#"{"rules": {}, "other": 1}"#, "Unexpected key 'other': the document holds only \"rules\".", 1, 15),
            (#"{"rules": {".read": true,}}"#, "Expected a member name in quotes, found '}'.", 1, 26),
            (#"{"rules": {".read": true, ".read": false}}"#, "Duplicate key '.read'.", 1, 27),
            ("{\n\"rules\": {\n\".read\": \"auth.uid.matches(/(a)\\\\1/)\"}}", "Backreferences are not supported in regular expressions.", 3, 32),
            (#"{"rules": {".read": "auth.uid.matches(/(?=a)/)"}}"#, "Lookaround and named groups are not supported in regular expressions.", 1, 40),
            (#"{"rules": {".read": "auth.uid.matches(/a{1001}/)"}}"#, "Repetition count above 1000 in regular expression.", 1, 41),
            (#"{"rules": {".read": "auth.uid.matches(/a/g)"}}"#, "Unsupported regular expression flag 'g'.", 1, 42),
            (#"{"rules": {".read": "auth.uid.matches('a')"}}"#, "matches() takes a regular expression literal: /…/.", 1, 39),
            (#"{"rules": {".read": "auth.uid.matches(/**/)"}}"#, "Nothing to repeat in regular expression.", 1, 40),
        ] as [(String, String, Int, Int)]
    )
    func errorClasses(source: String, message: String, line: Int, column: Int) {
        let error = Self.error(source)
        #expect(error?.message == message && error?.line == line && error?.column == column, "\(String(describing: error))")
        // Every refusal has its text in each language, its parts from the document filled in.
        for language in Language.allCases {
            let text = error?.problem.text(in: language) ?? ""
            #expect(!text.isEmpty && !text.contains("{1}") && StringCatalog.shipped.texts[language]?["rules.\(error?.problem.key ?? "")"] != nil)
        }
    }

    /// A placeholder is filled once: an argument that reads like one stays as the document has it.
    @Test func argumentsAreFilledInOnePass() {
        #expect(RuleProblem("two_variables", "{2}", "$b").text(in: .english) == "Only one $variable per level: '{2}' and '$b'.")
    }

    @Test func theDefaultsGrantOnlyTheUsersOwnRecord() async throws {
        let rules = DatabaseRules.defaults
        #expect(try await rules.allowsRead(at: DataPath("/users/alice"), context: Self.context()))
        #expect(try await rules.allowsRead(at: DataPath("/users/alice/name"), context: Self.context()))
        #expect(try await !rules.allowsRead(at: DataPath("/users/bob"), context: Self.context()))
        #expect(try await !rules.allowsRead(at: DataPath("/users"), context: Self.context()))
        #expect(try await !rules.allowsRead(at: DataPath("/users/alice"), context: Self.context(uid: nil)))
        #expect(try await rules.refusal(of: [DataWrite(path: DataPath("/users/bob"), value: .integer(1))], context: Self.context()) != nil)
    }

    @Test(
        arguments: [
            ("1 + 2 * 3 == 7", true),
            ("(1 + 2) * 3 == 9", true),
            ("10 % 4 == 2 && 7 / 2 == 3.5", true),
            ("-3 < -2", true),
            ("!(1 == 1) || 'a' < 'b'", true),
            ("'a' + 'b' == 'ab' && 'n' + 1 == 'n1'", true),
            ("1 === 1 && 1 !== 2 && 1 != '1'", true),
            ("true ? 1 == 1 : false", true),
            ("auth.uid == 'alice' ? auth.token.admin == true : false", true),
            ("auth.token.missing == null", true),
            ("'Hello'.length == 5 && 'Hello'.toLowerCase() == 'hello' && 'hi'.toUpperCase() == 'HI'", true),
            ("'a-b-c'.replace('-', '+') == 'a+b+c'", true),
            ("'hello'.contains('ell') && 'hello'.beginsWith('he') && 'hello'.endsWith('lo')", true),
            ("'tab\\there' .contains('\\t') && \"q\\\"\" == 'q\"'", true),
            ("auth.token.email.matches(/^[a-z]+@EXAMPLE\\.com$/i)", true),
            ("auth.token.email.matches(/^\\w+@\\w+\\.(com|org)$/)", true),
            ("'2024-01-31'.matches(/^\\d{4}-\\d{2}-\\d{2}$/)", true),
            ("'2024-1-31'.matches(/^\\d{4}-\\d{2}-\\d{2}$/)", false),
            ("'abc'.matches(/^a[^x-z]c$/)", true),
            ("'aaa'.matches(/^a{2,}$/) && !'a'.matches(/^a{2,3}$/) && 'ab'.matches(/^ab?c?$/)", true),
            ("auth.uid.length > 100", false),
            ("auth.nothing.length == 0", false),
            ("now == 1000", true),
            ("1 < 'a'", false),
        ] as [(String, Bool)]
    )
    func expressions(rule: String, expected: Bool) async throws {
        #expect(try await Self.holds(rule) == expected)
    }

    @Test func nullAuthMakesMemberAccessFalseNotAnError() async throws {
        #expect(try await !Self.holds("auth.uid == 'x'", uid: nil))
        #expect(try await Self.holds("auth == null", uid: nil))
    }

    @Test func snapshotsReadTheTreeBeforeAndAfter() async throws {
        let tree: JSONValue = .object([
            "a": .object(["b": .object(["owner": .string("alice"), "count": .integer(3)])]), "config": .object(["open": .bool(true)]),
        ])
        #expect(try await Self.holds("data.child('owner').val() == auth.uid", tree: tree))
        #expect(try await Self.holds("data.exists() && data.hasChild('count') && data.hasChildren(['owner', 'count'])", tree: tree))
        #expect(try await Self.holds("data.child('count').isNumber() && data.child('owner').isString()", tree: tree))
        #expect(try await Self.holds("root.child('config/open').val() == true && root.child('config').child('open').isBoolean()", tree: tree))
        #expect(try await Self.holds("data.parent().parent().child('config/open').val() == true", tree: tree))
        #expect(try await Self.holds("$x == 'b' && data.getPriority() == null", tree: tree))
        #expect(try await Self.holds("!newData.exists()", tree: tree, newValue: .null))
        #expect(
            try await Self.holds("newData.child('n').val() == 2 && !newData.hasChild('owner')", tree: tree, newValue: .object(["n": .integer(2)]))
        )
        #expect(try await Self.holds("newData.parent().child('b/n').val() == 2", tree: tree, newValue: .object(["n": .integer(2)])))
        #expect(try await !Self.holds("data.child('bad.key').exists()", tree: tree))
        #expect(try await !Self.holds("root.parent().exists()", tree: tree))
    }

    @Test func validateRunsBelowAndAboveTheWriteAndRefusesUnknownChildren() async throws {
        let rules = try Self.rules(
            """
            {
              ".write": true,
              "posts": {
                "$post": {
                  ".validate": "newData.hasChildren(['title', 'body'])",
                  "title": { ".validate": "newData.isString() && newData.val().length <= 10" },
                  "body": { ".validate": "newData.isString()" },
                  "$other": { ".validate": false }
                }
              }
            }
            """
        )
        let context = Self.context()
        func refusal(_ path: String, _ value: JSONValue?) async throws -> DataPath? {
            try await rules.refusal(of: [DataWrite(path: try DataPath(path), value: value)], context: context)
        }
        #expect(try await refusal("/posts/p1", .object(["title": .string("Hi"), "body": .string("text")])) == nil)
        #expect(try await refusal("/posts/p1", .object(["title": .string("Hi")])) == DataPath("/posts/p1"))
        #expect(
            try await refusal("/posts/p1", .object(["title": .string("far too long a title"), "body": .string("x")])) == DataPath("/posts/p1/title")
        )
        #expect(
            try await refusal("/posts/p1", .object(["title": .string("Hi"), "body": .string("x"), "extra": .integer(1)]))
                == DataPath("/posts/p1/extra")
        )
        // A child written alone: its ancestor's validate sees the merged new data.
        #expect(try await refusal("/posts/p1/title", .string("Hi")) == DataPath("/posts/p1"))
        // Deletes are not validated.
        #expect(try await refusal("/posts/p1", nil) == nil)
        // A multi-location write is judged on the data after all of it.
        let both = [
            DataWrite(path: try DataPath("/posts/p2/title"), value: .string("T")),
            DataWrite(path: try DataPath("/posts/p2/body"), value: .string("B")),
        ]
        #expect(try await rules.refusal(of: both, context: context) == nil)
    }

    @Test func readsCascadeAndAreNotFilters() async throws {
        let rules = try Self.rules(#"{"public": {".read": true}, "private": {"$id": {".read": "$id == auth.uid"}}}"#)
        let context = Self.context()
        #expect(try await rules.allowsRead(at: DataPath("/public/deep/down"), context: context))
        #expect(try await rules.allowsRead(at: DataPath("/private/alice/x"), context: context))
        #expect(try await !rules.allowsRead(at: DataPath("/private"), context: context))
        #expect(try await !rules.allowsRead(at: DataPath("/"), context: context))
    }

    @Test func namedKeysWinOverVariablesAndIndexesFollowThem() throws {
        let rules = try Self.rules(
            #"{"scores": {".indexOn": "score", "$game": {".indexOn": ["score", "time"]}, "meta": {".indexOn": ".value"}}}"#
        )
        #expect(rules.indexes(at: try DataPath("/scores")) == ["score"])
        #expect(rules.indexes(at: try DataPath("/scores/chess")) == ["score", "time"])
        #expect(rules.indexes(at: try DataPath("/scores/meta")) == [".value"])
        #expect(rules.indexes(at: try DataPath("/other")) == [])
    }

    @Test func catastrophicPatternsAnswerInLinearTime() throws {
        let regex = try RuleRegex(pattern: Array("(a+)+$".unicodeScalars), flags: [])
        let input = String(repeating: "a", count: 50_000) + "!"
        let start = ContinuousClock.now
        #expect(!regex.matches(input))
        #expect(regex.matches(String(repeating: "a", count: 50_000)))
        let nested = try RuleRegex(pattern: Array("^(a|aa|a*)*(b|a?){20}c$".unicodeScalars), flags: [])
        #expect(!nested.matches(String(repeating: "a", count: 5_000)))
        #expect(ContinuousClock.now - start < .seconds(5))
    }

    @Test func theDefaultReadCostsMicroseconds() async throws {
        let rules = DatabaseRules.defaults
        let context = Self.context()
        let path = try DataPath("/users/alice/profile")
        let rounds = 20_000
        let start = ContinuousClock.now
        for _ in 0..<rounds {
            guard try await rules.allowsRead(at: path, context: context) else {
                Issue.record("refused")
                return
            }
        }
        let each = (ContinuousClock.now - start) / rounds
        #expect(each < .microseconds(50), "one default read check took \(each)")
    }
}
