import Foundation
import Latchkey

/// Signs up a new user, signs out, signs back in and prints the user — the KWS/Kii flow in a
/// command-line program — then saves the user's record in the app's data tree and lists a small
/// ledger there (Wilddog, Kii Balance), awards the user points on a leaderboard and reads the board (KWS
/// "assign points, check leaderboards"). `LATCHKEY_URL` and `LATCHKEY_CLIENT_ID` name the server
/// and app; `LATCHKEY_LEADERBOARD` names the board (default `points`), which the app's operator
/// makes with `latchkey leaderboards create points --app <client id> --operator increment --allow-user-submits`.
@main
struct QuickStart {
    static func main() async {
        let environment = ProcessInfo.processInfo.environment
        guard let url = environment["LATCHKEY_URL"].flatMap(URL.init(string:)), let clientID = environment["LATCHKEY_CLIENT_ID"] else {
            print("set LATCHKEY_URL and LATCHKEY_CLIENT_ID")
            exit(2)
        }
        let store = FileCredentialStore(url: FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-quickstart/session.json"))
        let latchkey = Latchkey(clientID: clientID, apiURL: url, options: .init(credentialStore: store))
        let username = "quickstart-\(Int.random(in: 100_000...999_999))"
        do {
            let hello = try await latchkey.hello()
            print("server: \(hello.name) \(hello.version), modules: \(hello.modules.map(\.id).joined(separator: ", "))")
            try await latchkey.auth.signUp(username: username, password: "correct horse battery", dateOfBirth: "2010-04-01", country: "GB")
            try await latchkey.auth.signOut()
            let user = try await latchkey.auth.signIn(username: username, password: "correct horse battery")
            print("signed in: id=\(user.id) uid=\(user.uid) username=\(user.username ?? "-") country=\(user.country ?? "-")")
            print(
                "token: appId=\(user.session.claims.appId) clientId=\(user.session.claims.clientId) scope=\(user.session.claims.scope) exp=\(user.session.claims.exp)"
            )
            let sessions = try await latchkey.auth.sessions()
            print("sessions: \(sessions.count)")
            try await saveTheUserAndListALedger(latchkey, user: user)
            try await awardPointsAndReadTheBoard(latchkey, board: environment["LATCHKEY_LEADERBOARD"] ?? "points")
            try await latchkey.auth.signOut()
            print("signed out")
        } catch let error as LatchkeyError {
            print("failed: \(error)")
            exit(1)
        } catch {
            print("failed: \(error)")
            exit(1)
        }
    }

    /// Stores the user's record at `/users/<uid>` of the app's data tree as the Wilddog seed does
    /// right after sign-in, then keeps a small Kii-Balance-style ledger under it and lists it in
    /// time order: entries get push ids, which sort by creation time, and the server's time.
    static func saveTheUserAndListALedger(_ latchkey: Latchkey, user: CurrentUser) async throws {
        let record = latchkey.database.reference().child("users").child(user.id)
        try await record.setValue(["provider": "password", "displayName": .string(user.username ?? user.id)])
        print("tree: /users/\(user.id) saved")
        let ledger = record.child("ledger")
        for (amount, memo) in [(1_200, "salary"), (-300, "groceries"), (-45, "coffee")] {
            try await ledger.childByAutoId().setValue(["amount": .integer(Int64(amount)), "memo": .string(memo), "time": ServerValue.timestamp])
        }
        let entries = try await ledger.queryOrderedByKey().queryLimited(toLast: 10).getData().children
        print("ledger: \(entries.count) entries")
        var balance: Int64 = 0
        for entry in entries {
            let amount = try entry.childSnapshot(forPath: "amount").value(as: Int64.self)
            balance += amount
            print("  \(amount > 0 ? "+" : "")\(amount) \((try? entry.childSnapshot(forPath: "memo").value(as: String.self)) ?? "")")
        }
        print("balance: \(balance)")
    }

    /// Awards points twice (an `increment` board adds them up), then prints the top 5 and the
    /// user's rank.
    static func awardPointsAndReadTheBoard(_ latchkey: Latchkey, board: String) async throws {
        do {
            try await latchkey.leaderboards.submit(Int64.random(in: 10...100), to: board)
            let entry = try await latchkey.leaderboards.submit(25, metadata: ["source": .string("quickstart")], to: board)
            print("points on \(board): \(entry.score), rank \(entry.rank)")
        } catch LatchkeyError.leaderboardClosed {
            print("\(board) takes points only from the app's servers; reading it")
        }
        let top = try await latchkey.leaderboards.top(board, limit: 5)
        for entry in top.entries { print("  #\(entry.rank) \(entry.displayName) \(entry.score)") }
        if let mine = try await latchkey.leaderboards.myEntry(board) { print("my rank: \(mine.rank) of \(top.total)") }
    }
}
