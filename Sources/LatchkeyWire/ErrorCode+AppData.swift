extension ErrorCode {
    /// The app-data key is not 1–128 of `A–Z a–z 0–9 . _ -`.
    public static let invalidAppDataKey = ErrorCode("invalid_app_data_key")
    /// The value is larger than the app's per-value limit (413).
    public static let appDataValueTooLarge = ErrorCode("app_data_value_too_large")
    /// Storing the value would take the user past the app's per-user limit (422).
    public static let appDataQuotaExceeded = ErrorCode("app_data_quota_exceeded")
    /// `If-Match` or `If-None-Match` did not hold for the value as stored (412): reload and retry.
    public static let etagMismatch = ErrorCode("etag_mismatch")
    /// The app keeps app data from accounts awaiting parental consent (403).
    public static let appDataRestricted = ErrorCode("app_data_restricted")
}
