import Foundation
import HTTPTypes
import LatchkeyServer
import Testing

/// The janitor deletes what no one can use any more, and nothing else.
@Suite struct JanitorTests {
    @Test(arguments: TestStore.enabled) func expiredRowsAreSweptOnSchedule(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let tokens = try await client.signUpUser("tidy")
            _ = try await client.send(.post, "/v1/auth/signout", token: tokens.access)
            _ = try await client.signIn("tidy", password: "a wrong password")
            _ = try await client.startPhone(PhoneSignInTests.phone)
            try await eventually { try await harness.latestMessage(to: PhoneSignInTests.phone).status == .sent }
            #expect(try await harness.backend.janitor.sweep() == [:])

            harness.clock.advance(by: 86_400 + 601)
            #expect(try await harness.backend.janitor.sweep() == ["oneTimeCodes": 1, "changeEvents": 3])
            harness.clock.advance(by: 7 * 86_400)
            #expect(try await harness.backend.janitor.sweep() == ["messages": 1, "throttles": 2])
            harness.clock.advance(by: 30 * 86_400)
            #expect(try await harness.backend.janitor.sweep() == ["sessions": 1])
            #expect(try await harness.backend.janitor.sweep() == [:])
            #expect(try await client.signIn("tidy").status == .ok)
        }
    }
}
