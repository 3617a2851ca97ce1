import Foundation
import Latchkey

/// Signs up a new user, signs out, signs back in and prints the user — the KWS/Kii flow in a
/// command-line program. `LATCHKEY_URL` and `LATCHKEY_CLIENT_ID` name the server and app.
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
            try await latchkey.signUp(username: username, password: "correct horse battery", dateOfBirth: "2010-04-01", country: "GB")
            try await latchkey.signOut()
            let user = try await latchkey.signIn(username: username, password: "correct horse battery")
            print("signed in: id=\(user.id) uid=\(user.uid) username=\(user.username ?? "-") country=\(user.country ?? "-")")
            print("token: appId=\(user.claims.appId) clientId=\(user.claims.clientId) scope=\(user.claims.scope) exp=\(user.claims.exp)")
            let sessions = try await latchkey.sessions()
            print("sessions: \(sessions.count)")
            try await latchkey.signOut()
            print("signed out")
        } catch let error as LatchkeyError {
            print("failed: \(error)")
            exit(1)
        } catch {
            print("failed: \(error)")
            exit(1)
        }
    }
}
