import Foundation
import HTTPTypes
import LatchkeyServer
import LatchkeyTestSupport
import Testing

/// One token, one string: ECDSA accepts a signature (r, s) and its twin (r, n − s), and base64url
/// can spell the last byte of a signature with other unused bits. Every ES256 signature the
/// server checks — its own access tokens and providers' ID tokens — must have the low s and the
/// canonical spelling, and every token it signs has them.
struct SignatureMalleabilityTests {
    /// `token` with its signature changed by `change` (given and returning the raw bytes).
    private func resigned(_ token: String, _ change: (Data) -> Data) throws -> String {
        let parts = token.split(separator: ".").map(String.init)
        return parts[0] + "." + parts[1] + "." + JWT.encode(bytes: Array(change(Data(try JWT.bytes(parts[2])))))
    }

    /// `token` with the unused low bits of its signature's last base64url character set.
    private func respelled(_ token: String) throws -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let last = try #require(token.last.flatMap { alphabet.firstIndex(of: $0) })
        return String(token.dropLast()) + String(alphabet[last | 0b1111])
    }

    @Test(arguments: TestStore.enabled) func accessTokensWithHighSOrANonCanonicalSignatureAreRefused(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            for index in 0..<8 {
                let access = try await client.signUpUser("malleable-\(index)").access
                let signature = try JWT.bytes(try #require(access.split(separator: ".").last.map(String.init)))
                #expect(!P256Malleation.hasHighS(signature), "the server signed with a high s")
                #expect(try await client.me(access).status == .ok)
                let twin = try resigned(access, P256Malleation.flippingS)
                #expect(twin != access)
                #expect(try await client.me(twin).status == .unauthorized, "the (r, n − s) twin was accepted")
                #expect(try await client.me(try respelled(access)).status == .unauthorized, "a respelled signature was accepted")
            }
        }
    }

    @Test(arguments: TestStore.enabled) func providerIDTokensWithHighSAreRefused(store: TestStore) async throws {
        try await serving(try await FakeIdentityProvider.start()) { provider in
            let harness = try await TestHarness.make(store: store) { settings in
                settings.signInProviders.providers["google"] = ProviderSettings(
                    kind: .openIDConnect,
                    issuer: provider.issuer,
                    clientIDs: ["client-1"]
                )
            }
            try await harness.run { client in
                let token = try provider.idToken(provider.claims(subject: "es-1", at: harness.clock.now()), signer: .ec)
                let twin = try resigned(token, P256Malleation.flippingS)
                let refused = try await client.external("google", twin)
                #expect(refused.status == .unauthorized)
                #expect(refused.string("code") == "invalid_provider_token")
                #expect(try await client.external("google", try respelled(token)).status == .unauthorized)
                #expect(try await client.external("google", token).status == .created)
            }
        }
    }
}
