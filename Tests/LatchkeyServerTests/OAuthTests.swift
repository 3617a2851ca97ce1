import Foundation
import HTTPTypes
import HummingbirdTesting
import LatchkeyServer
import Testing

/// `/oauth/*` in RFC 6749 / 7009 / 7662 form.
@Suite struct OAuthTests {
    private func basic(_ id: String, _ secret: String) -> HTTPFields {
        [.authorization: "Basic " + Data("\(id):\(secret)".utf8).base64EncodedString()]
    }

    @Test(arguments: TestStore.enabled) func refreshTokenGrant(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let tokens = try await client.signUpUser("amy")
            let response = try await client.send(
                .post,
                "/oauth/token",
                form: ["grant_type": "refresh_token", "refresh_token": tokens.refresh, "client_id": harness.app.clientID]
            )
            #expect(response.status == .ok)
            #expect(response.headers[.cacheControl] == "no-store")
            #expect(response.string("token_type") == "Bearer")
            #expect(response.value("expires_in") as? Int == 3600)
            #expect(response.string("refresh_token")?.hasPrefix("lkr_") == true)
            #expect(try await client.send(.get, "/v1/me", token: try #require(response.string("access_token"))).status == .ok)
            let again = try await client.send(
                .post,
                "/oauth/token",
                form: ["grant_type": "refresh_token", "refresh_token": "lkr_bogus", "client_id": harness.app.clientID]
            )
            #expect(again.status == .badRequest)
            #expect(again.string("error") == "invalid_grant")

            // A scope beyond the session's is refused before the token is spent (RFC 6749 §6); a
            // narrower one gets the session's, which the answer names.
            let successor = try #require(response.string("refresh_token"))
            for scope in ["openid users:read", "wallet:write", "bogus"] {
                let wider = try await client.send(
                    .post,
                    "/oauth/token",
                    form: ["grant_type": "refresh_token", "refresh_token": successor, "client_id": harness.app.clientID, "scope": scope]
                )
                #expect(wider.status == .badRequest && wider.string("error") == "invalid_scope", "\(scope)")
            }
            let narrower = try await client.send(
                .post,
                "/oauth/token",
                form: ["grant_type": "refresh_token", "refresh_token": successor, "client_id": harness.app.clientID, "scope": "openid"]
            )
            #expect(narrower.status == .ok && narrower.string("scope") == "openid profile public")
        }
    }

    @Test(arguments: TestStore.enabled) func clientCredentialsNeedsAConfidentialClient(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let granted = try await client.send(
                .post,
                "/oauth/token",
                form: ["grant_type": "client_credentials"],
                headers: basic(harness.app.clientID, harness.clientSecret)
            )
            #expect(granted.status == .ok)
            #expect(granted.string("access_token") != nil)
            #expect(granted.value("refresh_token") == nil)
            // RFC 6749 §3.1: unrecognized parameters are ignored, even repeated; a repeated known one is refused.
            var formBasic = basic(harness.app.clientID, harness.clientSecret)
            formBasic[.contentType] = "application/x-www-form-urlencoded"
            let extras = try await client.send(
                .post,
                "/oauth/token",
                raw: Data("grant_type=client_credentials&x=1&x=2&token=a&token=b".utf8),
                headers: formBasic
            )
            #expect(extras.status == .ok)
            let repeated = try await client.send(
                .post,
                "/oauth/token",
                raw: Data("grant_type=client_credentials&grant_type=password".utf8),
                headers: formBasic
            )
            #expect(repeated.string("error") == "invalid_request")
            let publicClient = try await client.send(
                .post,
                "/oauth/token",
                form: ["grant_type": "client_credentials", "client_id": harness.app.clientID]
            )
            #expect(publicClient.string("error") == "unauthorized_client")
            let badSecret = try await client.send(
                .post,
                "/oauth/token",
                form: ["grant_type": "client_credentials"],
                headers: basic(harness.app.clientID, "lks_wrong")
            )
            #expect(badSecret.status == .unauthorized)
            #expect(badSecret.string("error") == "invalid_client")
            #expect(badSecret.headers[.wwwAuthenticate]?.hasPrefix("Basic") == true)
            // A client token is not a user session: valid, but not for a user's routes.
            let notAUser = try await client.send(.get, "/v1/me", token: try #require(granted.string("access_token")))
            #expect(notAUser.status == .forbidden && notAUser.headers[.wwwAuthenticate]?.contains("insufficient_scope") == true)
        }
    }

    /// Every endpoint that takes a client secret, each sent `secret` in its own way (Basic or the form).
    private func presentSecret(
        _ secret: String,
        endpoint: Int,
        harness: TestHarness,
        client: Client,
        headers extra: HTTPFields = [:]
    )
        async throws -> TestResponse
    {
        let id = harness.app.clientID
        switch endpoint % 3 {
        case 0:
            var headers = basic(id, secret)
            for field in extra { headers.append(field) }
            return try await client.send(.post, "/oauth/token", form: ["grant_type": "client_credentials"], headers: headers)
        case 1:
            return try await client.send(
                .post,
                "/oauth/introspect",
                form: ["token": "lkr_none", "client_id": id, "client_secret": secret],
                headers: extra
            )
        default:
            return try await client.send(
                .post,
                "/oauth/revoke",
                form: ["token": "lkr_none", "client_id": id, "client_secret": secret],
                headers: extra
            )
        }
    }

    /// Wrong client secrets lock the address they come from, never the client: the right secret
    /// (256 random bits, which no number of guesses finds) is accepted from every address — the
    /// attacker's included — on every endpoint that takes one, so knowing a public client id
    /// cannot lock an app's backend out.
    @Test(arguments: TestStore.enabled) func clientSecretGuessesLockTheAddressNeverTheRightSecret(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) {
            $0.auth.ipFailureLimit = 3
        } configureServer: {
            $0.trustedProxies = ["127.0.0.1"]
        }
        try await harness.run(.live) { client in
            let attacker: HTTPFields = [.forwardedFor: "203.0.113.7"]
            for guess in 0..<20 {
                let wrong = try await presentSecret("lks_guess\(guess)", endpoint: guess, harness: harness, client: client, headers: attacker)
                #expect(wrong.status == (guess < 3 ? .unauthorized : .tooManyRequests), "guess \(guess)")
                if guess >= 3 { #expect(Int(wrong.headers[.retryAfter] ?? "") ?? 0 > 0) }
            }
            let other: HTTPFields = [.forwardedFor: "198.51.100.9"]
            for endpoint in 0..<3 {
                for address in [attacker, other] {
                    let right = try await presentSecret(harness.clientSecret, endpoint: endpoint, harness: harness, client: client, headers: address)
                    #expect(right.status == .ok, "endpoint \(endpoint), \(address)")
                }
            }
            // Another address's wrong secrets are its own: not locked by the attacker's.
            #expect(try await presentSecret("lks_typo", endpoint: 0, harness: harness, client: client, headers: other).status == .unauthorized)
        }
    }

    @Test(arguments: TestStore.enabled) func passwordGrantOnlyWhenEnabled(store: TestStore) async throws {
        let off = try await TestHarness.make(store: store)
        try await off.run { client in
            _ = try await client.signUpUser("ben")
            let response = try await client.send(
                .post,
                "/oauth/token",
                form: ["grant_type": "password", "username": "ben", "password": "correct horse battery", "client_id": off.app.clientID]
            )
            #expect(response.string("error") == "unauthorized_client")
        }
        let on = try await TestHarness.make(store: store) { $0.oauth.passwordGrantEnabled = true }
        try await on.run { client in
            _ = try await client.signUpUser("ben")
            let good = try await client.send(
                .post,
                "/oauth/token",
                form: ["grant_type": "password", "username": "ben", "password": "correct horse battery", "client_id": on.app.clientID]
            )
            #expect(good.status == .ok)
            #expect(good.string("refresh_token") != nil)
            let bad = try await client.send(
                .post,
                "/oauth/token",
                form: ["grant_type": "password", "username": "ben", "password": "nope nope", "client_id": on.app.clientID]
            )
            #expect(bad.string("error") == "invalid_grant")
        }
    }

    @Test(arguments: TestStore.enabled) func tokenEndpointErrors(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let json = try await client.send(.post, "/oauth/token", json: ["grant_type": "refresh_token"])
            #expect(json.string("error") == "invalid_request")
            let missing = try await client.send(.post, "/oauth/token", form: ["client_id": harness.app.clientID])
            #expect(missing.string("error") == "invalid_request")
            let unsupported = try await client.send(
                .post,
                "/oauth/token",
                form: ["grant_type": "urn:ietf:params:oauth:grant-type:device_code", "client_id": harness.app.clientID]
            )
            #expect(unsupported.string("error") == "unsupported_grant_type")
            let codeless = try await client.send(
                .post,
                "/oauth/token",
                form: ["grant_type": "authorization_code", "client_id": harness.app.clientID]
            )
            #expect(codeless.string("error") == "invalid_request")
            let unknownClient = try await client.send(.post, "/oauth/token", form: ["grant_type": "refresh_token", "client_id": "lk_who"])
            #expect(unknownClient.status == .unauthorized)
            #expect(unknownClient.string("error") == "invalid_client")
        }
    }

    @Test(arguments: TestStore.enabled) func revocation(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let tokens = try await client.signUpUser("cleo")
            let unknown = try await client.send(.post, "/oauth/revoke", form: ["token": "lkr_unknown", "client_id": harness.app.clientID])
            #expect(unknown.status == .ok)
            let revoked = try await client.send(.post, "/oauth/revoke", form: ["token": tokens.refresh, "client_id": harness.app.clientID])
            #expect(revoked.status == .ok)
            #expect(try await client.send(.get, "/v1/me", token: tokens.access).status == .unauthorized)
            #expect(try await client.refresh(tokens.refresh).status == .unauthorized)
            let viaAccess = try await client.signUpUser("cleo2")
            _ = try await client.send(.post, "/oauth/revoke", form: ["token": viaAccess.access, "client_id": harness.app.clientID])
            #expect(try await client.send(.get, "/v1/me", token: viaAccess.access).status == .unauthorized)
        }
    }

    @Test(arguments: TestStore.enabled) func introspection(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let other = try await harness.makeApp(name: "Other")
        try await harness.run { client in
            let tokens = try await client.signUpUser("dora")
            let auth = basic(harness.app.clientID, harness.clientSecret)
            let unauthenticated = try await client.send(
                .post,
                "/oauth/introspect",
                form: ["token": tokens.access, "client_id": harness.app.clientID]
            )
            #expect(unauthenticated.status == .unauthorized)
            let active = try await client.send(.post, "/oauth/introspect", form: ["token": tokens.access], headers: auth)
            #expect(active.value("active") as? Bool == true)
            #expect(active.string("token_type") == "access_token")
            #expect(active.string("client_id") == harness.app.clientID)
            let refresh = try await client.send(.post, "/oauth/introspect", form: ["token": tokens.refresh], headers: auth)
            #expect(refresh.value("active") as? Bool == true)
            #expect(refresh.string("token_type") == "refresh_token")
            let foreign = try await client.send(
                .post,
                "/oauth/introspect",
                form: ["token": tokens.access],
                headers: basic(other.app.clientID, other.clientSecret)
            )
            #expect(foreign.json.count == 1 && foreign.value("active") as? Bool == false)
            let garbage = try await client.send(.post, "/oauth/introspect", form: ["token": "garbage"], headers: auth)
            #expect(garbage.json.count == 1 && garbage.value("active") as? Bool == false)
            _ = try await client.send(.post, "/v1/auth/signout", token: tokens.access)
            let afterSignOut = try await client.send(.post, "/oauth/introspect", form: ["token": tokens.access], headers: auth)
            #expect(afterSignOut.value("active") as? Bool == false)
        }
    }

    @Test(arguments: TestStore.enabled) func userinfo(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.auth.revealTakenEmails = true }
        try await harness.run { client in
            let response = try await client.signUp(["username": "eve", "email": "eve@example.com", "password": "correct horse battery"])
            let token = try #require(response.string("session.accessToken") ?? nil)
            let info = try await client.send(.get, "/oauth/userinfo", token: token)
            #expect(info.status == .ok)
            #expect(info.string("sub") == response.string("user.id"))
            #expect(info.string("preferred_username") == "eve")
            #expect(info.value("email_verified") as? Bool == false)
            #expect(try await client.send(.get, "/oauth/userinfo").status == .unauthorized)
        }
    }

    @Test(arguments: TestStore.enabled) func discovery(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let document = try await client.send(.get, "/.well-known/openid-configuration")
            #expect(document.string("issuer") == "http://latchkey.test")
            #expect(document.string("jwks_uri") == "http://latchkey.test/.well-known/jwks.json")
            #expect(document.string("token_endpoint") == "http://latchkey.test/oauth/token")
            #expect(document.string("introspection_endpoint") == "http://latchkey.test/oauth/introspect")
        }
    }
}
