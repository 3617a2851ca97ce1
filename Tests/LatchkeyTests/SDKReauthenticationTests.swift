import Foundation
import Latchkey
import LatchkeyServer
import LatchkeyTestSupport
import Testing

/// `reauthenticate(...)` against a live server whose re-authentication window is the shortest
/// allowed (30 s), so the test waits it out once.
@Suite struct SDKReauthenticationTests {
    @Test func aStaleSessionReauthenticatesWithThePasswordBeforeDeletingTheAccount() async throws {
        try await serving(try await LiveServer.start(configure: { $0.auth.reauthenticationWindowSeconds = 30 })) { server in
            let sdk = server.client()
            try await sdk.auth.signUp(username: "stale", password: "correct horse battery")
            try await Task.sleep(for: .seconds(31))
            await #expect(throws: LatchkeyError.reauthenticationRequired) { try await sdk.auth.deleteAccount() }
            await #expect(throws: LatchkeyError.wrongPassword) { try await sdk.auth.reauthenticate(password: "not the password") }
            let answer = await withCheckedContinuation { done in
                sdk.auth.reauthenticate(password: "correct horse battery") { done.resume(returning: $0) }
            }
            try answer.get()
            try await sdk.auth.deleteAccount()
            #expect(sdk.currentUser == nil)
        }
    }
}
