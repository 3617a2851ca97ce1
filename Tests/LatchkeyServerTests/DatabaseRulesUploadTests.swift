import Foundation
import HTTPTypes
import LatchkeyTestSupport
import Testing

@testable import LatchkeyServer

/// Uploading an app's data-tree rules: `GET/PUT /.settings/rules.json` for the app's confidential
/// client only, documents checked with the line and column of the first error, and
/// `latchkey database rules get|set` doing the same from the server's host.
@Suite struct DatabaseRulesUploadTests {
    static let document = """
        {
          // Each user's own record; profiles readable by anyone signed in.
          "rules": {
            "users": {
              "$uid": {
                ".read": "auth != null && auth.uid == $uid",
                ".write": "auth != null && auth.uid == $uid",
                /* names are short strings */
                "name": { ".validate": "newData.isString() && newData.val().length < 50" }
              }
            }
          }
        }
        """

    /// Documents the server refuses, and the answer it gives for each.
    static let refusals: [(document: String, error: String)] = [
        ("{\"rules\": {\n  \".read\": true\n  \".write\": true}}", "Line 3, column 3: Expected ',' or '}', found '\"'."),
        ("{\"rules\": {\n  \"users\": {\n    \"$uid\": {\".read\": \"auht.uid == $uid\"}}}}", "Line 3, column 24: Unknown variable 'auht'."),
        ("{\"rules\": {\".read\": \"newData.exists()\"}}", "Line 1, column 22: Unknown variable 'newData'."),
        ("{\"rules\": {\".write\": \"data.child('a', 'b').exists()\"}}", "Line 1, column 28: 'child' takes 1 argument, not 2."),
        ("{\"rules\": {\".write\": \"'a' + 1\"}}", "Line 1, column 23: Expression must evaluate to a boolean (it is a string)."),
        (
            "{\"rules\": {\".validate\": \"newData.val().matches(/^(a)\\\\1$/)\"}}",
            "Line 1, column 53: Backreferences are not supported in regular expressions."
        ),
        ("{\"rules\": {\"a.b\": {}}}", "Line 1, column 12: Invalid key 'a.b'."),
        ("{\"rules\": {\".indexOn\": [1]}}", "Line 1, column 25: .indexOn must name children (or .value)."),
        ("[]", "Line 1, column 1: Expected an object with a \"rules\" member."),
    ]

    /// A confidential client's token of the harness's app.
    static func adminToken(_ client: Client, _ harness: TestHarness) async throws -> String {
        try #require(try await harness.clientCredentials(client, scope: nil).string("access_token"))
    }

    @Test(arguments: TestStore.enabled) func adminsSetAndReadTheDocumentAsUploaded(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let other = try await harness.makeApp(name: "Other")
        try await harness.run { client in
            let admin = try await Self.adminToken(client, harness)

            // An app that set no rules answers the defaults.
            let defaults = try await client.send(.get, "/.settings/rules.json", token: admin)
            #expect(defaults.status == .ok && defaults.text == DatabaseRules.defaults.source)

            let put = try await client.send(.put, "/.settings/rules.json", raw: Data(Self.document.utf8), token: admin)
            #expect(put.status == .ok, "\(put.text)")
            let read = try await client.send(.get, "/.settings/rules.json", token: admin)
            #expect(read.status == .ok && read.text == Self.document)
            #expect(read.headers[.contentType]?.hasPrefix("application/json") == true)

            // The protocol's query parameters carry the token too, with ns naming the same app.
            let viaAuth = try await client.send(.get, "/.settings/rules.json?auth=\(admin)&ns=\(harness.app.clientID)")
            #expect(viaAuth.status == .ok && viaAuth.text == Self.document)
            let replaced = #"{"rules": {".read": false}}"#
            let viaAccessToken = try await client.send(.put, "/.settings/rules.json?access_token=\(admin)", raw: Data(replaced.utf8))
            #expect(viaAccessToken.status == .ok)
            #expect(try await client.send(.get, "/.settings/rules.json", token: admin).text == replaced)

            // Another app keeps its own (default) rules.
            let otherToken = try #require(
                try await client.send(
                    .post,
                    "/oauth/token",
                    form: ["grant_type": "client_credentials", "client_id": other.app.clientID, "client_secret": other.clientSecret]
                ).string("access_token")
            )
            #expect(try await client.send(.get, "/.settings/rules.json", token: otherToken).text == DatabaseRules.defaults.source)
            #expect(try await client.send(.get, "/.settings/rules.json?ns=\(harness.app.clientID)", token: otherToken).status == .unauthorized)
        }
    }

    @Test(arguments: TestStore.enabled) func onlyTheAppsConfidentialClientMayReadOrSetRules(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let user = try await client.signUpUser("rita")
            for token in [user.access, "not-a-token", nil] as [String?] {
                for method in [HTTPRequest.Method.get, .put] {
                    let answer = try await client.send(method, "/.settings/rules.json", raw: Data(Self.document.utf8), token: token)
                    #expect(answer.status == .unauthorized && answer.json["error"] as? String == "Permission denied")
                }
            }
            let viaQuery = try await client.send(.put, "/.settings/rules.json?auth=\(user.access)", raw: Data(Self.document.utf8))
            #expect(viaQuery.status == .unauthorized)
            let admin = try await Self.adminToken(client, harness)
            #expect(try await client.send(.get, "/.settings/rules.json", token: admin).text == DatabaseRules.defaults.source)
        }
    }

    @Test(arguments: TestStore.enabled) func badDocumentsAreRefusedWithLineAndColumn(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let admin = try await Self.adminToken(client, harness)
            #expect(try await client.send(.put, "/.settings/rules.json", raw: Data(Self.document.utf8), token: admin).status == .ok)
            for (document, error) in Self.refusals {
                let answer = try await client.send(.put, "/.settings/rules.json", raw: Data(document.utf8), token: admin)
                #expect(answer.status == .badRequest && answer.json["error"] as? String == error, "\(document): \(answer.text)")
            }
            let huge = #"{"rules": {".read": "# + "\"" + String(repeating: "true && ", count: 40_000) + "true\"}}"
            let tooLarge = try await client.send(.put, "/.settings/rules.json", raw: Data(huge.utf8), token: admin)
            #expect(tooLarge.status == .contentTooLarge && tooLarge.json["error"] as? String == "The rules document is larger than 256 KiB.")
            // Nothing refused replaced the rules.
            #expect(try await client.send(.get, "/.settings/rules.json", token: admin).text == Self.document)
        }
    }

    @Test(arguments: TestStore.enabled) func theCLISetsAndPrintsRulesThatServersServe(store: TestStore) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-rules-\(UUID().uuidString)").path
        let databaseURL = store == .postgres ? try await TestStore.createDatabase() : nil
        let arguments = databaseURL.map { ["--database", $0] } ?? ["--data-dir", directory]
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let created = try await LatchkeyBinary.createApp("Rules", in: arguments)
        let clientID = created.clientID
        let clientSecret = created.clientSecret
        let app = arguments + ["--app", clientID]
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let file = directory + "/rules.json"

        #expect(try await LatchkeyBinary.run(["database", "rules", "get"] + app).stdout == DatabaseRules.defaults.source + "\n")
        for (document, error) in Self.refusals {
            try Data(document.utf8).write(to: URL(fileURLWithPath: file))
            let refused = try await LatchkeyBinary.run(["database", "rules", "set", file] + app)
            #expect(refused.status != 0 && refused.stderr.contains(error), "\(refused.stderr)")
        }
        try Data(Self.document.utf8).write(to: URL(fileURLWithPath: file))
        let set = try await LatchkeyBinary.run(["database", "rules", "set", file] + app)
        #expect(set.status == 0, "\(set.stderr)")
        #expect(try await LatchkeyBinary.run(["database", "rules", "get"] + app).stdout == Self.document + "\n")

        let node = try await ServerProcess(dataDirectory: directory, extraArguments: arguments)
        let token = try #require(
            try await node.request(
                "POST",
                "/oauth/token",
                form: "grant_type=client_credentials&client_id=\(clientID)&client_secret=\(clientSecret)"
            ).string("access_token")
        )
        #expect(try await node.request("GET", "/.settings/rules.json", token: token).text == Self.document)
        _ = try await node.stop()
        if let databaseURL { await TestStore.dropDatabase(databaseURL) }
    }
}
