import Foundation
import Latchkey
import LatchkeyServer
import LatchkeyTestSupport
import LatchkeyWire
import Testing

/// The SDK's sign-up, sign-in, sign-out and persistence flows against a live server.
@Suite struct SDKAuthTests {
    @Test func signUpReportsEveryKWSStatus() async throws {
        try await serving(try await LiveServer.start()) { server in
            let sdk = server.client()
            // A ten-year-old: under GB's consent age of 13, so the account awaits the parent's consent.
            let dateOfBirth = SDKConsentTests.tenYearsAgo
            let user = try await sdk.auth.signUp(
                username: "kid01",
                password: "correct horse battery",
                dateOfBirth: dateOfBirth,
                country: "GB",
                parentEmail: "p@example.com"
            )
            #expect(user.username == "kid01")
            #expect(user.dateOfBirth == dateOfBirth)
            #expect(user.country == "GB")
            #expect(user.parentEmail == "p@example.com")
            #expect(user.uid == "password:\(user.id)")
            #expect(user.session.claims.sub == user.id)
            #expect(user.session.claims.clientId == server.app.clientID)
            #expect(user.session.claims.appId == server.app.id)
            #expect(user.session.claims.scope == "openid profile")
            #expect(user.isRestricted && user.consent?.status == .pending)
            #expect(user.session.refreshToken != nil)
            #expect(sdk.currentUser == user)

            let fresh = server.client()
            let cases: [(username: String, password: String, dateOfBirth: String?, country: String?, parentEmail: String?, expected: LatchkeyError)] =
                [
                    ("bad name!", "correct horse battery", nil, nil, nil, .invalidUsername),
                    ("kid02", "short", nil, nil, nil, .invalidPassword(.tooShort)),
                    ("kid02", "correct horse battery", "02/01/2014", nil, nil, .invalidDateOfBirth),
                    ("kid02", "correct horse battery", nil, "GBR", nil, .invalidCountry),
                    ("kid02", "correct horse battery", nil, nil, "nope", .invalidParentEmail),
                    ("KID01", "correct horse battery", nil, nil, nil, .duplicateUsername),
                ]
            for item in cases {
                await #expect(throws: item.expected) {
                    try await fresh.auth.signUp(
                        username: item.username,
                        password: item.password,
                        dateOfBirth: item.dateOfBirth,
                        country: item.country,
                        parentEmail: item.parentEmail
                    )
                }
            }
            do {
                try await fresh.auth.signUp(username: "x!", password: "123", dateOfBirth: "soon", country: "zz", parentEmail: "@")
                Issue.record("expected a validation error")
            } catch let error as LatchkeyError {
                #expect(
                    error == .validation([.invalidUsername, .invalidPassword(.tooShort), .invalidDateOfBirth, .invalidCountry, .invalidParentEmail])
                )
            }
            #expect(fresh.currentUser == nil)
        }
    }

    @Test func signInOutcomes() async throws {
        // An app that says "taken": one that hides it signs a new email account in only once verified.
        try await serving(try await LiveServer.start(configure: { $0.auth.revealTakenEmails = true })) { server in
            let sdk = server.client()
            try await sdk.auth.signUp(email: "wd@example.com", password: "correct horse battery")
            try await sdk.auth.signOut()
            #expect(sdk.currentUser == nil)
            await #expect(throws: LatchkeyError.invalidCredentials) { try await sdk.auth.signIn(email: "wd@example.com", password: "wrong password") }
            await #expect(throws: LatchkeyError.invalidCredentials) {
                try await sdk.auth.signIn(email: "nobody@example.com", password: "wrong password")
            }
            await #expect(throws: LatchkeyError.invalidEmail) { try await sdk.auth.signUp(email: "not an email", password: "correct horse battery") }
            let user = try await sdk.auth.signIn(email: "WD@example.com", password: "correct horse battery")
            #expect(user.email == "wd@example.com")
        }
    }

    @Test func errorsKeepTheServersLocalizedMessage() async throws {
        try await serving(try await LiveServer.start()) { server in
            let expectations: [(languages: [String], credentials: String, password: String)] = [
                (["en"], "The username, email or password is incorrect.", "Password is too short."),
                (["ja-JP", "en"], "ユーザー名、メールアドレス、またはパスワードが正しくありません。", "パスワードが短すぎます。"),
                (["zh-Hans-CN"], "用户名、邮箱或密码不正确。", "密码太短。"),
            ]
            for expected in expectations {
                let sdk = server.client(languages: expected.languages)
                do {
                    try await sdk.auth.signIn(username: "nobody", password: "wrong password")
                    Issue.record("expected invalidCredentials")
                } catch let error as LatchkeyError {
                    #expect(error == .invalidCredentials)
                    #expect(error.message == expected.credentials)
                    #expect(error.localizedDescription == expected.credentials)
                }
                do {
                    try await sdk.auth.signUp(username: "someone", password: "short")
                    Issue.record("expected invalidPassword")
                } catch let error as LatchkeyError {
                    guard case .invalidPassword(.tooShort) = error.kind else {
                        Issue.record("got \(error)")
                        continue
                    }
                    #expect(error.message == expected.password)
                }
            }
        }
    }

    @Test func userDoesNotExistOnlyWhereTheAppAllowsIt() async throws {
        try await serving(try await LiveServer.start(configure: { $0.auth.revealUnknownUsers = true })) { revealing in
            let sdk = revealing.client()
            try await sdk.auth.signUp(username: "present", password: "correct horse battery")
            await #expect(throws: LatchkeyError.userDoesNotExist) { try await sdk.auth.signIn(username: "absent", password: "whatever pass") }
            await #expect(throws: LatchkeyError.invalidCredentials) { try await sdk.auth.signIn(username: "present", password: "wrong password") }
        }
    }

    @Test func networkErrorKeepsTheSession() async throws {
        try await serving(try await LiveServer.start()) { server in
            let store = InMemoryCredentialStore()
            let sdk = server.client(store: store)
            try await sdk.auth.signUp(username: "offline", password: "correct horse battery")
            await server.stopServing()
            await #expect(throws: LatchkeyError.self) { try await sdk.auth.reloadUser() }
            do {
                try await sdk.auth.reloadUser()
            } catch let error as LatchkeyError {
                guard case .network = error.kind else {
                    Issue.record("expected network, got \(error)")
                    return
                }
            }
            #expect(sdk.currentUser != nil)
            #expect(store.load() != nil)
            #expect(sdk.isReachable == false)
            let unreachable = Latchkey(
                clientID: "lk_x",
                apiURL: URL(string: "http://127.0.0.1:9")!,
                options: .init(credentialStore: InMemoryCredentialStore())
            )
            do {
                try await unreachable.auth.signIn(username: "someone", password: "whatever pass")
                Issue.record("expected a network error")
            } catch let error as LatchkeyError {
                guard case .network = error.kind else {
                    Issue.record("expected network, got \(error)")
                    return
                }
            }
        }
    }

    @Test func restoreFromAFileStoreWithoutNetwork() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-store-\(UUID().uuidString)/session.json")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        try await serving(try await LiveServer.start()) { server in
            let first = server.client(store: FileCredentialStore(url: file))
            let user = try await first.auth.signUp(username: "persist", password: "correct horse battery")
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            await server.stopServing()
            // A new launch: the user is there before any request, with the server down.
            let second = Latchkey(clientID: server.app.clientID, apiURL: server.url, options: .init(credentialStore: FileCredentialStore(url: file)))
            #expect(second.currentUser == user)
            #expect(second.auth.restoreSession() == user)
            #expect(second.currentUser?.session.refreshToken == user.session.refreshToken)
        }
    }

    @Test func signInWithAccessTokenAlone() async throws {
        try await serving(try await LiveServer.start()) { server in
            let issuer = server.client()
            let user = try await issuer.auth.signUp(username: "kii-user", password: "correct horse battery")
            let other = server.client()
            let restored = try await other.auth.signIn(accessToken: user.session.accessToken)
            #expect(restored.id == user.id)
            #expect(restored.session.refreshToken == nil)
            #expect(try await other.auth.reloadUser().username == "kii-user")
            await #expect(throws: LatchkeyError.invalidToken) { try await server.client().auth.signIn(accessToken: "not.a.token") }
            await #expect(throws: LatchkeyError.invalidToken) { try await server.client().auth.signIn(accessToken: "lkr_refresh-token-not-a-jwt") }
        }
    }

    @Test func completionHandlersRunOnTheMainQueue() async throws {
        try await serving(try await LiveServer.start()) { server in
            let sdk = server.client()
            let signUp = await completion { sdk.auth.signUp(username: "callback", password: "correct horse battery", completion: $0) }
            #expect((try? signUp.value.get())?.username == "callback")
            #expect(signUp.onMain)
            let failure = await completion { sdk.auth.signIn(username: "callback", password: "wrong password", completion: $0) }
            #expect(throws: LatchkeyError.invalidCredentials) { try failure.value.get() }
            #expect(failure.onMain)
            let token = await completion { sdk.auth.accessToken(forcingRefresh: true, completion: $0) }
            #expect((try? token.value.get()) == sdk.currentUser?.session.accessToken)
            #expect(token.onMain)
            let updated = await completion { sdk.auth.updateUser(country: "NZ", completion: $0) }
            #expect((try? updated.value.get())?.country == "NZ")
            let sessions = await completion { sdk.auth.sessions(completion: $0) }
            #expect((try? sessions.value.get())?.count == 1)
            #expect(sessions.onMain)
            let hello = await completion { sdk.hello(completion: $0) }
            #expect((try? hello.value.get())?.name == "Latchkey")
            let typed = await completion { sdk.modules.request(SessionList.self, module: "me", path: "sessions", completion: $0) }
            #expect((try? typed.value.get())?.sessions.count == 1)
            let reachable = await completion { sdk.checkReachability(completion: $0) }
            #expect(reachable.value && reachable.onMain)
            let signOut = await completion { sdk.auth.signOut(completion: $0) }
            #expect((try? signOut.value.get()) != nil)
            #expect(signOut.onMain)
            #expect(sdk.currentUser == nil)
        }
    }

    @Test func theDefaultStoreSlotTellsSchemesAndPathsApart() async throws {
        try await serving(try await LiveServer.start()) { server in
            let clientID = server.app.clientID
            let plain = Latchkey(clientID: clientID, apiURL: server.url, options: .init(languages: ["en"]))
            try await plain.auth.signUp(username: "slotted", password: "correct horse battery")
            let again = Latchkey(clientID: clientID, apiURL: server.url, options: .init(languages: ["en"]))
            #expect(again.currentUser?.username == "slotted")
            var secure = URLComponents(url: server.url, resolvingAgainstBaseURL: false)!
            secure.scheme = "https"
            #expect(Latchkey(clientID: clientID, apiURL: secure.url!).currentUser == nil)
            #expect(Latchkey(clientID: clientID, apiURL: server.url.appendingPathComponent("tenant-b")).currentUser == nil)
            try await plain.auth.signOut()
            #expect(Latchkey(clientID: clientID, apiURL: server.url).currentUser == nil)
        }
    }
}
