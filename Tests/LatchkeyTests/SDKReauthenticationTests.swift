import Foundation
import Latchkey
import LatchkeyServer
import LatchkeyTestSupport
import Testing

/// `reauthenticate(...)` against a live server whose re-authentication window is the shortest
/// allowed (30 s), so the test waits it out once.
@Suite struct SDKReauthenticationTests {
    @Test func aStaleSessionReauthenticatesWithThePasswordBeforeDeletingTheAccount() async throws {
        try await serving(try await LiveServer.start(configure: { $0.reauthenticationWindowSeconds = 30 })) { server in
            let sdk = server.client()
            try await sdk.signUp(username: "stale", password: "correct horse battery")
            try await Task.sleep(for: .seconds(31))
            do {
                try await sdk.deleteAccount()
                Issue.record("a deletion 31 s after sign-up went through without re-authentication")
            } catch let error as LatchkeyError {
                guard case .server(let code, _) = error.kind else { throw error }
                #expect(code == "reauthentication_required")
            }
            await #expect(throws: LatchkeyError.wrongPassword) { try await sdk.reauthenticate(password: "not the password") }
            let answer = await withCheckedContinuation { done in
                sdk.reauthenticate(password: "correct horse battery") { done.resume(returning: $0) }
            }
            try answer.get()
            try await sdk.deleteAccount()
            #expect(sdk.currentUser == nil)
        }
    }
}
