import Foundation
import Latchkey
import LatchkeyServer
import LatchkeyTestSupport
import Testing

/// The SDK's provider sign-in, link and unlink against a live server and a fake provider.
@Suite struct SDKProviderTests {
    /// Runs `body` with a fake provider and a server that trusts it as `google` and `facebook`;
    /// stops both however `body` ends.
    private static func withServers(_ body: (LiveServer, FakeIdentityProvider) async throws -> Void) async throws {
        try await serving(try await FakeIdentityProvider.start()) { provider in
            let issuer = provider.issuer
            let server = try await LiveServer.start { settings in
                settings.providers["google"] = ProviderSettings(kind: .openIDConnect, issuer: issuer, clientIDs: ["client-1"])
                settings.providers["facebook"] = ProviderSettings(
                    kind: .facebook, clientIDs: [FakeIdentityProvider.facebookAppID], clientSecret: FakeIdentityProvider.facebookSecret,
                    graphURL: issuer)
            }
            try await serving(server) { try await body($0, provider) }
        }
    }

    /// The code of the server error `body` throws (`.server(code:message:)` compares messages too).
    private static func serverCode(_ body: () async throws -> Void) async -> String? {
        do {
            try await body()
            return nil
        } catch let error as LatchkeyError {
            guard case .server(let code, _) = error.kind else { return "\(error.kind)" }
            return code
        } catch {
            return "\(error)"
        }
    }

    @Test func kuggleFacebookRegistrationCreatesTheProfile() async throws {
        try await Self.withServers { server, provider in
            provider.register(facebookToken: "fbtoken", .init(userID: "4242", name: "Joe", email: "joe@example.com"))
            let sdk = server.client()
            let user = try await sdk.signIn(provider: "facebook", token: "fbtoken")
            #expect(user.profile.displayName == "Joe")
            #expect(user.profile.profileCreated)
            #expect(user.profile.identities.map(\.provider) == ["facebook"])
            #expect(sdk.currentUser == user)
            let refused = await Self.serverCode { try await server.client().signIn(provider: "facebook", token: "not-registered") }
            #expect(refused == "invalid_provider_token")
        }
    }

    @Test func linkAndUnlinkUpdateTheCurrentUser() async throws {
        try await Self.withServers { server, provider in
            let sdk = server.client()
            try await sdk.signUp(username: "linker", password: "correct horse battery")
            let token = try provider.idToken(provider.claims(subject: "g-1", at: Date(), extra: ["nonce": "n-1"]))
            let wrongNonce = await Self.serverCode { try await sdk.link(provider: "google", token: token, nonce: "other") }
            #expect(wrongNonce == "invalid_provider_token")
            let linked = try await sdk.link(provider: "google", token: token, nonce: "n-1")
            #expect(Set(linked.profile.identities.map(\.provider)) == ["password", "google"])
            #expect(sdk.currentUser?.profile.identities.count == 2)

            let viaGoogle = server.client()
            let again = try provider.idToken(provider.claims(subject: "g-1", at: Date()))  // ID tokens are accepted once
            #expect(try await viaGoogle.signIn(provider: "google", token: again).id == linked.id)
            let unlinked = try await sdk.unlink(provider: "google")
            #expect(unlinked.profile.identities.map(\.provider) == ["password"])
            let googleOnly = server.client()
            try await googleOnly.signIn(provider: "google", token: try provider.idToken(provider.claims(subject: "g-2", at: Date())))
            let onlyWay = await Self.serverCode { try await googleOnly.unlink(provider: "google") }
            #expect(onlyWay == "last_identity")
        }
    }
}
