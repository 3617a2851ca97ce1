import Foundation
import HTTPTypes
import HummingbirdTesting
import LatchkeyServer
import Testing

/// Refresh rotation, reuse detection, retries of a lost answer, expiry, sign-out and the session endpoints.
@Suite struct SessionTests {
    @Test(arguments: TestStore.enabled) func refreshRotatesTheToken(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let tokens = try await client.signUpUser("gina")
            let refreshed = try await client.refresh(tokens.refresh)
            #expect(refreshed.status == .ok)
            let next = try #require(refreshed.string("session.refreshToken"))
            #expect(next != tokens.refresh)
            let access = try #require(refreshed.string("session.accessToken"))
            #expect(try await client.send(.get, "/v1/me", token: access).status == .ok)
            #expect(try await client.refresh(next).status == .ok)
        }
    }

    @Test(arguments: TestStore.enabled) func aRetryGetsTheSameSuccessor(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let tokens = try await client.signUpUser("hank")
            let first = try await client.refresh(tokens.refresh)
            harness.clock.advance(by: 5)
            let retry = try await client.refresh(tokens.refresh)
            #expect(retry.status == .ok)
            #expect(retry.string("session.refreshToken") == first.string("session.refreshToken"))
        }
    }

    @Test(arguments: TestStore.enabled) func aLostAnswerCanBeRetriedLongAfterwardsWhileTheSuccessorIsUnused(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.auth.sessionIdleTTL = 7200 }
        try await harness.run { client in
            let tokens = try await client.signUpUser("ivan")
            let lost = try await client.refresh(tokens.refresh)  // the server committed; the app never saw this answer
            let successor = try #require(lost.string("session.refreshToken"))
            harness.clock.advance(by: 3600)  // the app was suspended for an hour
            let retry = try await client.refresh(tokens.refresh)
            #expect(retry.status == .ok)
            #expect(retry.string("session.refreshToken") == successor)
            let access = try #require(retry.string("session.accessToken"))
            #expect(try await client.send(.get, "/v1/me", token: access).status == .ok)
            let next = try await client.refresh(successor)
            #expect(next.status == .ok)
            #expect(try await client.refresh(try #require(next.string("session.refreshToken"))).status == .ok)
        }
    }

    @Test(arguments: TestStore.enabled) func reuseOfATokenWhoseSuccessorWasUsedRevokesTheFamily(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let tokens = try await client.signUpUser("iris")
            let first = try await client.refresh(tokens.refresh)
            let successor = try #require(first.string("session.refreshToken"))
            let second = try await client.refresh(successor)
            let live = try #require(second.string("session.refreshToken"))
            let access = try #require(second.string("session.accessToken"))
            harness.clock.advance(by: 11)
            let reuse = try await client.refresh(tokens.refresh)
            #expect(reuse.status == .unauthorized)
            #expect(reuse.string("code") == "session_expired")
            #expect(try await client.refresh(live).status == .unauthorized)
            #expect(try await client.refresh(successor).status == .unauthorized)
            #expect(try await client.send(.get, "/v1/me", token: access).status == .unauthorized)
        }
    }

    @Test(arguments: TestStore.enabled) func aRefreshTokenPresentedWithAnotherAppsClientIDIsNotSpoiled(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let other = try await harness.makeApp(name: "Other")
        try await harness.run { client in
            let tokens = try await client.signUpUser("olga")
            for _ in 0..<2 {
                let elsewhere = try await client.send(
                    .post,
                    "/v1/auth/refresh",
                    json: ["refreshToken": tokens.refresh],
                    app: other.app.clientID
                )
                #expect(elsewhere.status == .unauthorized)
                let oauth = try await client.send(
                    .post,
                    "/oauth/token",
                    form: ["grant_type": "refresh_token", "refresh_token": tokens.refresh, "client_id": other.app.clientID]
                )
                #expect(oauth.status == .badRequest)
            }
            // Before the fix the claim spent the token: its own app then got a successor that was never stored.
            let own = try await client.refresh(tokens.refresh)
            #expect(own.status == .ok)
            let successor = try #require(own.string("session.refreshToken"))
            #expect(try await client.send(.get, "/v1/me", token: try #require(own.string("session.accessToken"))).status == .ok)
            // The used token, too, is left alone when another app presents it.
            #expect(
                try await client.send(.post, "/v1/auth/refresh", json: ["refreshToken": tokens.refresh], app: other.app.clientID).status
                    == .unauthorized
            )
            #expect(try await client.refresh(successor).status == .ok)
        }
    }

    @Test(arguments: TestStore.enabled) func reuseOfAGrandparentRevokes(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let tokens = try await client.signUpUser("jack")
            let second = try #require(try await client.refresh(tokens.refresh).string("session.refreshToken"))
            let third = try #require(try await client.refresh(second).string("session.refreshToken"))
            #expect(try await client.refresh(tokens.refresh).status == .unauthorized)
            #expect(try await client.refresh(third).status == .unauthorized)
        }
    }

    @Test(arguments: TestStore.enabled) func twentyParallelRefreshesLeaveOneLiveFamily(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run(.live) { client in
            let tokens = try await client.signUpUser("kate")
            let responses = try await withThrowingTaskGroup(of: TestResponse.self) { group in
                for _ in 0..<20 { group.addTask { try await client.refresh(tokens.refresh) } }
                return try await group.reduce(into: [TestResponse]()) { $0.append($1) }
            }
            #expect(responses.allSatisfy { $0.status == .ok })
            let successors = Set(responses.compactMap { $0.string("session.refreshToken") })
            #expect(successors.count == 1)
            let successor = try #require(successors.first)
            #expect(try await client.refresh(successor).status == .ok)
            let me = try await client.send(.get, "/v1/me/sessions", token: try #require(responses[0].string("session.accessToken")))
            #expect((me.value("sessions") as? [Any])?.count == 1)
        }
    }

    @Test(arguments: TestStore.enabled) func absoluteAndIdleExpiry(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) {
            $0.auth.sessionTTL = 3600
            $0.auth.accessTokenTTL = 600
            $0.auth.sessionIdleTTL = 1200
        }
        try await harness.run { client in
            let idle = try await client.signUpUser("lena")
            harness.clock.advance(by: 1300)
            #expect(try await client.refresh(idle.refresh).status == .unauthorized)

            var current = try #require(try await client.signIn("lena").string("session.refreshToken"))
            for _ in 0..<3 {
                harness.clock.advance(by: 1000)
                current = try #require(try await client.refresh(current).string("session.refreshToken"))
            }
            harness.clock.advance(by: 700)  // 3700 s after sign-in: past the absolute lifetime
            #expect(try await client.refresh(current).status == .unauthorized)
        }
    }

    @Test(arguments: TestStore.enabled) func signOutEndsTheSessionAtOnce(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let tokens = try await client.signUpUser("mike")
            #expect(try await client.send(.get, "/v1/me", token: tokens.access).status == .ok)
            let signOut = try await client.send(.post, "/v1/auth/signout", token: tokens.access)
            #expect(signOut.status == .noContent)
            let after = try await client.send(.get, "/v1/me", token: tokens.access)
            #expect(after.status == .unauthorized)
            #expect(after.headers[.wwwAuthenticate]?.contains(#"error="invalid_token""#) == true)
            #expect(try await client.refresh(tokens.refresh).status == .unauthorized)
        }
    }

    @Test(arguments: TestStore.enabled) func signOutEverywhereEndsEverySession(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let phone = try await client.signUpUser("nina")
            let laptop = try #require(try await client.signIn("nina").string("session.accessToken"))
            #expect(try await client.send(.post, "/v1/auth/signout?all=true", token: laptop).status == .noContent)
            #expect(try await client.send(.get, "/v1/me", token: phone.access).status == .unauthorized)
            #expect(try await client.send(.get, "/v1/me", token: laptop).status == .unauthorized)
        }
    }

    @Test(arguments: TestStore.enabled) func sessionEndpointSaysWhoIsSignedIn(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let tokens = try await client.signUpUser("olga")
            let session = try await client.send(.get, "/v1/auth/session", token: tokens.access, headers: [.userAgent: "TestAgent/1"])
            #expect(session.status == .ok)
            #expect(session.string("user.username") == "olga")
            #expect(session.value("session.current") as? Bool == true)
            #expect(session.string("session.expiresAt") != nil)
            #expect(try await client.send(.get, "/v1/auth/session").status == .unauthorized)
        }
    }

    @Test(arguments: TestStore.enabled) func listAndRevokeOwnSessions(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let first = try await client.signUpUser("pete")
            let second = try #require(try await client.signIn("pete").string("session.accessToken"))
            let list = try await client.send(.get, "/v1/me/sessions", token: second)
            let sessions = try #require(list.value("sessions") as? [[String: Any]])
            #expect(sessions.count == 2)
            let other = try #require(sessions.first { $0["current"] as? Bool == false }?["id"] as? String)
            #expect(try await client.send(.delete, "/v1/me/sessions/\(other)", token: second).status == .noContent)
            #expect(try await client.send(.get, "/v1/me", token: first.access).status == .unauthorized)
            #expect(try await client.send(.get, "/v1/me", token: second).status == .ok)
            #expect(try await client.send(.delete, "/v1/me/sessions/nonexistent", token: second).status == .notFound)
        }
    }
}
