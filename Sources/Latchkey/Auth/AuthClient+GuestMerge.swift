public import Foundation
public import LatchkeyWire

extension AuthClient {
    /// Merges the signed-in guest into an existing account: the other answer to
    /// ``LatchkeyError/Kind/accountConflict(field:)``, beside switching. `signIn` signs in to that
    /// account (with the credential the user just typed, a provider, a passkey…); the guest's
    /// session is kept only long enough to prove the guest, and then the server moves the guest's
    /// data in and deletes it: its device id signs in to the account from then on, app-data keys
    /// the account lacks move (the account's win), wallet balances add up, each board keeps the
    /// better score, profile fields the account lacks are filled, push devices move. The data
    /// tree is not merged — copy what the guest keeps under `/users/<guest id>` before calling.
    ///
    /// Throws ``LatchkeyError/Kind/notAnonymous`` (nothing happens) unless a guest is signed in,
    /// and whatever `signIn` throws (the guest stays signed in). When the merge itself fails after
    /// `signIn` succeeded — the server unavailable or unreachable, the wallets' sum out of range,
    /// the sign-in not recent enough — the guest is signed in again and the account's new session
    /// is ended, so the guest's data stays reachable from this device and the call can be made
    /// again; the merge's error is rethrown. Only when the server says the guest's session is spent
    /// (`.invalidGuestToken`: it ended, or a lost answer's merge went through)
    /// does the client stay signed in to the account, as there is no guest to go back to. The
    /// answer says what moved and what stayed behind, by feature.
    @discardableResult
    public func mergeGuest(into signIn: () async throws -> CurrentUser) async throws -> GuestMergeResponse {
        guard let guest = client.currentUser, guest.isAnonymous, let proof = guest.session.refreshToken else { throw LatchkeyError.notAnonymous }
        let account = try await signIn()
        do {
            var answer: GuestMergeResponse?
            _ = try await updatingProfile {
                let merged = try await transport.decode(
                    GuestMergeResponse.self,
                    .post,
                    "v1/me/merge",
                    body: GuestMergeRequest(guestRefreshToken: proof)
                )
                answer = merged
                return merged.user
            }
            guard let answer else { throw LatchkeyError.sessionExpired }
            return answer
        } catch {
            let guestSpent = LatchkeyError(.server(code: ErrorCode.invalidGuestToken.rawValue, message: ""))
            if error as? LatchkeyError != guestSpent { await restore(guest, leaving: account) }
            throw error
        }
    }

    /// Makes `guest` the signed-in user again in place of `account` (unless another sign-in
    /// replaced it meanwhile), then ends the account's session on the server; that sign-out is
    /// best effort, as the session was only opened for the merge.
    private func restore(_ guest: CurrentUser, leaving account: CurrentUser) async {
        guard client.transition(to: guest, event: .signedIn(guest), ifStill: Latchkey.SessionStamp(key: account.sessionKey)) else { return }
        _ = try? await client.transport.send(.post, "v1/auth/signout", token: account.session.accessToken)
    }
}
