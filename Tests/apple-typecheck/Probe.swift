// Compiled with the SDK's sources by ./run: every name used here is declared only in an Apple-only
// block, so a block the rewritten conditions left out fails the check instead of passing silently.
// It also calls the public API as an app and as an app extension (with an anchor) would.
import AuthenticationServices

@MainActor
func appleOnlyBlocksWereCompiled(latchkey: Latchkey, anchor: ASPresentationAnchor) async throws {
    _ = KeychainCredentialStore(service: "s", account: "a", accessGroup: "TEAM.group")
    _ = SecurityKeychain()
    _ = try await latchkey.auth.signInWithWebLogin(redirectURI: "com.example.app:/callback", presentationAnchor: anchor)
    _ = try await latchkey.auth.signInWithPasskey(presentationAnchor: anchor)
    _ = try await latchkey.auth.registerPasskey(name: "Phone", presentationAnchor: anchor)
    #if !APPLE_EXTENSION
    // An app may leave the anchor out: the key window. An app extension may not.
    _ = try await latchkey.auth.signInWithWebLogin(redirectURI: "https://example.com/callback")
    _ = try await latchkey.auth.signInWithPasskey()
    _ = try await latchkey.auth.registerPasskey()
    #endif
}
