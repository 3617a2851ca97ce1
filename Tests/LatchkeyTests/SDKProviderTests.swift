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
                settings.signInProviders.providers["google"] = ProviderSettings(kind: .openIDConnect, issuer: issuer, clientIDs: ["client-1"])
                settings.signInProviders.providers["facebook"] = ProviderSettings(
                    kind: .facebook,
                    clientIDs: [FakeIdentityProvider.facebookAppID],
                    clientSecret: FakeIdentityProvider.facebookSecret,
                    graphURL: issuer
                )
            }
            try await serving(server) { try await body($0, provider) }
        }
    }

    @Test func kuggleFacebookRegistrationCreatesTheProfile() async throws {
        try await Self.withServers { server, provider in
            provider.register(
                facebookToken: "fbtoken",
                .init(userID: "4242", name: "Joe", email: "joe@example.com", firstName: "Joe", birthday: "03/05/1990", gender: "male")
            )
            let sdk = server.client()
            let user = try await sdk.auth.signIn(provider: "facebook", token: "fbtoken")
            #expect(user.profile.displayName == "Joe")
            // The profile is filled from Facebook (Kuggle's `fromfb`) for the user to confirm.
            #expect(!user.profile.profileCreated && user.dateOfBirth == "1990-03-05")
            #expect(user.profile.identities.map(\.provider) == ["facebook"])
            #expect(sdk.currentUser == user)
            let profile = try await sdk.profile.get()
            #expect(profile.firstName == "Joe" && profile.gender == .male && profile.dateOfBirth == "1990-03-05")
            #expect(try await sdk.profile.update().profileCreated && sdk.currentUser?.profileCreated == true)
            await #expect(throws: LatchkeyError.invalidProviderToken) {
                try await server.client().auth.signIn(provider: "facebook", token: "not-registered")
            }
            await #expect(throws: LatchkeyError.unknownProvider) { try await server.client().auth.signIn(provider: "myspace", token: "x") }
            // The same errors, caught by kind and by the server's code, as apps write it.
            do {
                try await server.client().auth.signIn(provider: "facebook", token: "not-registered")
                Issue.record("expected a refusal")
            } catch LatchkeyError.invalidProviderToken {
                do {
                    try await server.client().auth.signIn(provider: "facebook", token: "not-registered")
                } catch ErrorCode.invalidProviderToken {
                    // matched by code
                }
            }
        }
    }

    @Test func linkAndUnlinkUpdateTheCurrentUser() async throws {
        try await Self.withServers { server, provider in
            let sdk = server.client()
            try await sdk.auth.signUp(username: "linker", password: "correct horse battery")
            let token = try provider.idToken(provider.claims(subject: "g-1", at: Date(), extra: ["nonce": "n-1"]))
            await #expect(throws: LatchkeyError.invalidProviderToken) { try await sdk.auth.link(provider: "google", token: token, nonce: "other") }
            let linked = try await sdk.auth.link(provider: "google", token: token, nonce: "n-1")
            #expect(Set(linked.profile.identities.map(\.provider)) == ["password", "google"])
            #expect(sdk.currentUser?.profile.identities.count == 2)

            let viaGoogle = server.client()
            let again = try provider.idToken(provider.claims(subject: "g-1", at: Date()))  // ID tokens are accepted once
            #expect(try await viaGoogle.auth.signIn(provider: "google", token: again).id == linked.id)
            let unlinked = try await sdk.auth.unlink(provider: "google")
            #expect(unlinked.profile.identities.map(\.provider) == ["password"])
            let googleOnly = server.client()
            try await googleOnly.auth.signIn(provider: "google", token: try provider.idToken(provider.claims(subject: "g-2", at: Date())))
            await #expect(throws: LatchkeyError.lastIdentity) { try await googleOnly.auth.unlink(provider: "google") }
            let third = server.client()
            try await third.auth.signUp(username: "third", password: "correct horse battery")
            let taken = try provider.idToken(provider.claims(subject: "g-2", at: Date(), extra: ["nonce": "n-3"]))
            await #expect(throws: LatchkeyError.identityInUse) { try await third.auth.link(provider: "google", token: taken, nonce: "n-3") }
        }
    }
}
