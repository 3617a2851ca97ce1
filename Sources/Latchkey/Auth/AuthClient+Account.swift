import Foundation
import LatchkeyWire

extension AuthClient {
    /// Changes profile fields; only non-nil arguments change.
    @discardableResult
    public func updateUser(username: String? = nil, dateOfBirth: String? = nil, country: String? = nil, parentEmail: String? = nil)
        async throws -> CurrentUser
    {
        let update = UpdateUserRequest(username: username, dateOfBirth: dateOfBirth, country: country, parentEmail: parentEmail)
        return try updateProfile(try await transport.decode(UserRecord.self, .patch, "v1/me", body: update))
    }

    /// Changes the password (the current one is required); every other session ends.
    public func changePassword(current: String, new: String) async throws {
        _ = try await transport.send(.post, "v1/me/password", body: ChangePasswordRequest(currentPassword: current, newPassword: new))
    }

    /// Deletes the account and everything stored about it, then signs out.
    public func deleteAccount() async throws {
        _ = try await transport.send(.delete, "v1/me")
        client.endSession(reason: .accountDeleted)
    }

    /// The user's live sessions (devices), newest first.
    public func sessions() async throws -> [SessionDescriptor] {
        try await transport.decode(SessionList.self, .get, "v1/me/sessions").sessions
    }

    /// Ends one of the user's sessions (sign out another device).
    public func revokeSession(_ id: String) async throws {
        _ = try await transport.send(.delete, "v1/me/sessions/\(id)")
    }

    /// Everything the server stores about the user.
    public func exportData() async throws -> AccountExport {
        try await transport.decode(AccountExport.self, .get, "v1/me/export")
    }
}
