import Foundation
import LatchkeyWire

extension AuthClient {
    /// Emails the signed-in user a link that verifies their address. `emailVerified` becomes
    /// true only when that link is used.
    public func sendEmailVerification() async throws {
        _ = try await transport.send(.post, "v1/me/email/verification")
    }

    /// Uses the token of a verification or email-change link (for apps whose links open the
    /// app). The signed-in user, if any, is then reloaded to show the change; the link was used
    /// whether or not that reload succeeds (a failed reload is logged, not thrown).
    public func verifyEmail(token: String) async throws {
        _ = try await transport.send(.post, "v1/auth/email/verify", body: EmailTokenRequest(token: token), as: .none)
        guard client.currentUser != nil else { return }
        do {
            try await reloadUser()
        } catch {
            client.options.log?("email verified; reloading the user failed: \(error)")
        }
    }

    /// Asks for a password-reset link. The answer is the same whether or not `email` has an
    /// account, so nothing is learned from it.
    public func sendPasswordReset(email: String) async throws {
        _ = try await transport.send(.post, "v1/auth/password/reset", body: PasswordResetRequest(email: email), as: .none)
    }

    /// Sets a new password with the token of a reset link; every session of the user ends, this
    /// device's included, so sign in again afterwards.
    public func confirmPasswordReset(token: String, newPassword: String) async throws {
        _ = try await transport.send(
            .post,
            "v1/auth/password/reset/confirm",
            body: PasswordResetConfirmation(token: token, password: newPassword),
            as: .none
        )
    }

    /// Asks to change the email: a link goes to `newEmail`, and the change (already verified)
    /// happens when it is used.
    public func changeEmail(to newEmail: String) async throws {
        _ = try await transport.send(.post, "v1/me/email", body: EmailChangeRequest(email: newEmail))
    }
}
