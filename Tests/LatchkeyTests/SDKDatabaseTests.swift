import Foundation
import Latchkey
import LatchkeyServer
import LatchkeyTestSupport
import LatchkeyWire
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `latchkey.database` against a live server: the Wilddog seed's `/users/<uid>` record written
/// right after sign-up, a Kii-Balance-style ledger listed by time, child events seen by a second
/// client while a first writes, transactions on the protocol's ETags, and typed errors.
@Suite struct SDKDatabaseTests {
    /// The default rules plus a time index on every user's ledger and a shared counter.
    static let rules = """
        {
          "rules": {
            "users": {
              "$uid": {
                ".read": "auth != null && auth.uid == $uid",
                ".write": "auth != null && auth.uid == $uid",
                "ledger": { ".indexOn": ["time"] }
              }
            },
            "counters": { ".read": "auth != null", ".write": "auth != null" }
          }
        }
        """

    /// Uploads `rules` as the app's server: a `client_credentials` token, then the protocol's
    /// `PUT /.settings/rules.json`.
    static func setRules(_ rules: String, on server: LiveServer) async throws {
        let token = try await server.serverToken()
        var request = URLRequest(url: server.url.appendingPathComponent(".settings/rules.json"))
        request.httpMethod = "PUT"
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.httpBody = Data(rules.utf8)
        let (body, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200, "\(String(decoding: body, as: UTF8.self))")
    }

    /// A Kii Balance entry.
    struct Entry: Codable, Sendable, Equatable {
        var kind: String
        var amount: Int
        var time: Int64
    }

    @Test func theUsersRecordIsWrittenRightAfterSignUpAndOnlyTheUserReadsIt() async throws {
        try await serving(try await LiveServer.start()) { server in
            let sdk = server.client()
            let user = try await sdk.auth.signUp(username: "jenny", password: "correct horse battery")
            // Wilddog: ref.childByAppendingPath("users").childByAppendingPath(authData.uid).setValue(newUser)
            let record = sdk.database.reference().child("users").child(user.id)
            try await record.setValue(["provider": "password", "displayName": "Jenny"])
            let read = try await record.getData()
            #expect(read.key == user.id && read.value == ["provider": "password", "displayName": "Jenny"])
            #expect(read.childSnapshot(forPath: "provider").value == "password" && read.childrenCount == 2)

            let before = Int64(Date().timeIntervalSince1970 * 1000)
            try await record.updateChildValues(["displayName": "Jen", "stats/visits": ServerValue.increment(1), "seenAt": ServerValue.timestamp])
            try await record.child("stats/visits").setValue(ServerValue.increment(2))
            let updated = try await record.getData()
            #expect(updated.childSnapshot(forPath: "displayName").value == "Jen" && updated.childSnapshot(forPath: "stats/visits").value == 3)
            let seenAt = try updated.childSnapshot(forPath: "seenAt").value(as: Int64.self)
            #expect(seenAt >= before - 1_000 && seenAt <= Int64(Date().timeIntervalSince1970 * 1000) + 1_000)

            // Keys the URL must escape come back as written.
            let odd = "a b?%&+ü:é"
            try await record.child("notes").child(odd).setValue(true)
            #expect(try await record.child("notes").getData().children.map(\.key) == [odd])

            // Another user, and nobody signed in (the app named by `ns`), are refused by the rules.
            let other = server.client()
            try await other.auth.signUp(username: "mallory", password: "correct horse battery")
            await #expect(throws: LatchkeyError.permissionDenied) { try await other.database.reference(withPath: "users/\(user.id)").getData() }
            await #expect(throws: LatchkeyError.permissionDenied) { try await other.database.reference(withPath: "users/\(user.id)/x").setValue(1) }
            await #expect(throws: LatchkeyError.permissionDenied) {
                try await server.client().database.reference(withPath: "users/\(user.id)").getData()
            }

            let (result, onMain) = await completion { done in record.child("displayName").removeValue { done($0) } }
            #expect((try? result.get()) != nil && onMain)
            try await record.removeValue()
            #expect(try await !record.getData().exists)
        }
    }

    @Test func aLedgerIsListedByTimeWithTheRulesIndex() async throws {
        try await serving(try await LiveServer.start()) { server in
            try await Self.setRules(Self.rules, on: server)
            let sdk = server.client()
            let user = try await sdk.auth.signUp(username: "kii", password: "correct horse battery")
            let ledger = sdk.database.reference(withPath: "users/\(user.id)/ledger")
            // Pushed out of time order: push ids order by creation, the query by `time`.
            let entries = [
                Entry(kind: "income", amount: 1_200, time: 30), Entry(kind: "expense", amount: 300, time: 10),
                Entry(kind: "expense", amount: 45, time: 40), Entry(kind: "income", amount: 50, time: 20),
            ]
            var keys: [String] = []
            for entry in entries {
                let ref = ledger.childByAutoId()
                try await ref.setValue(entry)
                keys.append(try #require(ref.key))
            }
            #expect(try await ledger.queryOrderedByKey().getData().children.map(\.key) == keys)
            let byTime = try await ledger.queryOrdered(byChild: "time").getData()
            #expect(try byTime.children.map { try $0.value(as: Entry.self) } == entries.sorted { $0.time < $1.time })
            let lastTwo = try await ledger.queryOrdered(byChild: "time").queryLimited(toLast: 2).getData()
            #expect(lastTwo.children.map(\.key) == [keys[0], keys[2]] && lastTwo.childrenCount == 2)
            let window = try await ledger.queryOrdered(byChild: "time").queryStarting(atValue: 15).queryEnding(atValue: 35).getData()
            #expect(try window.children.map { try $0.value(as: Entry.self).time } == [20, 30])
            // A plus in a query's value is a plus, not the space a form would mean by it.
            for key in ["a+b", "a b"] { try await ledger.child(key).setValue(Entry(kind: "income", amount: 1, time: 50)) }
            #expect(try await ledger.queryOrderedByKey().queryEqual(toValue: "a+b").getData().children.map(\.key) == ["a+b"])
            // `kind` has no `.indexOn`: the protocol refuses the query.
            await #expect(throws: LatchkeyError.indexNotDefined) {
                try await ledger.queryOrdered(byChild: "kind").queryEqual(toValue: "income").getData()
            }
        }
    }

    @Test func twentyConcurrentTransactionsCountExactly() async throws {
        try await serving(try await LiveServer.start()) { server in
            try await Self.setRules(Self.rules, on: server)
            let sdk = server.client()
            try await sdk.auth.signUp(username: "counter", password: "correct horse battery")
            let hits = sdk.database.reference(withPath: "counters/hits")
            let committed = try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0..<20 {
                    group.addTask {
                        try await hits.runTransactionBlock { data in
                            var data = data
                            data.value = .integer(((try? data.value(as: Int64?.self)) ?? nil).map { $0 + 1 } ?? 1)
                            return .success(withValue: data)
                        }.committed
                    }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(committed == 20)
            #expect(try await hits.getData().value == 20)
            let aborted = try await hits.runTransactionBlock { _ in .abort() }
            #expect(!aborted.committed && aborted.snapshot.value == 20)
        }
    }
}
