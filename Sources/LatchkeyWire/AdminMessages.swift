/// A user as an app's backend sees it through `/v1/admin/users/{id}`: the record the user sees,
/// plus what only operators and the app's servers see.
public struct AdminUser: Codable, Sendable, Equatable {
    /// The user's record.
    public var user: UserRecord
    /// Whether the account is disabled (its sessions ended; sign-in refused).
    public var disabled: Bool

    /// Creates an admin view of a user.
    public init(user: UserRecord, disabled: Bool) {
        self.user = user
        self.disabled = disabled
    }
}

/// `PATCH /v1/admin/users/{id}`: disable or re-enable an account.
public struct AdminUserUpdate: StrictRequest, Equatable {
    public static let acceptedFields: Set<String> = ["disabled"]
    /// Disabling ends every session of the user at once.
    public var disabled: Bool

    /// Creates an update.
    public init(disabled: Bool) {
        self.disabled = disabled
    }
}
