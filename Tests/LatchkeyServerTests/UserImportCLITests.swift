import Foundation
import HTTPTypes
import Testing

/// `latchkey import users` and `latchkey export users` as an operator runs them: a Firebase
/// export with its parameters in a header line, a dry run, refused lines with their numbers and
/// exit status 1, sign-in through a served API, and an export that re-imports into another app.
@Suite struct UserImportCLITests {
    private static func directory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-import-\(UUID().uuidString)").path
    }

    private static func createApp(_ name: String, in directory: String) async throws -> String {
        let clientID = try await LatchkeyBinary.createApp(name, in: ["--data-dir", directory]).clientID
        _ = try await LatchkeyBinary.run(["apps", "update", clientID, "--bcrypt-cost", "10", "--data-dir", directory])
        return clientID
    }

    @Test func aFirebaseExportImportsSignsInAndExportsAgain() async throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let clientID = try await Self.createApp("Imported", in: directory)
        let file = directory + "/firebase.jsonl"
        let content = """
            {"firebaseScrypt": {"signerKey": "jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==", "saltSeparator": "Bw==", "rounds": 8, "memCost": 14}}
            {"externalId": "fb-1", "email": "one@example.com", "emailVerified": true, "passwordHashFormat": "firebase_scrypt", "passwordHash": "lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==", "passwordSalt": "42xEC+ixf3L2lw=="}
            {"externalId": "fb-2", "email": "two@example.com", "passwordHash": "md5:5f4dcc3b5aa765d61d8327deb882cf99"}
            """
        try content.write(toFile: file, atomically: true, encoding: .utf8)

        let dry = try await LatchkeyBinary.run(["import", "users", "--app", clientID, file, "--dry-run", "--data-dir", directory])
        #expect(dry.status == 1)
        #expect(dry.stdout.contains("line 2  fb-1  created") && dry.stdout.contains("line 3  fb-2  refused  passwordHash: invalid_password_hash"))
        let real = try await LatchkeyBinary.run(["import", "users", "--app", clientID, file, "--json", "--data-dir", directory])
        #expect(real.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(real.stdout.utf8)) as? [String: Any])
        #expect(report["created"] as? Int == 1 && report["refused"] as? Int == 1)

        let server = try await ServerProcess(dataDirectory: directory)
        let wrong = try await server.request(
            "POST",
            "/v1/auth/signin",
            json: ["email": "one@example.com", "password": "user2password"],
            clientID: clientID
        )
        #expect(wrong.status == .unauthorized)
        let right = try await server.request(
            "POST",
            "/v1/auth/signin",
            json: ["email": "one@example.com", "password": "user1password"],
            clientID: clientID
        )
        #expect(right.status == .ok)
        _ = try await server.stop()

        let exported = directory + "/out.jsonl"
        #expect(try await LatchkeyBinary.run(["export", "users", "--app", clientID, "--output", exported, "--data-dir", directory]).status == 0)
        let lines = try String(contentsOfFile: exported, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains(#""passwordHash":"$2b$10$"#) && lines[0].contains(#""externalId":"fb-1""#), "\(lines)")

        let other = try await Self.createApp("Other", in: directory)
        let again = try await LatchkeyBinary.run(["import", "users", "--app", other, exported, "--data-dir", directory])
        #expect(again.status == 0 && again.stdout.contains("created 1, updated 0, unchanged 0, refused 0"))
    }
}
