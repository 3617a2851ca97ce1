import Foundation
import LatchkeyServer
import LatchkeyTestSupport
import LatchkeyWire
import Testing

@testable import Latchkey

/// The one transport feature clients share: Server-Sent Events, codes newer than the SDK, and
/// module calls with any method and a JSON body.
@Suite struct SDKTransportTests {
    private static let expectedFeed = [
        ServerSentEvent(type: "tick", data: "1", id: "1"),
        ServerSentEvent(data: "first line\nsecond line", id: "1"),
        ServerSentEvent(data: "no space", id: "1", retry: 1500),
    ]

    @Test func parserFollowsTheEventStreamRulesInAnyChunking() {
        let text =
            "\u{FEFF}: comment\r\nevent: tick\ndata: 1\nid: 1\n\ndata: first line\rdata: second line\r\n\r\n"
            + "retry: 1500\ndata:no space\n\nid: bad\0id\nretry: 1.5\ndata\n\nevent: ignored\n\ndata: dropped"
        let expected = Self.expectedFeed + [ServerSentEvent(data: "", id: "1")]
        var whole = ServerSentEventParser()
        #expect(whole.parse(Array(text.utf8)) == expected)
        var bytewise = ServerSentEventParser()
        #expect(text.utf8.flatMap { bytewise.parse([$0]) } == expected)
    }

    /// A connection that closes before the answer comes — a kept-alive connection the server
    /// closed for idleness, a network change — costs an idempotent call nothing: it is sent once
    /// more. A PATCH or POST is not repeated (the server may have acted), and its error is the caller's.
    @Test func idempotentRequestsAreSentAgainOnceWhenTheirConnectionDrops() async throws {
        try await serving(try await LiveServer.start()) { server in
            try await serving(try FaultyProxy(upstreamPort: server.port)) { proxy in
                let sdk = server.client(through: proxy.url)
                try await sdk.auth.signUp(username: "retried", password: "correct horse battery")
                proxy.dropAnswers(to: "GET /v1/me ", count: 1)
                #expect(try await sdk.auth.reloadUser().username == "retried")
                #expect(proxy.count("GET /v1/me ") == 2)
                proxy.dropAnswers(to: "GET /v1/me ", count: 2)
                await #expect(throws: LatchkeyError.self) { try await sdk.auth.reloadUser() }
                #expect(proxy.count("GET /v1/me ") == 4)
                proxy.dropAnswers(to: "PATCH /v1/me ", count: 1)
                await #expect(throws: LatchkeyError.self) { try await sdk.auth.updateUser(country: "JP") }
                #expect(proxy.count("PATCH /v1/me ") == 1)
            }
        }
    }

    @Test func eventsStreamFromTheServerAsTheyArrive() async throws {
        try await serving(try await EventServer.start()) { server in
            let sdk = server.client()
            var events: [ServerSentEvent] = []
            for try await event in sdk.modules.events(module: "feed", path: "ticks", lastEventID: "7") { events.append(event) }
            #expect(
                events == [ServerSentEvent(type: "Last-Event-ID", data: "7"), ServerSentEvent(type: "Authorization", data: "none")]
                    + Self.expectedFeed
            )
        }
    }

    @Test func streamsCarryTheTokenAndRefreshARefusedOneOnce() async throws {
        try await serving(try await LiveServer.start()) { live in
            let (store, stale, fresh, refreshed) = try await live.twoSessions(of: "streamer")
            try await serving(try await EventServer.start(staleToken: stale.session.accessToken, refreshed: refreshed)) { server in
                let sdk = server.client(store: store)
                var events: [ServerSentEvent] = []
                for try await event in sdk.modules.events(module: "feed", path: "ticks") { events.append(event) }
                #expect(events.first { $0.type == "Authorization" }?.data == "Bearer \(fresh.session.accessToken)")
                #expect(events.count == 2 + Self.expectedFeed.count)
                #expect(sdk.currentUser?.session.refreshToken == "lkr_next")
            }
        }
    }

    @Test func unknownCodesKeepTheServersCodeAndMessage() async throws {
        try await serving(try await EventServer.start()) { server in
            let sdk = server.client()
            let expected = LatchkeyError.server(code: "quota_exceeded", message: "Upgrade to stream more.")
            let error = try await #require(throws: LatchkeyError.self) { try await sdk.modules.request(module: "feed", path: "quota") }
            #expect(error == expected)
            #expect(error.message == "Upgrade to stream more.")
            #expect(error.problem?.code == ErrorCode("quota_exceeded"))
            #expect(error.problem?.title == "Quota exceeded" && error.problem?.requestId == "r1")
            await #expect(throws: expected) {
                for try await _ in sdk.modules.events(module: "feed", path: "quota") {}
            }
        }
    }

    @Test func overloadIsServerUnavailableAndRetryAfterDatesAreRead() async throws {
        try await serving(try await EventServer.start()) { server in
            let sdk = server.client()
            let busy = try await #require(throws: LatchkeyError.self) { try await sdk.modules.request(module: "feed", path: "busy") }
            guard case .serverUnavailable(let retryAfter?) = busy.kind else {
                Issue.record("got \(busy)")
                return
            }
            // The date is two minutes after the stand-in server started; a loaded run reads it later.
            #expect((60...121).contains(retryAfter))
            #expect(busy.code == .serviceUnavailable)
            await #expect(throws: LatchkeyError.serverUnavailable(retryAfter: nil)) { try await sdk.modules.request(module: "feed", path: "down") }
            let throttled = try await #require(throws: LatchkeyError.self) { try await sdk.modules.request(module: "feed", path: "throttled") }
            guard case .rateLimited(let seconds) = throttled.kind else {
                Issue.record("got \(throttled)")
                return
            }
            #expect((25...31).contains(seconds))
            // `catch` patterns match by kind, whatever the payload.
            do {
                _ = try await sdk.modules.request(module: "feed", path: "throttled")
            } catch LatchkeyError.rateLimited(retryAfter: 0) {
                // matched
            }
            do {
                _ = try await sdk.modules.request(module: "feed", path: "quota")
            } catch LatchkeyError.server(code: "quota_exceeded", message: "") {
                // matched by code, not message
            }
            do {
                _ = try await sdk.modules.request(module: "feed", path: "quota")
            } catch ErrorCode("quota_exceeded") {
                // matched by the server's code
            }
            let offline = Latchkey(
                clientID: "lk_x",
                apiURL: URL(string: "http://127.0.0.1:9")!,
                options: .init(credentialStore: InMemoryCredentialStore())
            )
            do {
                try await offline.hello()
            } catch LatchkeyError.network("") {
                // any network error
            }
        }
    }

    @Test func moduleRequestsTakeAMethodAndAJSONBody() async throws {
        try await serving(try await LiveServer.start()) { server in
            let sdk = server.client()
            try await sdk.auth.signUp(username: "bodied", password: "correct horse battery")
            try await sdk.auth.signOut()
            let answer = try await sdk.modules.request(
                AuthResponse.self,
                module: "auth",
                path: "signin",
                method: "POST",
                body: SignInRequest(username: "bodied", password: "correct horse battery")
            )
            #expect(answer.user.username == "bodied" && answer.session != nil)
            try await sdk.auth.signIn(username: "bodied", password: "correct horse battery")
            let renamed = try await sdk.modules.request(UserRecord.self, module: "me", method: "PATCH", body: UpdateUserRequest(username: "renamed"))
            #expect(renamed.username == "renamed")
            await #expect(throws: LatchkeyError.invalidOperation("unsupported method TRACE")) {
                try await sdk.modules.request(module: "me", method: "TRACE", body: nil)
            }
        }
    }
}
