import Foundation
import Latchkey
import LatchkeyServer
import LatchkeyTestSupport
import LatchkeyWire
import Observation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Auth-state observers and streams, token refresh (single-flight), and revocation.
@Suite struct SDKStateTests {
    /// Counts successful refresh requests the server has answered, from its Prometheus metrics.
    private func refreshCount(_ server: LiveServer) async throws -> Int {
        var request = URLRequest(url: server.url.appendingPathComponent("metrics"))
        request.setValue("Bearer \(LiveServer.metricsToken)", forHTTPHeaderField: "Authorization")
        let (data, _) = try await URLSession.shared.data(for: request)
        let line = String(decoding: data, as: UTF8.self).split(separator: "\n").first {
            $0.hasPrefix(#"latchkey_http_requests_total{route="/v1/auth/refresh",method="POST",status="200"}"#)
        }
        return line.flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0
    }

    @Test func observersAreCalledUntilRemoved() async throws {
        try await serving(try await LiveServer.start()) { server in
            let sdk = server.client()
            let seen = Locked([String?]())
            let handle = sdk.addAuthStateObserver { user in seen.withLock { $0.append(user?.username) } }
            try await sdk.auth.signUp(username: "watcher", password: "correct horse battery")
            sdk.removeAuthStateObserver(handle)
            try await sdk.auth.signOut()
            try await sdk.auth.signIn(username: "watcher", password: "correct horse battery")
            #expect(seen.withLock { $0 } == [nil, "watcher"])
        }
    }

    @Test func aRemovedObserverIsNeverCalledAfterRemovalReturns() async throws {
        try await serving(try await LiveServer.start()) { server in
            let sdk = server.client()
            let entered = Locked(false)
            let proceed = DispatchSemaphore(value: 0)
            // The first observer stalls the sign-in's delivery; the others are removed meanwhile.
            sdk.addAuthStateObserver { user in
                guard user != nil, !entered.withLock({ $0 }) else { return }
                entered.withLock { $0 = true }
                _ = proceed.wait(timeout: .now() + 10)
            }
            let removed = Locked(false)
            let lateCalls = Locked(0)
            let handles = (0..<10).map { _ in
                sdk.addAuthStateObserver { _ in if removed.withLock({ $0 }) { lateCalls.withLock { $0 += 1 } } }
            }
            let signIn = Task { try await sdk.auth.signUp(username: "stalled", password: "correct horse battery") }
            // A sign-up's hash waits behind every other test's under the full suite: the wait is
            // for the event, so a long bound costs nothing when it comes.
            #expect(await eventually(timeout: .seconds(60)) { entered.withLock { $0 } })
            let removal = Thread {
                for handle in handles { sdk.removeAuthStateObserver(handle) }
                removed.withLock { $0 = true }
            }
            removal.start()
            try await Task.sleep(for: .milliseconds(200))
            proceed.signal()
            _ = try await signIn.value
            #expect(await eventually { removed.withLock { $0 } })
            try await sdk.auth.signOut()
            #expect(lateCalls.withLock { $0 } == 0)
        }
    }

    @Test func signingOutOfARevokedSessionIsUserInitiated() async throws {
        try await serving(try await LiveServer.start()) { server in
            let phone = server.client()
            try await phone.auth.signUp(username: "already-gone", password: "correct horse battery")
            try await server.client().auth.signIn(username: "already-gone", password: "correct horse battery")
            let tablet = server.client()
            try await tablet.auth.signIn(username: "already-gone", password: "correct horse battery")
            try await tablet.auth.signOut(everywhere: true)
            let events = collect(phone.authStateChanges) { if case .signedOut = $0 { true } else { false } }
            try await phone.auth.signOut()
            #expect(try await events.value.last == .signedOut(.userInitiated))
            #expect(phone.currentUser == nil)
        }
    }

    @Test func updateUserCanClearAField() async throws {
        try await serving(try await LiveServer.start()) { server in
            let sdk = server.client()
            try await sdk.auth.signUp(username: "clearer", password: "correct horse battery", country: "FR", parentEmail: "p@example.com")
            let cleared = try await sdk.auth.updateUser(dateOfBirth: "2010-05-06", clearing: [.country])
            #expect(cleared.country == nil)
            #expect(cleared.dateOfBirth == "2010-05-06")
            #expect(cleared.parentEmail == "p@example.com")
            #expect(try await sdk.auth.reloadUser().country == nil)
        }
    }

    @Test func helloAccessFollowsSignInAndSignOut() async throws {
        try await serving(try await LiveServer.start()) { server in
            let sdk = server.client()
            try await sdk.auth.signUp(username: "greeter", password: "correct horse battery")
            #expect(try await sdk.hello().modules.first { $0.id == "me" }?.access == true)
            try await sdk.auth.signOut()
            await #expect(throws: LatchkeyError.signInRequired(module: "me")) { try await sdk.modules.request(module: "me", path: "sessions") }
            try await sdk.auth.signIn(username: "greeter", password: "correct horse battery")
            #expect(try await sdk.modules.request(SessionList.self, module: "me", path: "sessions").sessions.count == 1)
        }
    }

    @Test func theObservableModelFollowsTheClient() async throws {
        try await serving(try await LiveServer.start()) { server in
            let sdk = server.client()
            let changed = Locked(false)
            let model = await MainActor.run {
                let model = LatchkeyAuthModel(latchkey: sdk)
                withObservationTracking {
                    _ = model.user
                } onChange: {
                    changed.withLock { $0 = true }
                }
                return model
            }
            #expect(await MainActor.run { model.user == nil && !model.isSignedIn })
            try await sdk.auth.signUp(username: "observed", password: "correct horse battery")
            #expect(await eventually { await MainActor.run { model.user?.username == "observed" } })
            #expect(changed.withLock { $0 })
            #expect(await MainActor.run { model.isSignedIn && model.isReachable == true })
            try await sdk.auth.signOut()
            #expect(await eventually { await MainActor.run { model.user == nil } })
        }
    }

    @Test func streamDeliversEventsInOrder() async throws {
        try await serving(try await LiveServer.start(configure: { $0.auth.accessTokenTTL = 5 })) { server in
            let sdk = server.client()
            let collector = collect(sdk.authStateChanges) { if case .signedOut = $0 { true } else { false } }
            try await sdk.auth.signUp(username: "streamer", password: "correct horse battery")
            try await sdk.auth.updateUser(country: "JP")  // the 5 s token is within the 30 s refresh margin: refresh first
            try await sdk.auth.signOut()
            let names = try await collector.value.map { event in
                switch event {
                case .initialSession(let user): "initial:\(user == nil ? "none" : "user")"
                case .signedIn: "signedIn"
                case .tokenRefreshed: "tokenRefreshed"
                case .userUpdated(let user): "userUpdated:\(user.country ?? "-")"
                case .consentGranted: "consentGranted"
                case .signedOut(let reason): "signedOut:\(reason)"
                }
            }
            #expect(names.first == "initial:none")
            #expect(names.dropFirst().first == "signedIn")
            #expect(names.contains("userUpdated:JP"))
            #expect(names.firstIndex(of: "tokenRefreshed") ?? 99 < names.firstIndex(of: "userUpdated:JP") ?? 0)
            #expect(names.last == "signedOut:userInitiated")
        }
    }

    @Test func concurrentCallsWithAnExpiredTokenShareOneRefresh() async throws {
        try await serving(try await LiveServer.start(configure: { $0.auth.accessTokenTTL = 3 })) { server in
            // The device clock runs a minute slow: the SDK believes the token is valid, the server refuses it.
            let sdk = server.client(clock: { Date().addingTimeInterval(-60) })
            try await sdk.auth.signUp(username: "burst", password: "correct horse battery")
            try await Task.sleep(for: .milliseconds(3100))
            let before = try await refreshCount(server)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<20 { group.addTask { _ = try await sdk.auth.reloadUser() } }
                try await group.waitForAll()
            }
            #expect(try await refreshCount(server) - before == 1)
            #expect(sdk.currentUser?.username == "burst")
        }
    }

    @Test func signOutElsewhereSignsThisClientOutAsRevoked() async throws {
        try await serving(try await LiveServer.start()) { server in
            let phone = server.client()
            let tablet = server.client()
            try await phone.auth.signUp(username: "two-devices", password: "correct horse battery")
            try await tablet.auth.signIn(username: "two-devices", password: "correct horse battery")
            let events = collect(phone.authStateChanges) { if case .signedOut = $0 { true } else { false } }
            try await tablet.auth.signOut(everywhere: true)
            await #expect(throws: LatchkeyError.sessionExpired) { try await phone.auth.reloadUser() }
            #expect(try await events.value.last == .signedOut(.revoked))
            #expect(phone.currentUser == nil)
        }
    }

    @Test func accountCalls() async throws {
        try await serving(try await LiveServer.start()) { server in
            let sdk = server.client()
            let other = server.client()
            try await sdk.auth.signUp(username: "account", password: "correct horse battery")
            try await other.auth.signIn(username: "account", password: "correct horse battery")
            let updated = try await sdk.auth.updateUser(dateOfBirth: "2001-02-03", country: "cn")
            #expect(updated.country == "CN")
            #expect(sdk.currentUser?.dateOfBirth == "2001-02-03")
            let sessions = try await sdk.auth.sessions()
            #expect(sessions.count == 2)
            let foreign = try #require(sessions.first { !$0.current })
            try await sdk.auth.revokeSession(foreign.id)
            await #expect(throws: LatchkeyError.sessionExpired) { try await other.auth.reloadUser() }
            await #expect(throws: LatchkeyError.wrongPassword) {
                try await sdk.auth.changePassword(current: "nope nope nope", new: "new secret phrase")
            }
            try await sdk.auth.changePassword(current: "correct horse battery", new: "new secret phrase")
            let export = try await sdk.auth.exportData()
            #expect(export.user.username == "account")
            try await sdk.auth.deleteAccount()
            #expect(sdk.currentUser == nil)
            await #expect(throws: LatchkeyError.invalidCredentials) { try await sdk.auth.signIn(username: "account", password: "new secret phrase") }
        }
    }

    @Test func kurogoRequestLayer() async throws {
        try await serving(try await LiveServer.start()) { server in
            let sdk = server.client()
            let hello = try await sdk.hello()
            #expect(hello.name == "Latchkey")
            #expect(hello.modules.first { $0.id == "me" }?.access == false)
            #expect(hello.modules.first { $0.id == "auth" }?.access == true)
            await #expect(throws: LatchkeyError.signInRequired(module: "me")) { try await sdk.modules.request(module: "me", path: "sessions") }
            await #expect(throws: LatchkeyError.unsupportedVersion(module: "auth", version: 2, supported: 1...1)) {
                try await sdk.modules.request(module: "auth", path: "session", version: 2)
            }
            try await sdk.auth.signUp(username: "kurogo", password: "correct horse battery")
            let signedIn = try await sdk.hello()
            #expect(signedIn.modules.first { $0.id == "me" }?.access == true)
            let list = try await sdk.modules.request(SessionList.self, module: "me", path: "sessions")
            #expect(list.sessions.count == 1)
            let session = try await sdk.modules.request(CurrentSession.self, module: "auth", path: "session")
            #expect(session.user.username == "kurogo")
            #expect(sdk.isReachable == true)
            #expect(await sdk.checkReachability())
        }
    }
}

/// A tiny lock box for collecting values from callbacks in tests.
final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is only touched under `lock`.
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
