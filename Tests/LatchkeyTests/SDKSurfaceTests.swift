import Foundation
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
