import Foundation
import HTTPTypes
import HummingbirdTesting
import LatchkeyWire
import Testing

@testable import LatchkeyServer

/// A stream on a confidential client's token (`client_credentials`, `database:admin`) lasts only
/// while that token would be accepted: it ends with `auth_revoked` when the token expires, when
/// the app's client secret is rotated and when one of its service-account keys is revoked, and a
/// plain read with the token is refused from then on. A user's stream ends as the user is disabled
/// or deleted. On the server's manual clock, so no test waits for a real expiry.
@Suite struct DatabaseStreamCredentialTests {
    /// What ends the token.
    enum Ending: String, CaseIterable, Sendable {
        case expiry, secretRotation, keyRevocation
    }

    static let cases: [(TestStore, Ending)] = TestStore.enabled.flatMap { store in Ending.allCases.map { (store, $0) } }

    @Test(arguments: cases) func anAdminStreamEndsWhenItsTokenIsNoLongerAccepted(store: TestStore, ending: Ending) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run(.live) { client in
            let port = try #require(client.client.port)
            let token = try #require(try await harness.clientCredentials(client, scope: "database:admin").string("access_token"))
            let url = "http://127.0.0.1:\(port)/.json?ns=\(harness.app.clientID)&auth=\(token)"
            let stream = EventStreamReader(url)
            defer { stream.close() }
            #expect(try await stream.next()?.name == "put")
            // Past the app directory's freshness, so the change is seen as another node sees it.
            harness.clock.advance(by: 10)
            #expect(try await client.send(.put, "/a.json?auth=\(token)", raw: Data("1".utf8)).status == .ok)
            #expect(try await stream.next()?.name == "put")
            switch ending {
            case .expiry:
                harness.clock.advance(by: TimeInterval(harness.app.settings.auth.accessTokenTTL))
            case .secretRotation:
                _ = try await harness.backend.apps.rotateSecret(appID: harness.app.id)
                harness.clock.advance(by: 10)
            case .keyRevocation:
                let key = try await harness.backend.createServiceAccountKey(for: harness.app, by: .commandLine())
                try await harness.backend.revokeServiceAccountKey(key.privateKeyID, appID: harness.app.id, by: .commandLine())
                harness.clock.advance(by: 10)
            }
            let event = try #require(try await stream.next(within: .seconds(10)), "the stream ended without an event")
            #expect(event.name == "auth_revoked" && event.data == "credential is no longer valid", "\(event)")
            #expect(try await stream.ends(within: .seconds(10)))
            let read = try await client.send(.get, "/.json?auth=\(token)")
            #expect(read.status == .unauthorized, "\(read.text)")
        }
    }

    /// A client keeps its own credential: a token it fetches after the change is accepted, on
    /// plain reads and streams.
    @Test(arguments: TestStore.enabled) func aTokenFetchedAfterARotationIsAccepted(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run(.live) { client in
            harness.clock.advance(by: 10)
            let secret = try await harness.backend.apps.rotateSecret(appID: harness.app.id)
            harness.clock.advance(by: 10)
            let answer = try await client.send(
                .post,
                "/oauth/token",
                form: ["grant_type": "client_credentials", "client_id": harness.app.clientID, "client_secret": secret]
            )
            let token = try #require(answer.string("access_token"), "\(answer.text)")
            #expect(try await client.send(.get, "/.json?auth=\(token)").status == .ok)
            let port = try #require(client.client.port)
            let stream = EventStreamReader("http://127.0.0.1:\(port)/.json?ns=\(harness.app.clientID)&auth=\(token)")
            defer { stream.close() }
            #expect(try await stream.next()?.name == "put")
            harness.clock.advance(by: 10)
            #expect(try await client.send(.put, "/a.json?auth=\(token)", raw: Data("2".utf8)).status == .ok)
            #expect(try await stream.next()?.name == "put")
        }
    }

    @Test(arguments: TestStore.enabled) func aUserStreamEndsWhenTheUserIsDisabledOrDeleted(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run(.live) { client in
            let port = try #require(client.client.port)
            var streams: [EventStreamReader] = []
            defer { for reader in streams { reader.close() } }
            for name in ["disabled", "deleted"] {
                let signUp = try await client.signUp(["username": name, "password": "correct horse battery"])
                let token = try #require(signUp.string("session.accessToken"))
                let uid = try #require(signUp.string("user.id"))
                let stream = EventStreamReader("http://127.0.0.1:\(port)/users/\(uid).json?ns=\(harness.app.clientID)&auth=\(token)")
                streams.append(stream)
                #expect(try await stream.next()?.name == "put")
                if name == "disabled" {
                    try await harness.backend.setUserDisabled(true, userID: uid, appID: harness.app.id)
                } else {
                    try await harness.backend.deleteUser(userID: uid, appID: harness.app.id)
                }
                let event = try #require(try await stream.next(within: .seconds(10)), "\(name): the stream ended without an event")
                #expect(event.name == "auth_revoked", "\(name): \(event)")
                #expect(try await stream.ends(within: .seconds(10)))
            }
        }
    }
}
