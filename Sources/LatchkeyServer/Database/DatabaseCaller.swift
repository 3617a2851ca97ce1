import LatchkeyWire

/// Who reads or writes an app's data tree, as the rules see them. The data tree's routes accept
/// the protocol's credentials (`Authorization: Bearer`, `auth=`, `access_token=`) or none, so the
/// caller is resolved by the feature rather than by a route's ``Access``.
enum DatabaseCaller: Sendable {
    /// A confidential client's token: admin access, rules not evaluated.
    case admin(App)
    /// A confidential client that asked to be treated as `auth` (the protocol's
    /// `auth_variable_override`, firebase-admin's `databaseAuthVariableOverride`): rules apply with
    /// that value as `auth` (`.null` for an unauthenticated caller).
    case overridden(App, auth: JSONValue)
    /// A signed-in user.
    case user(UserPrincipal)
    /// No credential: rules apply with `auth == null`.
    case anonymous(App)

    /// The app whose tree is addressed.
    var app: App {
        switch self {
        case .admin(let app), .overridden(let app, _), .anonymous(let app): app
        case .user(let user): user.app
        }
    }

    /// Whether the rules are skipped.
    var isAdmin: Bool {
        if case .admin = self { true } else { false }
    }
}

/// A value read from the tree with the revision it was read at (see ``TreeChange/revision``).
struct TreeSnapshot: Sendable, Equatable {
    /// The value at the path; nil when nothing is stored there.
    var value: JSONValue?
    /// The app's tree revision the read saw: every write up to it, none after.
    var revision: Int64
    /// How many leaves the value was read from: what answering it costs.
    var leaves = 0
}
