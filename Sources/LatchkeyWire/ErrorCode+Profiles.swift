extension ErrorCode {
    /// The first name is empty, longer than 64 characters or holds control characters.
    public static let invalidFirstName = ErrorCode("invalid_first_name")
    /// The gender is not `female`, `male` or `other`.
    public static let invalidGender = ErrorCode("invalid_gender")
    /// The display name is empty, longer than 64 characters or holds control characters.
    public static let invalidDisplayName = ErrorCode("invalid_display_name")
    /// The avatar URL is not an `https` URL of at most 2,048 characters.
    public static let invalidAvatarURL = ErrorCode("invalid_avatar_url")
    /// An account awaiting parental consent cannot set what others see (display name, avatar).
    public static let profileRestricted = ErrorCode("profile_restricted")
    /// No user of the app has this invite code.
    public static let unknownInviteCode = ErrorCode("unknown_invite_code")
    /// The user already redeemed an invite code (once per user).
    public static let inviteAlreadyRedeemed = ErrorCode("invite_already_redeemed")
    /// A user cannot redeem their own invite code.
    public static let ownInviteCode = ErrorCode("own_invite_code")
}
