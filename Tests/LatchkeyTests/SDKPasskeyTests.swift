import Foundation
import Latchkey
import LatchkeyServer
import LatchkeyTestSupport
import LatchkeyWire
import Testing

/// The SDK's passkeys against a live server, driven by a software authenticator through the
/// public ceremony types: register, list, sign in without a username, typed refusals, a guest
/// upgraded in place, removal.
@Suite struct SDKPasskeyTests {
    static func start() async throws -> LiveServer {
        try await LiveServer.start(configure: { $0.auth.signInMethods.formUnion([.passkey, .anonymous]) })
    }

    @Test func aRegisteredPasskeySignsInWithoutAUsername() async throws {
        try await serving(try await Self.start()) { server in
            let origin = server.url.absoluteString
            let sdk = server.client()
            let user = try await sdk.auth.signUp(username: "ann", password: "correct horse battery")
            let authenticator = SoftwareAuthenticator()
            let options = try await sdk.auth.passkeyCreationOptions()
            #expect(options.rp.id == "127.0.0.1")
            let record = try await sdk.auth.registerPasskey(try authenticator.create(options, origin: origin), name: "Ann's laptop")
            #expect(record.name == "Ann's laptop")
            #expect(try await sdk.auth.passkeys().map(\.id) == [record.id])
            #expect(sdk.currentUser?.profile.identities.contains { $0.provider == "passkey" } == true)
            try await sdk.auth.signOut()

            let fresh = server.client()
            let signedIn = try await fresh.auth.signIn(passkey: try authenticator.get(try await fresh.auth.passkeySignInOptions(), origin: origin))
            #expect(signedIn.id == user.id)
            #expect(fresh.currentUser?.id == user.id)
        }
    }

    @Test func refusalsAreTypedWithTheirReason() async throws {
        try await serving(try await Self.start()) { server in
            let origin = server.url.absoluteString
            let sdk = server.client()
            try await sdk.auth.signUp(username: "ann", password: "correct horse battery")
            let authenticator = SoftwareAuthenticator()
            await #expect(throws: LatchkeyError.invalidPasskey(reason: "origin")) {
                try await sdk.auth.registerPasskey(
                    try authenticator.create(try await sdk.auth.passkeyCreationOptions(), origin: "https://evil.example")
                )
            }
            let record = try await sdk.auth.registerPasskey(try authenticator.create(try await sdk.auth.passkeyCreationOptions(), origin: origin))
            let assertion = try authenticator.get(try await sdk.auth.passkeySignInOptions(), origin: origin)
            let other = server.client()
            try await other.auth.signIn(passkey: assertion)
            await #expect(throws: LatchkeyError.invalidPasskey(reason: "challenge")) { try await other.auth.signIn(passkey: assertion) }

            // The only passkey of a password account can go; afterwards it signs in no more.
            try await sdk.auth.deletePasskey(id: record.id)
            #expect(try await sdk.auth.passkeys().isEmpty)
            await #expect(throws: LatchkeyError.invalidPasskey(reason: "unknown_credential")) {
                try await other.auth.signIn(passkey: try authenticator.get(try await other.auth.passkeySignInOptions(), origin: origin))
            }
        }
    }

    @Test func aGuestWhoRegistersAPasskeyIsUpgradedInPlace() async throws {
        try await serving(try await Self.start()) { server in
            let origin = server.url.absoluteString
            let sdk = server.client()
            let guest = try await sdk.auth.signInAnonymously()
            #expect(guest.isAnonymous)
            let authenticator = SoftwareAuthenticator()
            let record = try await sdk.auth.registerPasskey(try authenticator.create(try await sdk.auth.passkeyCreationOptions(), origin: origin))
            #expect(sdk.currentUser?.isAnonymous == false)
            await #expect(throws: LatchkeyError.lastIdentity) { try await sdk.auth.deletePasskey(id: record.id) }
            try await sdk.auth.signOut()
            let back = try await sdk.auth.signIn(passkey: try authenticator.get(try await sdk.auth.passkeySignInOptions(), origin: origin))
            #expect(back.id == guest.id)
            #expect(!back.isAnonymous)
        }
    }
}
