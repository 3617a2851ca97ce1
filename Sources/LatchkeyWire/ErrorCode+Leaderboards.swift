extension ErrorCode {
    /// The board takes scores only from the app's servers, not from users.
    public static let leaderboardUserSubmitsDisabled = ErrorCode("leaderboard_user_submits_disabled")
    /// The submitted score is above the board's maximum for a user's own submit.
    public static let leaderboardScoreTooHigh = ErrorCode("leaderboard_score_too_high")
    /// The submitted score, or the total an increment makes, is below the board's minimum for a
    /// user's own submit.
    public static let leaderboardScoreTooLow = ErrorCode("leaderboard_score_too_low")
    /// The user submitted to this board too often; retry after `Retry-After` seconds.
    public static let leaderboardSubmitsTooFrequent = ErrorCode("leaderboard_submits_too_frequent")
    /// A user awaiting parental consent cannot show a display name to others.
    public static let leaderboardDisplayNameRestricted = ErrorCode("leaderboard_display_name_restricted")
    /// The board has entries, so its sort order cannot change: its ranks would turn over.
    public static let leaderboardSortOrderLocked = ErrorCode("leaderboard_sort_order_locked")
}
