public import Foundation
public import LatchkeyWire

/// Completion-handler forms, delivered on the main queue like every callback of the SDK.
extension ProfileClient {
    /// Callback form of ``get()``.
    public func get(completion: @escaping @Sendable (Result<Profile, LatchkeyError>) -> Void) {
        client.deliver(completion) { try await get() }
    }

    /// Callback form of ``create(firstName:dateOfBirth:gender:displayName:avatarURL:)``.
    public func create(
        firstName: String,
        dateOfBirth: String,
        gender: Gender,
        displayName: String? = nil,
        avatarURL: URL? = nil,
        completion: @escaping @Sendable (Result<Profile, LatchkeyError>) -> Void
    ) {
        client.deliver(completion) {
            try await create(firstName: firstName, dateOfBirth: dateOfBirth, gender: gender, displayName: displayName, avatarURL: avatarURL)
        }
    }

    /// Callback form of ``update(firstName:dateOfBirth:gender:displayName:avatarURL:clearing:)``.
    public func update(
        firstName: String? = nil,
        dateOfBirth: String? = nil,
        gender: Gender? = nil,
        displayName: String? = nil,
        avatarURL: URL? = nil,
        clearing: Set<ClearableField> = [],
        completion: @escaping @Sendable (Result<Profile, LatchkeyError>) -> Void
    ) {
        client.deliver(completion) {
            try await update(
                firstName: firstName,
                dateOfBirth: dateOfBirth,
                gender: gender,
                displayName: displayName,
                avatarURL: avatarURL,
                clearing: clearing
            )
        }
    }

    /// Callback form of ``redeemInviteCode(_:)``.
    public func redeemInviteCode(_ code: String, completion: @escaping @Sendable (Result<Profile, LatchkeyError>) -> Void) {
        client.deliver(completion) { try await redeemInviteCode(code) }
    }
}
