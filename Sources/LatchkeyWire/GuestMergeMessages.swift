/// `POST /v1/me/merge`, called with the access token of the account that takes the guest in: the
/// guest's refresh token proves the caller holds the guest.
public struct GuestMergeRequest: StrictRequest, Equatable {
    public static let acceptedFields: Set<String> = ["guestRefreshToken"]
    /// The guest session's current refresh token (`lkr_…`), which the merge ends with the guest.
    public var guestRefreshToken: String

    /// Creates a merge request.
    public init(guestRefreshToken: String) { self.guestRefreshToken = guestRefreshToken }
}

/// What one feature did with the guest's data.
public struct GuestMergeSection: Codable, Sendable, Equatable {
    /// How many of the guest's items (keys, ledger entries, scores, devices, profile fields,
    /// identities) moved to the account or were combined with its own.
    public var moved: Int
    /// The guest's items that did not move, by name — the account had its own (an app-data key,
    /// a board's better score, a redeemed invite) or they cannot be merged (the data tree's
    /// `/users/<guest id>`) — and went with the guest.
    public var conflicts: [String]

    /// Creates a section.
    public init(moved: Int, conflicts: [String] = []) {
        self.moved = moved
        self.conflicts = conflicts
    }
}

/// The answer of `POST /v1/me/merge`: the account as it now is, and what moved, by feature
/// (`appData`, `wallet`, `leaderboards`, `profile`, `invites`, `devices`, `identities`,
/// `database`); a feature with nothing of the guest's is left out.
public struct GuestMergeResponse: Codable, Sendable, Equatable {
    /// The account the guest was merged into.
    public var user: UserRecord
    /// What each feature moved and kept.
    public var merged: [String: GuestMergeSection]

    /// Creates the answer.
    public init(user: UserRecord, merged: [String: GuestMergeSection]) {
        self.user = user
        self.merged = merged
    }
}
