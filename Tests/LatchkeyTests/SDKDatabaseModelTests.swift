import Foundation
import LatchkeyWire
import Testing

@testable import Latchkey

/// The data tree client's logic that needs no server: paths and keys, push ids, the protocol's
/// query parameters, the protocol's orderings, and child events derived from a local copy.
@Suite struct SDKDatabaseModelTests {
    private let sdk = Latchkey(
        clientID: "lk_test",
        apiURL: URL(string: "http://127.0.0.1:9/base")!,
        options: .init(credentialStore: InMemoryCredentialStore())
    )

    @Test func referencesNavigateAndRefuseKeysTheProtocolDoesNot() async throws {
        let root = sdk.database.reference()
        let uid = root.child("users").child("password:42")
        #expect(uid.key == "password:42" && uid.parent?.key == "users" && uid.parent?.parent == root && root.parent == nil && root.key == nil)
        #expect(uid.root == root && sdk.database.reference(withPath: "/users//password:42/") == uid && root.child("users/password:42") == uid)
        #expect(try uid.path.requestPath() == "users/password:42.json" && (try root.path.requestPath()) == ".json")
        #expect(uid.description == "http://127.0.0.1:9/base/users/password:42")
        for bad in ["a.b", "a$", "#", "[x]", "tab\t", "", String(repeating: "é", count: 385)] {
            await #expect(throws: LatchkeyError.invalidDatabasePath, "\(bad)") { try await root.child("users").child(bad).child("ok").setValue(1) }
        }
        await #expect(throws: LatchkeyError.invalidDatabasePath) { try await uid.updateChildValues(["ok/fine": 1, "not.ok": 2]) }
        #expect(root.child(String(repeating: "é", count: 384)).path.problem == nil)
    }

    @Test func pushIDsSortByTimeAndStayInOrderWithinAMillisecond() {
        let clock = Locked<Int64>(1_700_000_000_000)
        let generator = PushIDGenerator(now: { clock.withLock { $0 } }, random: { 62 })
        let y = String(repeating: "y", count: 10)
        // 8 characters of time, 12 random; within a millisecond the random part counts up, with carry.
        #expect([generator.next(), generator.next(), generator.next()] == ["-NjEtLV-\(y)yy", "-NjEtLV-\(y)yz", "-NjEtLV-\(y)z-"])
        clock.withLock { $0 += 1 }
        #expect(generator.next() == "-NjEtLV0\(y)yy")
        let ids = (0..<1_000).map { _ in sdk.database.reference().childByAutoId().key ?? "" }
        #expect(ids == ids.sorted() && Set(ids).count == ids.count && ids.allSatisfy { $0.count == 20 })
    }

    @Test func queriesAreSentAsTheProtocolsJSONParameters() {
        let ledger = sdk.database.reference(withPath: "users/u/ledger")
        #expect(ledger.parameters.requestParameters().isEmpty)
        let byTime = ledger.queryOrdered(byChild: "time").queryStarting(atValue: 1_000).queryEnding(atValue: 2.5).queryLimited(toLast: 20)
        #expect(byTime.parameters.requestParameters() == ["orderBy": "\"time\"", "startAt": "1000", "endAt": "2.5", "limitToLast": "20"])
        let byKind = ledger.queryOrdered(byChild: "meta/kind").queryEqual(toValue: "in\"come").queryLimited(toFirst: 3)
        #expect(byKind.parameters.requestParameters() == ["orderBy": "\"meta/kind\"", "equalTo": "\"in\\\"come\"", "limitToFirst": "3"])
        #expect(ledger.queryOrderedByKey().queryStarting(atValue: "b").parameters.requestParameters() == ["orderBy": "\"$key\"", "startAt": "\"b\""])
        #expect(ledger.queryOrderedByValue().queryEqual(toValue: nil).parameters.requestParameters() == ["orderBy": "\"$value\"", "equalTo": "null"])
        // A limit alone is ordered by key, which the protocol requires.
        #expect(ledger.queryLimited(toFirst: 1).parameters.requestParameters() == ["orderBy": "\"$key\"", "limitToFirst": "1"])
    }

    @Test func childrenComeInTheProtocolsOrder() throws {
        let value: JSONValue = [
            "10": ["n": "b"], "9": ["n": 2], "-1": ["n": true], "a": ["n": ["x": 1]], "b": ["n": 1.5],
            "B": ["n": false], "c": ["m": 0], "d": ["n": "a"],
        ]
        func keys(_ query: DatabaseQuery) -> [String] {
            DataSnapshot(ref: query.ref, value: value, ordering: query.parameters).children.compactMap(\.key)
        }
        let ref = sdk.database.reference(withPath: "x")
        #expect(keys(ref) == ["-1", "9", "10", "B", "a", "b", "c", "d"])
        // null (missing), false, true, numbers, strings, objects; ties by key.
        #expect(keys(ref.queryOrdered(byChild: "n")) == ["c", "B", "-1", "b", "9", "d", "10", "a"])
        #expect(keys(ref.queryOrdered(byChild: "n").queryStarting(atValue: 1).queryEnding(atValue: "a")) == ["b", "9", "d"])
        #expect(keys(ref.queryOrdered(byChild: "n").queryLimited(toLast: 2)) == ["10", "a"])
        #expect(keys(ref.queryOrderedByKey().queryStarting(atValue: "B").queryLimited(toFirst: 2)) == ["B", "a"])
        let snapshot = DataSnapshot(ref: ref, value: value)
        #expect(snapshot.childrenCount == 8 && snapshot.hasChild("a/n/x") && !snapshot.hasChild("c/n"))
        #expect(snapshot.childSnapshot(forPath: "a/n").value == ["x": 1] && snapshot.childSnapshot(forPath: "a/n").key == "n")
        #expect(try snapshot.childSnapshot(forPath: "9/n").value(as: Int.self) == 2 && !DataSnapshot(ref: ref, value: .null).exists)
    }

    @Test func childEventsAreDerivedFromTheLocalCopy() {
        typealias Change = ChildChanges.Change
        let ordering = QueryParameters.Ordering.child("t")
        let parameters = QueryParameters(ordering: ordering)
        var copy = JSONValue.setting(["a": ["t": 1], "b": ["t": 2], "c": ["t": 3]], at: [], in: nil)
        let before = parameters.children(of: copy)
        copy = JSONValue.setting(["t": 4], at: ["a"], in: copy)  // a moves to the end
        copy = JSONValue.setting(nil, at: ["b"], in: copy)  // b goes
        copy = JSONValue.setting(0, at: ["d", "t"], in: copy)  // d arrives first
        copy = JSONValue.setting("x", at: ["c", "note"], in: copy)  // c changes in place
        #expect(
            ChildChanges.between(before, parameters.children(of: copy), ordering: ordering) == [
                Change(type: .childRemoved, key: "b", value: ["t": 2]),
                Change(type: .childAdded, key: "d", value: ["t": 0], previousKey: nil),
                Change(type: .childMoved, key: "a", value: ["t": 4], previousKey: "c"),
                Change(type: .childChanged, key: "c", value: ["t": 3, "note": "x"], previousKey: "d"),
                Change(type: .childChanged, key: "a", value: ["t": 4], previousKey: "c"),
            ]
        )
        // Deleting the last child of a parent deletes the parent; nulls never stay.
        #expect(JSONValue.setting(nil, at: ["d", "t"], in: ["d": ["t": 1]]) == nil)
        #expect(JSONValue.pruned(["a": nil, "b": [:], "c": [nil, 1]]) == ["c": [nil, 1]])
        #expect(JSONValue.setting(5, at: ["1"], in: [1, 2]) == ["0": 1, "1": 5])
    }
}
