import Foundation
import LatchkeyWire

extension AuthClient {
    /// Proves the signed-in user again with their password. Changing the email, linking a
    /// provider and deleting the account need a sign-in or a re-authentication within the app's
    /// window (five minutes by default; a refresh does not count) and otherwise throw
    /// `.reauthenticationRequired`: re-authenticate, then retry. A wrong password
    /// throws ``LatchkeyError/wrongPassword`` and counts against the account like a failed sign-in.
    public func reauthenticate(password: String) async throws {
        try await reauthenticate(.password(password))
    }

    /// Proves the signed-in user again with a token of a provider identity they hold (see
    /// ``reauthenticate(password:)``). A token of another identity, or one used before, throws
    /// `.server(code: "invalid_provider_token")`.
    public func reauthenticate(provider: String, token: String, nonce: String? = nil) async throws {
        try await reauthenticate(.provider(provider, token: token, nonce: nonce))
    }

    /// Proves the signed-in user again with the PIN that ``startPhoneSignIn(_:)`` sent to their
    /// own number (see ``reauthenticate(password:)``); a wrong PIN throws `invalidCode`.
    public func reauthenticate(_ verification: PhoneVerification, pin: String) async throws {
        try await reauthenticate(.pin(pin, requestId: verification.requestId))
    }

    private func reauthenticate(_ request: ReauthenticationRequest) async throws {
        _ = try await transport.send(.post, "v1/me/reauthenticate", body: request)
    }
}
