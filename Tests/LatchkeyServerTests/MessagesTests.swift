import Foundation
import HTTPTypes
import LatchkeyWire
import Testing

/// Error documents are written in the language the caller asks for.
@Suite struct MessagesTests {
    @Test(arguments: TestStore.enabled) func titlesFollowAcceptLanguage(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            for language in ["en", "zh-Hans", "ja"] {
                let headers: HTTPFields = [.acceptLanguage: language]
                let unauthorized = try await client.send(.get, "/v1/me", headers: headers)
                let notFound = try await client.send(.get, "/nope", headers: headers)
                let invalid = try await client.send(.post, "/v1/auth/signup", raw: Data("x".utf8), app: client.clientID, headers: headers)
                let titles = [unauthorized, notFound, invalid].compactMap { $0.string("title") }
                #expect(titles.count == 3)
                if language != "en" {
                    #expect(titles.allSatisfy { $0.unicodeScalars.contains { !$0.isASCII } }, "\(language): \(titles)")
                }
            }
        }
    }
}
