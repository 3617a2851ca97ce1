public import Foundation
public import LatchkeyWire

extension Latchkey {
    /// The signed-in user's profile (Kuggle): first name, date of birth, gender, display name,
    /// avatar and invite code.
    public var profile: ProfileClient { ProfileClient(client: self) }
}

/// The signed-in user's profile: read it, create it (Kuggle's create profile), change fields,
/// and redeem another user's invite code. The date of birth is the account's own, so
/// ``CurrentUser/dateOfBirth``, ``CurrentUser/profileCreated`` and the display name follow
/// every answer. Failures are ``LatchkeyError``s: `.invalidFirstName`, `.invalidGender`,
/// `.invalidDateOfBirth`, `.invalidDisplayName`, `.invalidAvatarURL` (several at once as
/// `.validation`), `.profileRestricted`, `.unknownInviteCode`, `.inviteAlreadyRedeemed`,
/// `.ownInviteCode`.
public struct ProfileClient: Sendable {
    let client: Latchkey
    var transport: AuthorizedTransport { AuthorizedTransport(client: client) }

    /// A profile field ``update(firstName:dateOfBirth:gender:displayName:avatarURL:clearing:)`` can clear.
    public enum ClearableField: String, Sendable, Hashable, CaseIterable {
        /// The name others see.
        case displayName
        /// The picture's URL.
        case avatarURL
    }

    /// The profile; the server makes it, with an invite code, on first use.
    public func get() async throws -> Profile {
        try await remembering { try await transport.decode(Profile.self, .get, "v1/me/profile") }
    }

    /// Creates (or replaces) the profile: first name, date of birth (`YYYY-MM-DD`) and gender
    /// are required; a display name or avatar left out is removed. `profileCreated` turns true.
    @discardableResult
    public func create(
        firstName: String,
        dateOfBirth: String,
        gender: Gender,
        displayName: String? = nil,
        avatarURL: URL? = nil
    ) async throws -> Profile {
        let request = ProfileRequest(
            firstName: firstName,
            dateOfBirth: dateOfBirth,
            gender: gender,
            displayName: displayName,
            avatarURL: avatarURL?.absoluteString
        )
        return try await remembering { try await transport.decode(Profile.self, .put, "v1/me/profile", body: request) }
    }

    /// Changes the fields given and clears those in `clearing`; the rest stay. The profile counts
    /// as created once first name, date of birth and gender are all set.
    @discardableResult
    public func update(
        firstName: String? = nil,
        dateOfBirth: String? = nil,
        gender: Gender? = nil,
        displayName: String? = nil,
        avatarURL: URL? = nil,
        clearing: Set<ClearableField> = []
    ) async throws -> Profile {
        var update: [String: String?] = [:]
        for field in clearing { update[field.rawValue] = .some(nil) }
        let values = [
            "firstName": firstName, "dateOfBirth": dateOfBirth, "gender": gender?.rawValue, "displayName": displayName,
            "avatarURL": avatarURL?.absoluteString,
        ]
        for (name, value) in values { if let value { update[name] = value } }
        return try await remembering { try await transport.decode(Profile.self, .patch, "v1/me/profile", body: update) }
    }

    /// Redeems the invite code of the user who invited this one (any letter case; once per user).
    @discardableResult
    public func redeemInviteCode(_ code: String) async throws -> Profile {
        try await remembering {
            try await transport.decode(Profile.self, .post, "v1/me/profile/invite", body: InviteRedemptionRequest(code: code))
        }
    }

    /// Runs `call` and copies what the profile shares with the account (date of birth, display
    /// name, `profileCreated`) onto the current user, if the session is still the one asked for.
    private func remembering(_ call: () async throws -> Profile) async throws -> Profile {
        let stamp = client.sessionStamp
        let profile = try await call()
        client.transition(ifStill: stamp) { current in
            guard var user = current else { return nil }
            user.profile.dateOfBirth = profile.dateOfBirth
            user.profile.displayName = profile.displayName
            user.profile.profileCreated = profile.profileCreated
            guard user != current else { return nil }
            return (user, .userUpdated(user))
        }
        return profile
    }
}
