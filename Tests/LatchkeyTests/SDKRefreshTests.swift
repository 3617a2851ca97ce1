import Foundation
import Latchkey
import LatchkeyServer
import LatchkeyTestSupport
import LatchkeyWire
import Testing

/// Refresh under bad networks (a proxy drops or delays answers), late answers after a sign-out or a
/// switch of user, cancellation, and the public token calls.
@Suite struct SDKRefreshTests {
    private static let password = "correct horse battery"
    private static let refresh = "POST /v1/auth/refresh"

    @Test func aRefreshAnswerLostByAProxyIsRetriedAndTheSessionKept() async throws {
        let time = ManualTimeSource()
        try await serving(try await LiveServer.start(time: time, configure: { $0.auth.accessTokenTTL = 60 })) { server in
            try await serving(try FaultyProxy(upstreamPort: server.port)) { proxy in
                let store = InMemoryCredentialStore()
                let sdk = server.client(through: proxy.url, store: store, clock: { time.now() })
                let signedUp = try await sdk.auth.signUp(username: "roamer", password: Self.password)

                // One answer lost: the SDK sends the refresh again, gets the same successor, and the call succeeds.
                time.advance(by: 45)  // the 60 s token is now within the 30 s refresh margin
                proxy.dropAnswers(to: Self.refresh, count: 1)
                var sent = proxy.count(Self.refresh)
                try await sdk.auth.reloadUser()
                #expect(proxy.count(Self.refresh) - sent == 2)
                let rotated = try #require(sdk.currentUser)
                #expect(rotated.session.refreshToken != signedUp.session.refreshToken)

                // Every answer lost (the app went offline mid-refresh): a bounded number of tries, a
                // network error, and the session kept, in memory and in the store.
                time.advance(by: 45)
                proxy.dropAnswers(to: Self.refresh, count: 10)
                sent = proxy.count(Self.refresh)
                await #expect(throws: LatchkeyError.network("")) { try await sdk.auth.reloadUser() }
                #expect(proxy.count(Self.refresh) - sent == 3)
                #expect(sdk.currentUser == rotated)
                #expect(store.load() == rotated)

                // Ten minutes later, far past any grace window: the server had rotated, the successor
                // was never used, so the retry gets it and the session goes on.
                proxy.dropAnswers(to: Self.refresh, count: 0)
                time.advance(by: 600)
                let recovered = try await sdk.auth.reloadUser()
                #expect(recovered.id == signedUp.id)
                #expect(sdk.currentUser?.session.refreshToken != rotated.session.refreshToken)

                // Reuse still revokes: once the successor is used, a copy of the old session presenting
                // the token it replaced ends the whole family.
                try await sdk.auth.refreshSession()
                let copyStore = InMemoryCredentialStore()
                try copyStore.save(rotated)
                let copy = server.client(store: copyStore, clock: { time.now() })
                await #expect(throws: LatchkeyError.sessionExpired) { try await copy.auth.reloadUser() }
                let reasons = collect(sdk.authStateChanges) { if case .signedOut = $0 { true } else { false } }
                await #expect(throws: LatchkeyError.sessionExpired) { try await sdk.auth.reloadUser() }
                #expect(try await reasons.value.last == .signedOut(.revoked))
                #expect(store.load() == nil)
            }
        }
    }

    @Test func offlineWithAnExpiredTokenKeepsTheSession() async throws {
        try await serving(try await LiveServer.start()) { server in
            let store = InMemoryCredentialStore()
            let sdk = server.client(store: store, clock: { Date().addingTimeInterval(7200) })  // the token looks expired
            try await sdk.auth.signUp(username: "offline-refresh", password: Self.password)
            let user = try #require(sdk.currentUser)
            await server.stopServing()
            await #expect(throws: LatchkeyError.network("")) { try await sdk.auth.reloadUser() }
            await #expect(throws: LatchkeyError.network("")) { try await sdk.auth.accessToken() }
            #expect(sdk.currentUser == user)
            #expect(store.load() == user)
            #expect(sdk.isReachable == false)
        }
    }

    @Test func aLateProfileAnswerIsNotAppliedToTheNextUser() async throws {
        try await serving(try await LiveServer.start()) { server in
            try await serving(try FaultyProxy(upstreamPort: server.port)) { proxy in
                let store = InMemoryCredentialStore()
                let sdk = server.client(through: proxy.url, store: store)
                try await server.client().auth.signUp(username: "bob", password: Self.password)
                try await sdk.auth.signUp(username: "alice", password: Self.password)
                let gate = proxy.hold("GET /v1/me ")
                let late = Task { try await sdk.auth.reloadUser() }
                try await proxy.waitUntilHolding()
                try await sdk.auth.signIn(username: "bob", password: Self.password)  // a switch of user while alice's answer is on its way
                gate.signal()
                await #expect(throws: LatchkeyError.sessionExpired) { try await late.value }
                #expect(sdk.currentUser?.username == "bob")
                #expect(store.load()?.username == "bob")
                #expect(try await sdk.auth.reloadUser().username == "bob")
            }
        }
    }

    @Test func aLateRefreshAnswerNeitherReplacesNorSignsOutTheNextUser() async throws {
        try await serving(try await LiveServer.start()) { server in
            try await serving(try FaultyProxy(upstreamPort: server.port)) { proxy in
                let offset = Locked(0.0)
                let store = InMemoryCredentialStore()
                let sdk = server.client(through: proxy.url, store: store, clock: { Date().addingTimeInterval(offset.withLock { $0 }) })
                try await server.client().auth.signUp(username: "bob", password: Self.password)
                try await sdk.auth.signUp(username: "alice", password: Self.password)
                let other = server.client()
                try await other.auth.signIn(username: "alice", password: Self.password)
                for revokeAliceFirst in [false, true] {
                    if revokeAliceFirst { try await sdk.auth.signIn(username: "alice", password: Self.password) }
                    let gate = proxy.hold(Self.refresh)
                    offset.withLock { $0 = 7200 }  // alice's token looks expired: the next call refreshes it
                    let late = Task { try await sdk.auth.reloadUser() }
                    try await proxy.waitUntilHolding()
                    offset.withLock { $0 = 0 }
                    // The late answer is a failure when alice's sessions were ended meanwhile, else new tokens.
                    if revokeAliceFirst { try await other.auth.signOut(everywhere: true) }
                    try await sdk.auth.signIn(username: "bob", password: Self.password)
                    gate.signal()
                    await #expect(throws: LatchkeyError.sessionExpired) { try await late.value }
                    #expect(sdk.currentUser?.username == "bob")
                    #expect(store.load()?.username == "bob")
                }
            }
        }
    }

    @Test func cancellationIsCancellationAndKeepsReachability() async throws {
        try await serving(try await LiveServer.start()) { server in
            try await serving(try FaultyProxy(upstreamPort: server.port)) { proxy in
                let sdk = server.client(through: proxy.url)
                try await sdk.auth.signUp(username: "canceller", password: Self.password)
                #expect(sdk.isReachable == true)
                let gate = proxy.hold("GET /v1/me ")
                let call = Task { try await sdk.auth.reloadUser() }
                try await proxy.waitUntilHolding()
                call.cancel()
                // The held request is let through after 5 s in any case, so a call that ignores
                // cancellation ends (and fails the test) instead of hanging.
                let release = Task {
                    try await Task.sleep(for: .seconds(5))
                    gate.signal()
                }
                let result = await call.result
                release.cancel()
                gate.signal()
                #expect(throws: CancellationError.self) { try result.get() }
                #expect(sdk.isReachable == true)
                #expect(sdk.currentUser?.username == "canceller")
            }
        }
    }

    @Test func accessTokenRefreshesWhenNeededAndOnDemand() async throws {
        try await serving(try await LiveServer.start()) { server in
            let offset = Locked(0.0)
            let sdk = server.client(clock: { Date().addingTimeInterval(offset.withLock { $0 }) })
            await #expect(throws: LatchkeyError.notSignedIn) { try await sdk.auth.accessToken() }
            let user = try await sdk.auth.signUp(username: "token-user", password: Self.password)
            #expect(try await sdk.auth.accessToken() == user.session.accessToken)  // still valid: no refresh
            offset.withLock { $0 = 3600 }
            let refreshed = try await sdk.auth.accessToken()
            #expect(refreshed != user.session.accessToken)
            #expect(sdk.currentUser?.session.accessToken == refreshed)
            offset.withLock { $0 = 0 }
            let forced = try await sdk.auth.accessToken(forcingRefresh: true)
            #expect(forced != refreshed)
            let before = try #require(sdk.currentUser?.session.refreshToken)
            let again = try await sdk.auth.refreshSession()
            #expect(again.session.refreshToken != before)
            // The token works for someone else's backend, which asks the server whose it is.
            #expect(try await server.client().auth.signIn(accessToken: again.session.accessToken).id == user.id)
        }
    }
}
