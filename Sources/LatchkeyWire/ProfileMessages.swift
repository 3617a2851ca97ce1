/// A user's gender as a profile states it (Kuggle's `female`, `male`, `other`).
public enum Gender: String, Codable, Sendable, CaseIterable {
    /// Female (Kuggle's `0`).
    case female
    /// Male (Kuggle's `1`).
    case male
    /// Any other or undisclosed gender (Kuggle's `2`).
    case other
}

/// `GET /v1/me/profile` (Kuggle's profile): the name, birthday and gender the app asked for, the
/// user's invite code, and whether the profile was created.
public struct Profile: Codable, Sendable, Equatable {
    /// The user's first name.
    public var firstName: String?
    /// Date of birth, `YYYY-MM-DD`: the account's own (`GET /v1/me` shows the same value).
    public var dateOfBirth: String?
    /// The user's gender.
    public var gender: Gender?
    /// The name others see; never set for an account awaiting parental consent.
    public var displayName: String?
    /// An https URL of the user's picture; never set for an account awaiting parental consent.
    public var avatarURL: String?
    /// The code others redeem to say this user invited them: unique in the app, case-insensitive,
    /// from an alphabet without look-alike characters. Read-only.
    public var inviteCode: String
    /// Whether the profile was created: true after a `PUT`, or a `PATCH` that leaves first name,
    /// date of birth and gender all set; phone and provider sign-ups start without one.
    public var profileCreated: Bool
    /// How many users redeemed this user's invite code.
    public var invitedCount: Int
    /// Whether this user redeemed someone's invite code (once per user).
    public var inviteRedeemed: Bool

    /// Creates a profile.
    public init(
        firstName: String?, dateOfBirth: String?, gender: Gender?, displayName: String?, avatarURL: String?,
        inviteCode: String, profileCreated: Bool, invitedCount: Int, inviteRedeemed: Bool
    ) {
        self.firstName = firstName
        self.dateOfBirth = dateOfBirth
        self.gender = gender
        self.displayName = displayName
        self.avatarURL = avatarURL
        self.inviteCode = inviteCode
        self.profileCreated = profileCreated
        self.invitedCount = invitedCount
        self.inviteRedeemed = inviteRedeemed
    }
}

/// `PUT /v1/me/profile` (Kuggle's create profile): first name, date of birth and gender are
/// required; display name and avatar are optional. `PATCH /v1/me/profile` takes the same members,
/// each optional, where `null` clears the display name or avatar.
public struct ProfileRequest: StrictRequest, Equatable {
    public static let acceptedFields: Set<String> = ["firstName", "dateOfBirth", "gender", "displayName", "avatarURL"]
    /// The first name (1–64 characters, no control characters).
    public var firstName: String?
    /// `YYYY-MM-DD`, not in the future.
    public var dateOfBirth: String?
    /// `female`, `male` or `other`.
    public var gender: String?
    /// 1–64 characters, no control characters.
    public var displayName: String?
    /// An `https` URL of at most 2,048 characters.
    public var avatarURL: String?

    /// Creates a request; for a `PUT`, give first name, date of birth and gender.
    public init(
        firstName: String? = nil, dateOfBirth: String? = nil, gender: Gender? = nil, displayName: String? = nil,
        avatarURL: String? = nil
    ) {
        self.firstName = firstName
        self.dateOfBirth = dateOfBirth
        self.gender = gender?.rawValue
        self.displayName = displayName
        self.avatarURL = avatarURL
    }
}

/// `POST /v1/me/profile/invite`: redeem another user's invite code.
public struct InviteRedemptionRequest: StrictRequest, Equatable {
    public static let acceptedFields: Set<String> = ["code"]
    /// The inviter's code, in any letter case.
    public var code: String

    /// Creates a redemption.
    public init(code: String) {
        self.code = code
    }
}

/// `GET /v1/users/{id}/profile`: a user's profile as the app's servers read it (`profiles:read`).
public struct UserProfile: Codable, Sendable, Equatable {
    /// The user id.
    public var userId: String
    /// The profile.
    public var profile: Profile

    /// Creates a user's profile.
    public init(userId: String, profile: Profile) {
        self.userId = userId
        self.profile = profile
    }
}
