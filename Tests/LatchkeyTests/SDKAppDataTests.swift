import Foundation
import Latchkey
import LatchkeyServer
import LatchkeyTestSupport
import Testing

/// `latchkey.appData` against a live server: Codable values, ETags and conditional writes,
/// paging, typed errors, and the completion-handler form.
@Suite struct SDKAppDataTests {
    struct Settings: Codable, Sendable, Equatable {
        var volume: Double
        var tutorialDone: Bool
    }

    @Test func valuesRoundTripWithOptimisticConcurrency() async throws {
        try await serving(try await LiveServer.start(configure: { $0.appData.appDataMaxValueBytes = 1_024 })) { server in
            let sdk = server.client()
            try await sdk.auth.signUp(username: "ann", password: "correct horse battery")
            #expect(try await sdk.appData.get(Settings.self, forKey: "settings") == nil)

            let created = try await sdk.appData.set(Settings(volume: 0.5, tutorialDone: false), forKey: "settings", onlyIfAbsent: true)
            let read = try #require(try await sdk.appData.get(Settings.self, forKey: "settings"))
            #expect(read.value == Settings(volume: 0.5, tutorialDone: false) && read.etag == created.etag)

            let updated = try await sdk.appData.set(Settings(volume: 1, tutorialDone: true), forKey: "settings", ifMatch: read.etag)
            #expect(updated.etag != read.etag)
            // A writer holding the old tag loses, and so does a create-only write.
            await #expect(throws: LatchkeyError.etagMismatch) {
                try await sdk.appData.set(Settings(volume: 0, tutorialDone: false), forKey: "settings", ifMatch: read.etag)
            }
            await #expect(throws: LatchkeyError.etagMismatch) { try await sdk.appData.set(1, forKey: "settings", onlyIfAbsent: true) }
            await #expect(throws: LatchkeyError.etagMismatch) { try await sdk.appData.remove(forKey: "settings", ifMatch: read.etag) }

            await #expect(throws: LatchkeyError.invalidAppDataKey) { try await sdk.appData.set(1, forKey: "../me") }
            // Dot-segments: URL loading would resolve `..` to `v1/me` itself (a remove, to a deletion of the account).
            for key in [".", ".."] {
                await #expect(throws: LatchkeyError.invalidAppDataKey) { try await sdk.appData.remove(forKey: key) }
            }
            await #expect(throws: LatchkeyError.appDataValueTooLarge) {
                try await sdk.appData.set(String(repeating: "x", count: 2_000), forKey: "big")
            }

            for key in ["b", "a", "c"] { try await sdk.appData.set([key], forKey: key) }
            let first = try await sdk.appData.keys(limit: 2)
            #expect(first.entries.map(\.key) == ["a", "b"])
            let second = try await sdk.appData.keys(after: first.nextCursor, limit: 2)
            #expect(second.entries.map(\.key) == ["c", "settings"] && second.nextCursor == nil)

            try await sdk.appData.remove(forKey: "settings", ifMatch: updated.etag)
            try await sdk.appData.remove(forKey: "settings")
            #expect(try await sdk.appData.data(forKey: "settings") == nil)
            #expect(try await sdk.appData.data(forKey: "a")?.value == Data(#"["a"]"#.utf8))

            let stored = await withCheckedContinuation { continuation in
                sdk.appData.set(true, forKey: "flag") { result in continuation.resume(returning: (try? result.get())?.key) }
            }
            #expect(stored == "flag")
            await #expect(throws: LatchkeyError.notSignedIn) { try await server.client().appData.keys() }
        }
    }
}
