import Foundation
import HTTPTypes
import Testing

@testable import LatchkeyServer

/// A JSON body's one-pass member scan tells what Foundation's full parse told: the top-level
/// member names, and a refusal only where the parse, the depth limit or the NUL rule refused.
@Suite struct RequestBodyTests {
    @Test func theScanAgreesWithFoundationsParse() {
        var generator = SystemRandomNumberGenerator()
        var bodies = Self.chosenBodies
        for _ in 0..<3_000 {
            let text = Self.randomObject(depth: 0, using: &generator)
            bodies.append(text)
            // A damaged copy: cut short, or one byte changed.
            var bytes = Array(text.utf8)
            let at = Int.random(in: 0..<bytes.count, using: &generator)
            if Bool.random(using: &generator) { bytes.removeSubrange(at...) } else { bytes[at] = Self.damage.randomElement(using: &generator)! }
            bodies.append(String(decoding: bytes, as: UTF8.self))
        }
        for body in bodies {
            let data = Data(body.utf8)
            let parsed = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            let refusedByTheParse = parsed == nil || RequestBody.depth(of: data) > RequestBody.maximumDepth || Self.holdsNUL(parsed!)
            switch RequestBody.members(of: data) {
            case .members(let names):
                #expect(!refusedByTheParse || parsed == nil, "\(body)")
                if let parsed { #expect(Set(parsed.keys) == names, "\(body)") }
            case .refused:
                // A NUL in a member that a later one of the same name replaced is refused too,
                // where the parse dropped it unseen.
                #expect(refusedByTheParse || Self.writesNUL(body), "\(body)")
            case .unsure:
                continue
            }
        }
    }

    @Test func escapesAndStructureAreReadAsTheParseReadThem() {
        #expect(RequestBody.members(of: Data(#"{"a":1,"b":{"c":[1,{"d":2}]},"e":"f,\"g\":1"}"#.utf8)) == .members(["a", "b", "e"]))
        #expect(RequestBody.members(of: Data(#" {} "#.utf8)) == .members([]))
        #expect(RequestBody.members(of: Data(#"{"a":"x\u0000y"}"#.utf8)) == .refused)
        #expect(RequestBody.members(of: Data(#"{"a":"x\\u0000y"}"#.utf8)) == .members(["a"]))
        #expect(RequestBody.members(of: Data(#"{"a":[{"\u0000":1}]}"#.utf8)) == .refused)
        #expect(RequestBody.members(of: Data(#"{"\u0061":1}"#.utf8)) == .unsure)
        #expect(RequestBody.members(of: Data(#"[{"a":1}]"#.utf8)) == .unsure)
        #expect(RequestBody.members(of: Data(#"{"a":1}{"b":2}"#.utf8)) == .unsure)
        #expect(RequestBody.members(of: Data(#"{"a":1} x"#.utf8)) == .unsure)
        #expect(RequestBody.members(of: Data(#"{"a":"open"#.utf8)) == .unsure)
        let deep = "{\"a\":" + String(repeating: "[", count: RequestBody.maximumDepth) + String(repeating: "]", count: RequestBody.maximumDepth) + "}"
        #expect(RequestBody.members(of: Data(deep.utf8)) == .refused)
    }

    /// Bodies that take each of the scan's turns, through the API: a member name written with an
    /// escape is that member, an escaped backslash before `u0000` is no NUL, and a broken body
    /// with an unknown member is refused as broken, as before the scan.
    @Test(arguments: TestStore.enabled) func theAPIReadsBodiesAsBefore(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let escapedName = try await client.send(
                .post,
                "/v1/auth/refresh",
                raw: Data(#"{"refresh\u0054oken":"lkr_unknown"}"#.utf8),
                app: client.clientID
            )
            #expect(escapedName.status == .unauthorized)
            let backslash = try await client.send(
                .post,
                "/v1/auth/signin",
                raw: Data(#"{"username":"a\\u0000b","password":"p"}"#.utf8),
                app: client.clientID
            )
            #expect(backslash.status == .unauthorized)
            let escapedNUL = try await client.send(
                .post,
                "/v1/auth/signin",
                raw: Data(#"{"username":"a\u0000b","password":"p"}"#.utf8),
                app: client.clientID
            )
            #expect(escapedNUL.status == .badRequest)
            #expect(escapedNUL.string("code") == "invalid_request")
            let broken = try await client.send(
                .post,
                "/v1/auth/signin",
                raw: Data(#"{"username":"a","extra":1,"password":}"#.utf8),
                app: client.clientID
            )
            #expect(broken.string("code") == "invalid_request")
            let unknown = try await client.send(
                .post,
                "/v1/auth/signin",
                raw: Data(#"{"username":"a","extra":1,"password":"p"}"#.utf8),
                app: client.clientID
            )
            #expect(unknown.string("code") == "unknown_field")
        }
    }

    static let chosenBodies = [
        "", "{", "}", "{}", "[]", "null", "1", "\"a\"", "{\"a\"}", "{\"a\":}", "{,}", "{\"a\":1,}", "{\"a\":1 \"b\":2}",
        "{\"a\":\"\\\"\"}", "{\"a\\\"b\":1}", "{\"a\":\"\\u0000\"}", "{\"\\u0000\":1}", "{\"a\":\"\u{0}\"}", "{\"a\":1}\u{0}",
        "{\"a\":[1,2,{\"b\":[]}]}", "{\"é\":\"ü\",\"🙂\":[\"\\ud83d\\ude42\"]}", "{\"a\":1}}", "{\"a\":[1]]}", "{\"a\":{\"b\":1}",
        "\u{FEFF}{\"a\":1}", "{\"a\":tru}", "{\"a\":01}", "{\"a\":1e999}", "{\"a\":\"\\x\"}", "{\"a\":\"\\u12\"}",
    ]

    /// Bytes a damaged body gets in place of one of its own.
    static let damage: [UInt8] = Array("{}[]\",:\\ 0u\u{0}".utf8) + [0xFF, 0xC3]

    static func randomObject(depth: Int, using generator: inout SystemRandomNumberGenerator) -> String {
        let names = (0..<Int.random(in: 0...4, using: &generator)).map { _ in randomString(using: &generator) }
        let members = names.map { "\($0):\(randomValue(depth: depth + 1, using: &generator))" }
        return "{" + members.joined(separator: ",") + "}"
    }

    static func randomValue(depth: Int, using generator: inout SystemRandomNumberGenerator) -> String {
        switch Int.random(in: 0..<(depth > 18 ? 4 : 6), using: &generator) {
        case 0: return String(Int.random(in: -1_000...1_000, using: &generator))
        case 1: return ["true", "false", "null", "1.5e3"].randomElement(using: &generator)!
        case 2, 3: return randomString(using: &generator)
        case 4: return randomObject(depth: depth, using: &generator)
        default:
            let items = (0..<Int.random(in: 0...3, using: &generator)).map { _ in randomValue(depth: depth + 1, using: &generator) }
            return "[" + items.joined(separator: ",") + "]"
        }
    }

    /// A JSON string literal, sometimes with escapes: `\u0000`, an escaped backslash before
    /// `u0000`, quotes, unicode.
    static func randomString(using generator: inout SystemRandomNumberGenerator) -> String {
        let pieces = ["a", "name", "é", "🙂", "\\\"", "\\\\", "\\n", "\\u0041", "\\u0000", "\\\\u0000", ",", ":", "{", "]"]
        let count = Int.random(in: 0...3, using: &generator)
        return "\"" + (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined() + "\""
    }

    /// Whether the text holds a NUL byte or a `\u0000` escape (escaped backslashes removed first).
    static func writesNUL(_ body: String) -> Bool {
        body.utf8.contains(0) || body.replacingOccurrences(of: "\\\\", with: "").contains("\\u0000")
    }

    static func holdsNUL(_ value: Any) -> Bool {
        switch value {
        case let string as String: return string.utf8.contains(0)
        case let object as [String: Any]: return object.contains { holdsNUL($0.key) || holdsNUL($0.value) }
        case let array as [Any]: return array.contains(where: holdsNUL)
        default: return false
        }
    }
}
