import Foundation
import HTTPTypes
import LatchkeyServer
import Testing

/// Server-to-server calls: a confidential client's `client_credentials` token reaches the admin
/// routes with the scopes it carries; a user's token, a public client and a missing scope do not.
@Suite struct AdminTests {
    @Test(arguments: TestStore.enabled) func confidentialClientsAdministerUsersWithTheirScopes(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let user = try await client.signUpUser("dora")
            let userID = try #require(try await client.send(.get, "/v1/me", token: user.access).string("id"))
            let path = "/v1/admin/users/\(userID)"

            let full = try await clientToken(client, harness, scope: nil)
            // Without `scope=`, every scope the features' client routes declare (issue 12 adds some).
            let granted = (full.string("scope") ?? "").split(separator: " ").map(String.init)
            #expect(
                Set(granted).isSuperset(of: [
                    "users:read", "users:write", "profiles:read", "appdata:read", "leaderboards:admin", "leaderboards:write", "wallet:read",
                    "wallet:write",
                ])
            )
            let fullToken = try #require(full.string("access_token"))
            let read = try await client.send(.get, path, token: fullToken)
            #expect(read.status == .ok)
            #expect(read.string("user.username") == "dora" && read.value("disabled") as? Bool == false)

            // A user's own token, no token, and a token without the scope are refused; and the
            // client's token, valid as it is, on a user's routes (RFC 6750 §3.1): the body's code
            // says what the header says.
            let byUser = try await client.send(.get, path, token: user.access)
            #expect(byUser.status == .forbidden && byUser.string("code") == "insufficient_scope")
            #expect(byUser.headers[.wwwAuthenticate] == #"Bearer error="insufficient_scope""#)
            for userRoute in ["/v1/me", "/v1/leaderboards", "/v1/me/wallet", "/v1/me/appdata"] {
                let notAUser = try await client.send(.get, userRoute, token: fullToken)
                #expect(notAUser.status == .forbidden && notAUser.headers[.wwwAuthenticate]?.contains("insufficient_scope") == true, "\(userRoute)")
                #expect(notAUser.string("code") == "insufficient_scope", "\(userRoute)")
            }
            #expect(try await client.send(.get, path).status == .unauthorized)
            let readOnly = try #require(try await clientToken(client, harness, scope: "users:read").string("access_token"))
            let refused = try await client.send(.patch, path, json: ["disabled": true], token: readOnly)
            #expect(refused.status == .forbidden && refused.string("code") == "insufficient_scope")
            #expect(refused.headers[.wwwAuthenticate]?.contains("insufficient_scope") == true)
            #expect(try await clientToken(client, harness, scope: "users:read openid").string("error") == "invalid_scope")

            // Disabling ends the user's sessions at once; deleting removes the user.
            let disabled = try await client.send(.patch, path, json: ["disabled": true], token: fullToken)
            #expect(disabled.value("disabled") as? Bool == true)
            #expect(try await client.send(.get, "/v1/me", token: user.access).status == .unauthorized)
            #expect(try await client.send(.delete, path, token: fullToken).status == .noContent)
            #expect(try await client.send(.get, path, token: fullToken).status == .notFound)
            #expect(try await client.send(.delete, path, token: fullToken).status == .notFound)
        }
    }

    @Test(arguments: TestStore.enabled) func aClientReachesOnlyItsOwnAppsUsers(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let other = try await harness.makeApp(name: "Other")
        try await harness.run { client in
            let user = try await client.signUpUser("eve")
            let userID = try #require(try await client.send(.get, "/v1/me", token: user.access).string("id"))
            let answer = try await client.send(
                .post,
                "/oauth/token",
                form: ["grant_type": "client_credentials", "client_id": other.app.clientID, "client_secret": other.clientSecret]
            )
            let token = try #require(answer.string("access_token"))
            #expect(try await client.send(.get, "/v1/admin/users/\(userID)", token: token).status == .notFound)
            // A client id sent beside the token must be the token's own.
            let mismatch = try await client.send(.get, "/v1/admin/users/\(userID)", token: token, app: client.clientID)
            #expect(mismatch.status == .unauthorized && mismatch.string("code") == "client_mismatch")
            #expect(try await client.send(.delete, "/v1/admin/users/\(userID)", token: token).status == .notFound)
            #expect(try await client.send(.get, "/v1/me", token: user.access).status == .ok)
        }
    }

    private func clientToken(_ client: Client, _ harness: TestHarness, scope: String?) async throws -> TestResponse {
        try await harness.clientCredentials(client, scope: scope)
    }
}
