import Foundation
import HTTPTypes
import Testing

@testable import LatchkeyServer

extension TestHarness {
    /// A `client_credentials` access token of the app carrying `scope`.
    func clientToken(_ client: Client, scope: String) async throws -> String {
        let answer = try await client.send(
            .post,
            "/oauth/token",
            form: ["grant_type": "client_credentials", "client_id": app.clientID, "client_secret": clientSecret, "scope": scope]
        )
        return try #require(answer.string("access_token"), "no client token: \(answer.text)")
    }
}
