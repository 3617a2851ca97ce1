extension ErrorCode {
    /// A sign-up under the consent age of its country needs the parent's email (a field error on `parentEmail`).
    public static let parentEmailRequired = ErrorCode("parent_email_required")
    /// A child's account cannot change this field after sign-up (`dateOfBirth`, `parentEmail`).
    public static let fieldLocked = ErrorCode("field_locked")
    /// The account has no consent request waiting for the parent (`409`).
    public static let consentNotPending = ErrorCode("consent_not_pending")
}
