import Crypto
import CryptoExtras
import Foundation
import Testing

/// `latchkey push …`: an operator sets an app's APNs key and FCM service account from files;
/// they are stored sealed (the database file holds neither key), and bad ones are refused.
@Suite struct PushCommandTests {
    @Test func anOperatorSetsListsAndRemovesAnAppsPushCredentials() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-push-cli-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let data = ["--data-dir", directory + "/data"]
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let appID = try await LatchkeyBinary.createApp("Pushy", in: data).id

        let apnsKey = P256.Signing.PrivateKey().pemRepresentation
        try apnsKey.write(toFile: directory + "/AuthKey.p8", atomically: true, encoding: .utf8)
        let rsaKey = try _RSA.Signing.PrivateKey(keySize: .bits2048).pemRepresentation
        let account: [String: String] = [
            "type": "service_account", "project_id": "pushy-1", "private_key_id": "k1", "private_key": rsaKey,
            "client_email": "sender@pushy-1.iam.gserviceaccount.com", "token_uri": "https://oauth2.googleapis.com/token",
        ]
        try JSONSerialization.data(withJSONObject: account).write(to: URL(fileURLWithPath: directory + "/account.json"))

        let apns = ["--key-id", "ABC123DEFG", "--team-id", "TEAM123456", "--topic", "com.example.pushy"]
        let setAPNs = try await LatchkeyBinary.run(["push", "set-apns", "--app", appID, "--key", "@" + directory + "/AuthKey.p8"] + apns + data)
        #expect(setAPNs.status == 0, "\(setAPNs.stderr)")
        let setFCM = try await LatchkeyBinary.run(["push", "set-fcm", "--app", appID, "--service-account", "@" + directory + "/account.json"] + data)
        #expect(setFCM.status == 0 && setFCM.stdout.contains("pushy-1"), "\(setFCM.stderr)")
        #expect(try await LatchkeyBinary.run(["push", "status", "--app", appID] + data).stdout == "apns\nfcm\n")

        // Sealed: neither key's text is in the database file (nor its write-ahead log).
        for file in ["latchkey.sqlite", "latchkey.sqlite-wal"] {
            let stored = String(decoding: FileManager.default.contents(atPath: directory + "/data/" + file) ?? Data(), as: UTF8.self)
            for key in [apnsKey, rsaKey] {
                let line = try #require(key.split(separator: "\n").dropFirst().first)
                // As it would be stored in clear: as is, or in JSON with its slashes escaped.
                #expect(
                    !stored.contains(line) && !stored.contains(line.replacingOccurrences(of: "/", with: "\\/")),
                    "\(file) holds a push key in clear"
                )
            }
        }

        // Refused: a key given on the command line itself, a file that is not a key, plain http to another host.
        #expect(try await LatchkeyBinary.run(["push", "set-apns", "--app", appID, "--key", apnsKey] + apns + data).status != 0)
        try "not a key".write(toFile: directory + "/bad.p8", atomically: true, encoding: .utf8)
        let bad = try await LatchkeyBinary.run(["push", "set-apns", "--app", appID, "--key", "@" + directory + "/bad.p8"] + apns + data)
        #expect(bad.status != 0 && bad.stderr.contains("P-256"))
        let http = try await LatchkeyBinary.run(
            ["push", "set-apns", "--app", appID, "--key", "@" + directory + "/AuthKey.p8", "--base-url", "http://push.example.com"] + apns + data
        )
        #expect(http.status != 0)

        #expect(try await LatchkeyBinary.run(["push", "remove", "--app", appID, "--provider", "fcm"] + data).stdout == "removed\n")
        #expect(try await LatchkeyBinary.run(["push", "status", "--app", appID] + data).stdout == "apns\n")
    }
}
