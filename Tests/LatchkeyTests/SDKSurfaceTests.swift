import Foundation
import Latchkey
import LatchkeyWire
import Testing

/// The umbrella type stays thin: `Latchkey` holds the session, its observers, reachability and
/// `hello`, and hands out feature clients; every other call lives on the feature client it
/// belongs to. Members kept only for older apps are deprecated and do not count.
struct SDKSurfaceTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/Latchkey")

    /// The public members declared on `Latchkey` (in its class body and its extensions) that are
    /// not deprecated, as `File.swift: declaration`.
    static func umbrellaMembers() throws -> [String] {
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?.allObjects as? [URL])
        var members: [String] = []
        for file in files where file.pathExtension == "swift" {
            let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            var inUmbrella = false
            for (index, line) in lines.enumerated() {
                if line.hasPrefix("public final class Latchkey:") || line.hasPrefix("extension Latchkey {") {
                    inUmbrella = true
                } else if line.hasPrefix("}") {
                    inUmbrella = false
                } else if inUmbrella, line.hasPrefix("    public ") || line.hasPrefix("    nonisolated public ") {
                    let attributes = lines[..<index].reversed().prefix { $0.hasPrefix("    @") || $0.hasPrefix("    ///") }
                    if !attributes.contains(where: { $0.contains("deprecated") }) {
                        members.append("\(file.lastPathComponent): \(line.trimmingCharacters(in: .whitespaces))")
                    }
                }
            }
        }
        return members.sorted()
    }

    @Test func theUmbrellaHasAtMostTwentyFivePublicMembers() throws {
        let members = try Self.umbrellaMembers()
        #expect(members.count <= 25, "\(members.count) public members:\n\(members.joined(separator: "\n"))")
        // Each feature is reached through its client.
        for client in ["auth", "database", "profile", "appData", "leaderboards", "wallet", "push", "modules"] {
            #expect(members.contains { $0.contains("public var \(client):") }, "no `\(client)` client")
        }
        // Account calls are the auth client's, not the umbrella's.
        #expect(!members.contains { $0.contains("func signIn") || $0.contains("func signUp") || $0.contains("func request") })
    }
}

/// The stored user keeps the flat form it always had (the profile beside the session's fields),
/// so a session saved before ``CurrentUser/session`` existed restores, and one saved now reads back.
struct SDKStoredUserFormTests {
    @Test func aUserStoredInTheFlatFormRestoresWithItsSession() throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let created = Date(timeIntervalSince1970: 1_767_225_600)
        let profile = UserRecord(id: "u1", uid: "password:u1", username: "kid01", createdAt: created, updatedAt: created)
        let claims = """
            {"iss":"https://id.example","sub":"u1","aud":"lk_app","exp":1767229200,"iat":1767225600,"nbf":1767225600,\
            "jti":"j1","sid":"s1","scope":"openid profile public","app_id":"a1","client_id":"lk_app"}
            """
        // The form every earlier version wrote: the session's fields beside the profile.
        let stored: [String: Any] = [
            "profile": try JSONSerialization.jsonObject(with: try encoder.encode(profile)),
            "accessToken": "a.b.c",
            "refreshToken": "lkr_1",
            "expiresAt": "2026-01-01T01:00:00Z",
            "loginDate": "2026-01-01T00:00:00Z",
            "claims": try JSONSerialization.jsonObject(with: Data(claims.utf8)),
        ]
        let user = try decoder.decode(CurrentUser.self, from: try JSONSerialization.data(withJSONObject: stored))
        #expect(user.id == "u1" && user.username == "kid01")
        #expect(user.session.accessToken == "a.b.c" && user.session.refreshToken == "lkr_1" && user.session.id == "s1")
        #expect(user.session.loginDate == created && !user.isRestricted)

        let written = try JSONSerialization.jsonObject(with: try encoder.encode(user)) as? [String: Any]
        #expect(Set(written?.keys.map { $0 } ?? []) == Set(stored.keys))
        #expect(try decoder.decode(CurrentUser.self, from: try encoder.encode(user)) == user)
    }
}
