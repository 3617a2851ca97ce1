import Foundation
import LatchkeyWire

extension AuthClient {
    /// Changes profile fields: non-nil arguments set their field, fields in `clearing` are
    /// removed, and the rest stay as they are.
    @discardableResult
    public func updateUser(
        username: String? = nil,
        dateOfBirth: String? = nil,
        country: String? = nil,
        parentEmail: String? = nil,
        clearing: Set<ProfileField> = []
    ) async throws -> CurrentUser {
        var update: [String: String?] = [:]
        for field in clearing { update[field.rawValue] = .some(nil) }
        let values = ["username": username, "dateOfBirth": dateOfBirth, "country": country, "parentEmail": parentEmail]
        for (name, value) in values { if let value { update[name] = value } }
        return try await updatingProfile { try await transport.decode(UserRecord.self, .patch, "v1/me", body: update) }
    }

    /// Changes the password (the current one is required); every other session ends.
    public func changePassword(current: String, new: String) async throws {
        _ = try await transport.send(.post, "v1/me/password", body: ChangePasswordRequest(currentPassword: current, newPassword: new))
    }

    /// Deletes the account and everything stored about it, then signs out.
    public func deleteAccount() async throws {
        let stamp = client.sessionStamp
        _ = try await transport.send(.delete, "v1/me")
        client.endSession(reason: .accountDeleted, ifStill: stamp)
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

/// A profile field ``AuthClient/updateUser(username:dateOfBirth:country:parentEmail:clearing:)`` can clear.
public enum ProfileField: String, Sendable, Hashable, CaseIterable {
    /// The date of birth.
    case dateOfBirth
    /// The country code.
    case country
    /// The parent's email.
    case parentEmail
}
