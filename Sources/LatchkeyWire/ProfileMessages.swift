/// A user's gender as a profile states it (Kuggle's `female`, `male`, `other`).
public enum Gender: String, Codable, Sendable, CaseIterable {
    /// Female (Kuggle's `0`).
    case female
    /// Male (Kuggle's `1`).
    case male
    /// Any other or undisclosed gender (Kuggle's `2`).
    case other

    /// A gender as a request may give it: its name, or Kuggle's number for it (`0` female,
    /// `1` male, `2` other or undisclosed), which Kuggle's apps send as a string.
    public init?(requested value: String) {
        switch value {
        case "0": self = .female
        case "1": self = .male
        case "2": self = .other
        default: self.init(rawValue: value)
        }
    }
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
        firstName: String?,
        dateOfBirth: String?,
        gender: Gender?,
        displayName: String?,
        avatarURL: String?,
        inviteCode: String,
        profileCreated: Bool,
        invitedCount: Int,
        inviteRedeemed: Bool
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
    /// `female`, `male` or `other`, or Kuggle's `0`, `1` or `2` (as a string or a number).
    public var gender: String?
    /// 1–64 characters, no control characters.
    public var displayName: String?
    /// An `https` URL of at most 2,048 characters.
    public var avatarURL: String?

    private enum CodingKeys: String, CodingKey {
        case firstName, dateOfBirth, gender, displayName, avatarURL
    }

    /// Reads a request; `gender` may also be Kuggle's number as a JSON number (`1`), kept as
    /// its text (`"1"`) for ``Gender/init(requested:)`` to read.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        firstName = try container.decodeIfPresent(String.self, forKey: .firstName)
        dateOfBirth = try container.decodeIfPresent(String.self, forKey: .dateOfBirth)
        displayName = try container.decodeIfPresent(String.self, forKey: .displayName)
        avatarURL = try container.decodeIfPresent(String.self, forKey: .avatarURL)
        if let number = try? container.decodeIfPresent(Int.self, forKey: .gender) {
            gender = String(number)
        } else {
            gender = try container.decodeIfPresent(String.self, forKey: .gender)
        }
    }

    /// Creates a request; for a `PUT`, give first name, date of birth and gender.
    public init(
        firstName: String? = nil,
        dateOfBirth: String? = nil,
        gender: Gender? = nil,
        displayName: String? = nil,
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
