import Foundation
import HTTPTypes
import LatchkeyServer
import LatchkeyWire
import Testing

/// `POST /v1/operator/apps/{id}/users/import` (the service `latchkey import users` calls):
/// foreign hashes sign in through the API and are replaced with the app's bcrypt; re-runs are
/// idempotent; bad lines are refused with their line numbers; an export re-imports as it is.
@Suite struct UserImportTests {
    /// Firebase's documented sample project (firebase/scrypt's README).
    static var firebase: [String: Any] {
        [
            "signerKey": "jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==",
            "saltSeparator": "Bw==", "rounds": 8, "memCost": 14,
        ]
    }

    private static func jsonl(_ lines: [[String: Any]]) throws -> String {
        try lines.map { String(decoding: try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]), as: UTF8.self) }
            .joined(separator: "\n")
    }

    private static func importing(
        _ client: Client,
        _ content: String,
        app: String,
        token: String,
        format: String = "jsonl",
        dryRun: Bool = false
    ) async throws -> TestResponse {
        try await client.send(
            .post,
            "/v1/operator/apps/\(app)/users/import",
            json: ["content": content, "format": format, "dryRun": dryRun, "firebaseScrypt": firebase],
            token: token
        )
    }

    private static func exported(_ harness: TestHarness, app: String? = nil) async throws -> [ImportedUser] {
        var users: [ImportedUser] = []
        try await harness.backend.admin.exportUsers(appID: app ?? harness.app.id, by: .commandLine()) { users += $0 }
        return users
    }

    private static func signIn(_ client: Client, email: String, password: String, app: String) async throws -> TestResponse {
        try await client.send(.post, "/v1/auth/signin", json: ["email": email, "password": password], app: app)
    }

    @Test(arguments: TestStore.enabled) func foreignHashesSignInOnceAndBecomeTheAppsBcrypt(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let (_, admin, _) = try await harness.operatorTokens(client)
            var lines: [[String: Any]] = PasswordHashFormatTests.madeByLibraries.enumerated().map { index, hash in
                ["externalId": "lib-\(index)", "email": "lib\(index)@example.com", "emailVerified": true, "passwordHash": hash]
            }
            lines.append([
                "externalId": "fb-1", "email": "fb@example.com", "passwordHashFormat": "firebase_scrypt",
                "passwordHash": "lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==",
                "passwordSalt": "42xEC+ixf3L2lw==", "displayName": "Fire Base",
                "identities": [["provider": "google", "subject": "g-123", "email": "fb@example.com"]],
            ])
            let report = try await Self.importing(client, try Self.jsonl(lines), app: harness.app.id, token: admin)
            #expect(report.status == .ok)
            #expect(report.value("created") as? Int == lines.count && report.value("refused") as? Int == 0)

            for index in PasswordHashFormatTests.madeByLibraries.indices {
                let email = "lib\(index)@example.com"
                let wrong = try await Self.signIn(client, email: email, password: "correct horsE", app: client.clientID)
                #expect(wrong.status == .unauthorized, "\(PasswordHashFormatTests.madeByLibraries[index])")
                let right = try await Self.signIn(client, email: email, password: "correct horse", app: client.clientID)
                #expect(right.status == .ok, "\(PasswordHashFormatTests.madeByLibraries[index])")
                #expect(right.value("user.emailVerified") as? Bool == true)
            }
            #expect(try await Self.signIn(client, email: "fb@example.com", password: "user2password", app: client.clientID).status == .unauthorized)
            let firebaseUser = try await Self.signIn(client, email: "fb@example.com", password: "user1password", app: client.clientID)
            #expect(firebaseUser.status == .ok && firebaseUser.string("user.displayName") == "Fire Base")

            // Every hash is now the app's bcrypt (cost 10), and signs in as such.
            let users = try await Self.exported(harness)
            #expect(users.count == lines.count)
            #expect(users.allSatisfy { $0.passwordHash?.hasPrefix("$2b$10$") == true })
            #expect(
                users.first { $0.externalId == "fb-1" }?.identities == [
                    ImportedIdentity(provider: "google", subject: "g-123", email: "fb@example.com")
                ]
            )
            #expect(try await Self.signIn(client, email: "lib0@example.com", password: "correct horse", app: client.clientID).status == .ok)
        }
    }

    @Test(arguments: TestStore.enabled) func reRunsChangeNothingAndChangedLinesUpdate(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let (_, admin, viewer) = try await harness.operatorTokens(client)
            let hash = PasswordHashFormatTests.madeByLibraries[1]
            var lines: [[String: Any]] = (0..<3).map { ["externalId": "u\($0)", "username": "user\($0)", "passwordHash": hash] }
            let content = try Self.jsonl(lines)

            let dry = try await Self.importing(client, content, app: harness.app.id, token: admin, dryRun: true)
            #expect(dry.value("dryRun") as? Bool == true && dry.value("created") as? Int == 3)
            #expect(try await Self.exported(harness).isEmpty)
            #expect(try await Self.importing(client, content, app: harness.app.id, token: viewer).status == .forbidden)

            #expect(try await Self.importing(client, content, app: harness.app.id, token: admin).value("created") as? Int == 3)
            let again = try await Self.importing(client, content, app: harness.app.id, token: admin)
            #expect(again.value("unchanged") as? Int == 3 && again.value("created") as? Int == 0)

            // A sign-in rehashes u0; a re-run of the same file keeps the new hash.
            #expect(try await client.signIn("user0", password: "correct horse").status == .ok)
            #expect(try await Self.importing(client, content, app: harness.app.id, token: admin).value("unchanged") as? Int == 3)
            #expect(try await Self.exported(harness).first { $0.externalId == "u0" }?.passwordHash?.hasPrefix("$2b$") == true)

            // A changed line updates its user only.
            lines[2]["username"] = "renamed"
            let changed = try await Self.importing(client, try Self.jsonl(lines), app: harness.app.id, token: admin)
            #expect(changed.value("updated") as? Int == 1 && changed.value("unchanged") as? Int == 2)
            #expect(try await client.signIn("renamed", password: "correct horse").status == .ok)
        }
    }

    @Test(arguments: TestStore.enabled) func badLinesAreRefusedWithTheirLineNumbers(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let (_, admin, _) = try await harness.operatorTokens(client)
            let content = """
                {"externalId": "ok", "email": "ok@example.com", "passwordHash": "\(PasswordHashFormatTests.madeByLibraries[0])"}
                {"externalId": "plain", "email": "plain@example.com", "passwordHash": "hunter2"}

                {"externalId": "huge", "email": "huge@example.com", "passwordHash": "$argon2id$v=19$m=4194304,t=3,p=4$AyRhNEWwcKgRSnL8jGPPJA$UwWPkad8yTvH+j83807hY3tPgzSd3ZA+C8rP8uKCF+Y"}
                {"externalId": "twin", "email": "OK@example.com"}
                not json
                {"externalId": "typo", "emial": "x@example.com"}
                """
            let report = try await Self.importing(client, content, app: harness.app.id, token: admin)
            #expect(report.status == .ok)
            let lines = try #require(report.value("lines") as? [[String: Any]])
            let refused = lines.filter { $0["outcome"] as? String == "refused" }
            #expect(refused.map { $0["line"] as? Int } == [2, 4, 5, 6, 7])
            let codes = refused.map { (($0["errors"] as? [[String: Any]])?.first?["code"] as? String) ?? "" }
            #expect(codes == ["invalid_password_hash", "invalid_password_hash", "duplicate_email", "invalid_request", "unknown_field"])
            #expect(report.value("created") as? Int == 1)
            // A garbled hash is refused at import, never stored to fail at sign-in.
            #expect(try await Self.exported(harness).map(\.externalId) == ["ok"])
            let badParameters = try await client.send(
                .post,
                "/v1/operator/apps/\(harness.app.id)/users/import",
                json: ["content": "", "firebaseScrypt": ["signerKey": "!!", "saltSeparator": "", "rounds": 8, "memCost": 14]],
                token: admin
            )
            #expect(badParameters.status.code / 100 == 4 && badParameters.fieldCodes == ["invalid_field"])
        }
    }

    @Test(arguments: TestStore.enabled) func anExportReimportsIntoAnotherApp(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let other = try await harness.makeApp(name: "Other")
        try await harness.run { client in
            let (_, admin, _) = try await harness.operatorTokens(client)
            _ = try await client.signUpUser("native", password: "tall ship 42 sails")
            let csv = #"""
                externalId,email,emailVerified,username,phone,displayName,passwordHash,identities
                c1,"c1@example.com",true,carol,+15551230001,"Carol, ""C""",\#(PasswordHashFormatTests.madeByLibraries[4]),"[{""provider"":""apple"",""subject"":""a-1""}]"
                """#
            let imported = try await Self.importing(client, csv, app: harness.app.id, token: admin, format: "csv")
            #expect(imported.value("created") as? Int == 1, "\(imported.text)")
            let exported = try await Self.exported(harness)
            #expect(exported.count == 2)
            let carol = try #require(exported.first { $0.externalId == "c1" })
            #expect(carol.displayName == "Carol, \"C\"" && carol.phone == "+15551230001" && carol.emailVerified == true)

            let encoder = WireCoding.makeEncoder()
            let content = try exported.map { String(decoding: try encoder.encode($0), as: UTF8.self) }.joined(separator: "\n")
            let into = try await Self.importing(client, content, app: other.app.id, token: admin)
            #expect(into.value("created") as? Int == 2, "\(into.text)")
            #expect(try await Self.exported(harness, app: other.app.id).map(\.externalId).sorted() == exported.map(\.externalId).sorted())
            let native = try await client.send(
                .post,
                "/v1/auth/signin",
                json: ["username": "native", "password": "tall ship 42 sails"],
                app: other.app.clientID
            )
            #expect(native.status == .ok)
            #expect(try await Self.signIn(client, email: "c1@example.com", password: "correct horse", app: other.app.clientID).status == .ok)
            // The same export into its own app matches every user: nothing new.
            let home = try await Self.importing(client, content, app: harness.app.id, token: admin)
            #expect(home.value("created") as? Int == 0 && home.value("refused") as? Int == 0, "\(home.text)")
        }
    }

    @Test(arguments: TestStore.enabled) func pocketBaseAndSupabaseExportsReadDirectly(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let (_, admin, _) = try await harness.operatorTokens(client)
            let bcrypt = PasswordHashFormatTests.madeByLibraries[7]
            let pocketbase = """
                [{"id": "pb0000000000001", "email": "pb@example.com", "emailVisibility": false, "verified": true, "username": "pbuser",
                  "name": "Pocket", "passwordHash": "\(bcrypt)", "tokenKey": "x", "created": "2024-01-02 03:04:05.678Z", "updated": ""}]
                """
            let fromPocketBase = try await Self.importing(client, pocketbase, app: harness.app.id, token: admin, format: "pocketbase")
            #expect(fromPocketBase.value("created") as? Int == 1, "\(fromPocketBase.text)")
            let supabase = #"""
                instance_id,id,aud,role,email,encrypted_password,email_confirmed_at,created_at,phone,raw_user_meta_data
                00000000-0000-0000-0000-000000000000,5b0e9b5e-8f5c-4a3e-9d55-1f2f3a4b5c6d,authenticated,authenticated,sb@example.com,\#(bcrypt),2024-03-04 05:06:07.123456+00,2024-03-04 05:06:07.123456+00,15551239876,"{""full_name"": ""Supa Base""}"
                00000000-0000-0000-0000-000000000000,7c1f0a6f-0000-4a3e-9d55-1f2f3a4b5c6d,authenticated,authenticated,unconfirmed@example.com,,,2024-03-04 05:06:07+00,,
                """#
            let fromSupabase = try await Self.importing(client, supabase, app: harness.app.id, token: admin, format: "supabase")
            #expect(fromSupabase.value("created") as? Int == 2, "\(fromSupabase.text)")

            #expect(try await client.signIn("pbuser", password: "correct horse").status == .ok)
            let signedIn = try await Self.signIn(client, email: "sb@example.com", password: "correct horse", app: client.clientID)
            #expect(signedIn.status == .ok && signedIn.string("user.displayName") == "Supa Base")
            let users = try await Self.exported(harness)
            let pb = try #require(users.first { $0.externalId == "pb0000000000001" })
            #expect(pb.emailVerified == true && pb.displayName == "Pocket" && pb.createdAt == Date(timeIntervalSince1970: 1_704_164_645))
            let sb = try #require(users.first { $0.externalId == "5b0e9b5e-8f5c-4a3e-9d55-1f2f3a4b5c6d" })
            #expect(sb.emailVerified == true && sb.phone == "+15551239876" && sb.createdAt == Date(timeIntervalSince1970: 1_709_528_767))
            let unconfirmed = try #require(users.first { $0.email == "unconfirmed@example.com" })
            #expect(unconfirmed.emailVerified == false && unconfirmed.passwordHash == nil)
        }
    }
}
