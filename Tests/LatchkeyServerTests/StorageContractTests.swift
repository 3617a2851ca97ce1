import Foundation
import Testing

/// What the stores promise their callers, seen through the API.
@Suite struct StorageContractTests {
    /// Sign-ups that race for one email lose to a unique index, not to the read that checks it
    /// first; the loser hears which key refused it from the constraint, not from the error text,
    /// which holds the refused email — and this email names another column.
    @Test(arguments: TestStore.enabled) func racingSignUpsAreToldWhichKeyRefusedThem(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.revealTakenEmails = true }
        try await harness.run { client in
            let email = "username_canonical@example.com"
            let answers = try await withThrowingTaskGroup(of: TestResponse.self) { group in
                for index in 0..<8 {
                    group.addTask {
                        try await client.signUp(["username": "racer\(index)", "email": email, "password": "correct horse battery"])
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.filter { $0.status == .created }.count == 1)
            for answer in answers where answer.status != .created {
                #expect(answer.fieldCodes == ["duplicate_email"], "\(answer.text)")
            }
        }
    }
}
