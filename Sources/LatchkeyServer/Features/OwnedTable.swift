/// A table a feature's migrations create, and what it holds about users: the declaration that
/// copying an installation, exporting a user's data and deleting a user follow.
struct OwnedTable: Sendable {
    /// The table's name.
    var name: String
    /// What the table holds about users.
    var userData: UserData
    /// What merging a guest into another account does with the guest's rows; every table of
    /// user data declares it (a test fails otherwise), tables about no user leave it nil.
    var merge: MergeRule? = nil

    /// What a merge of a guest into another account does with a table's rows of the guest.
    enum MergeRule: Sendable {
        /// The owning feature's ``Feature/merge(_:in:)`` moves them to the account, or combines
        /// them with its own.
        case merged
        /// They go with the guest's deletion; `why` says why nothing of them is worth keeping.
        case dropped(why: String)
    }

    /// How a table's rows relate to users.
    enum UserData: Sendable {
        /// Rows about no user (apps, keys, counters); `why` says what they are.
        case none(why: String)
        /// Rows of one user, found by `column` (the user id or their session id); they go with
        /// the user (a cascading foreign key or the feature's ``Feature/delete(_:in:)``) and are
        /// in the export under `section`.
        case owned(column: String, section: String)
        /// Rows addressed to a user's email or phone in `column` (messages, codes): deleted with
        /// the user by the feature's ``Feature/delete(_:in:)``; exported under `section`, or
        /// left out when nil, with the reason the table's declaration gives.
        case addressed(column: String, section: String?)
    }

    /// A table that holds nothing about users.
    static func shared(_ name: String, why: String) -> OwnedTable {
        OwnedTable(name: name, userData: .none(why: why))
    }
}
