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
    /// and whatever `signIn` throws (the guest stays signed in). Once `signIn` succeeded the
    /// client stays signed in to the account even if the merge fails — a guest whose session
    /// ended meanwhile is `.server(code: "invalid_guest_token")`, `signIn` reaching the guest
    /// itself is `.server(code: "merge_into_self")`, and the merge needs the sign-in to be recent. The answer says what moved and what stayed behind, by feature.
    @discardableResult
    public func mergeGuest(into signIn: () async throws -> CurrentUser) async throws -> GuestMergeResponse {
        guard let guest = client.currentUser, guest.isAnonymous, let proof = guest.refreshToken else { throw LatchkeyError.notAnonymous }
        _ = try await signIn()
        var answer: GuestMergeResponse?
        _ = try await updatingProfile {
            let merged = try await transport.decode(
                GuestMergeResponse.self, .post, "v1/me/merge", body: GuestMergeRequest(guestRefreshToken: proof))
            answer = merged
            return merged.user
        }
        guard let answer else { throw LatchkeyError.sessionExpired }
        return answer
    }
}
