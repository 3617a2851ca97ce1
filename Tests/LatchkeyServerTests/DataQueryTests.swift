import Foundation
import HTTPTypes
import LatchkeyWire
import Testing

@testable import LatchkeyServer

/// The protocol's query parameters and its order of keys and values, on values in memory; the
/// queries' HTTP behaviour (and the index they need) is in the tree's own tests.
@Suite struct DataQueryTests {
    private func query(_ parameters: [String: String]) throws -> DataQuery? {
        try DataQuery(parameters: parameters)
    }

    private func keys(_ value: JSONValue?) -> Set<String> {
        guard case .object(let members)? = value else { return [] }
        return Set(members.keys)
    }

    private func refusal(_ parameters: [String: String]) -> String? {
        do {
            _ = try DataQuery(parameters: parameters)
            return nil
        } catch {
            #expect(error.status == .badRequest)
            return error.message
        }
    }

    @Test func noQueryParametersIsNoQuery() throws {
        #expect(try query([:]) == nil)
        #expect(try query(["print": "pretty", "shallow": "true"]) == nil)
    }

    @Test func malformedQueriesAreRefusedWithTheProtocolsErrors() {
        #expect(refusal(["orderBy": "height"]) == "orderBy must be a valid JSON encoded path")
        #expect(refusal(["orderBy": "\"/height\""]) == "orderBy must be a valid JSON encoded path")
        #expect(refusal(["orderBy": "\"$other\""]) == "orderBy must be a valid JSON encoded path")
        #expect(refusal(["orderBy": "3"]) == "orderBy must be a valid JSON encoded path")
        #expect(refusal(["limitToFirst": "2"]) == "orderBy must be defined when other query parameters are defined")
        #expect(refusal(["equalTo": "\"a\""]) == "orderBy must be defined when other query parameters are defined")
        #expect(refusal(["orderBy": "\"$key\"", "startAt": "3"]) == "startAt must be a string when orderBy is \"$key\"")
        #expect(refusal(["orderBy": "\"$value\"", "startAt": "abc"]) == "startAt must be a valid JSON value")
        #expect(refusal(["orderBy": "\"$value\"", "endAt": "{\"a\":1}"]) != nil)
        #expect(refusal(["orderBy": "\"$value\"", "limitToFirst": "0"]) == "limitToFirst must be a positive integer")
        #expect(refusal(["orderBy": "\"$value\"", "limitToLast": "x"]) == "limitToLast must be a positive integer")
        #expect(refusal(["orderBy": "\"$value\"", "limitToFirst": "1", "limitToLast": "1"]) != nil)
        #expect(refusal(["orderBy": "\"$value\"", "equalTo": "1", "startAt": "1"]) != nil)
    }

    @Test func theIndexAQueryNeedsIsItsChildPath() throws {
        #expect(try query(["orderBy": "\"height\""])?.requiredIndex == "height")
        #expect(try query(["orderBy": "\"dimensions/height\""])?.requiredIndex == "dimensions/height")
        #expect(try query(["orderBy": "\"$key\""])?.requiredIndex == nil)
        #expect(try query(["orderBy": "\"$value\""])?.requiredIndex == nil)
        #expect(try query(["orderBy": "\"$priority\""])?.requiredIndex == nil)
    }

    /// Keys that are 32-bit integers come first, numerically; "07", "-0" and 2^31 are strings.
    @Test func keysOrderIntegersNumericallyThenStrings() throws {
        let value = JSONValue.object(
            Dictionary(uniqueKeysWithValues: ["10", "9", "-3", "a", "07", "-0", "2147483648", "B"].map { ($0, .bool(true)) })
        )
        let order = ["-3", "9", "10", "-0", "07", "2147483648", "B", "a"]
        for count in 1...order.count {
            let first = try query(["orderBy": "\"$key\"", "limitToFirst": "\(count)"])
            #expect(keys(first?.apply(to: value)) == Set(order.prefix(count)))
            let last = try query(["orderBy": "\"$key\"", "limitToLast": "\(count)"])
            #expect(keys(last?.apply(to: value)) == Set(order.suffix(count)))
        }
        let range = try query(["orderBy": "\"$key\"", "startAt": "\"9\"", "endAt": "\"10\""])
        #expect(keys(range?.apply(to: value)) == ["9", "10"])
    }

    /// Missing or null first, then false, true, numbers, strings, objects; ties by key.
    @Test func valuesOrderByTypeThenValueThenKey() throws {
        let children: [(String, JSONValue?)] = [
            ("k", .object(["x": .integer(1)])), ("j", .string("b")), ("i", .string("a")), ("h", .integer(10)),
            ("g", .number(2.5)), ("f", .integer(-1)), ("e", .bool(true)), ("d", .bool(false)), ("c", .null), ("b", nil),
            ("a", .object(["y": .integer(0)])),
        ]
        let tree = JSONValue.object(
            Dictionary(
                uniqueKeysWithValues: children.map { key, score in
                    (key, JSONValue.object(score.map { ["score": $0, "n": .integer(1)] } ?? ["n": .integer(1)]))
                }
            )
        )
        let order = ["b", "c", "d", "e", "f", "g", "h", "i", "j", "a", "k"]
        for count in 1...order.count {
            let first = try query(["orderBy": "\"score\"", "limitToFirst": "\(count)"])
            #expect(keys(first?.apply(to: tree)) == Set(order.prefix(count)), "first \(count)")
            let last = try query(["orderBy": "\"score\"", "limitToLast": "\(count)"])
            #expect(keys(last?.apply(to: tree)) == Set(order.suffix(count)), "last \(count)")
        }
        #expect(keys(try query(["orderBy": "\"score\"", "startAt": "2", "endAt": "10"])?.apply(to: tree)) == ["g", "h"])
        #expect(keys(try query(["orderBy": "\"score\"", "equalTo": "null"])?.apply(to: tree)) == ["b", "c"])
        #expect(keys(try query(["orderBy": "\"score\"", "equalTo": "false"])?.apply(to: tree)) == ["d"])
        #expect(keys(try query(["orderBy": "\"score\"", "startAt": "\"a\""])?.apply(to: tree)) == ["i", "j", "a", "k"])
        #expect(keys(try query(["orderBy": "\"score\"", "endAt": "true"])?.apply(to: tree)) == ["b", "c", "d", "e"])
    }

    @Test func orderByValueAndDeepChildPaths() throws {
        let scores: JSONValue = .object(["alice": .integer(30), "bob": .integer(12), "carol": .integer(55), "dave": .string("n/a")])
        #expect(keys(try query(["orderBy": "\"$value\"", "limitToLast": "2"])?.apply(to: scores)) == ["carol", "dave"])
        #expect(keys(try query(["orderBy": "\"$value\"", "startAt": "13", "endAt": "55"])?.apply(to: scores)) == ["alice", "carol"])
        let dinosaurs: JSONValue = .object([
            "lambeosaurus": .object(["dimensions": .object(["height": .number(2.1)])]),
            "stegosaurus": .object(["dimensions": .object(["height": .integer(4)])]),
            "bruhathkayosaurus": .object(["dimensions": .object(["height": .integer(25)])]),
        ])
        let tallest = try query(["orderBy": "\"dimensions/height\"", "limitToLast": "1"])
        #expect(keys(tallest?.apply(to: dinosaurs)) == ["bruhathkayosaurus"])
        #expect(tallest?.apply(to: dinosaurs) == .object(["bruhathkayosaurus": .object(["dimensions": .object(["height": .integer(25)])])]))
    }

    @Test func nothingSelectedIsAnEmptyObjectAndNothingStoredIsNull() throws {
        let query = try #require(try query(["orderBy": "\"$value\"", "equalTo": "\"nobody\""]))
        #expect(query.apply(to: .object(["a": .integer(1)])) == .object([:]))
        #expect(query.apply(to: nil) == nil)
        #expect(query.apply(to: .integer(3)) == .object([:]))
    }
}
