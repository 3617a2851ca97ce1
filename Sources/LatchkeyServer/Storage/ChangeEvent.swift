/// What kind of thing changed. An open set: a feature names its own kinds (`ChangeKind("tree")`)
/// without touching the storage layer, and subscribers pick the kinds they care about.
struct ChangeKind: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral {
    var rawValue: String

    init(rawValue: String) {
        self.rawValue = rawValue
    }

    init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// A session was revoked or deleted; the subject is its id.
    static let session: ChangeKind = "session"
    /// A user's row or identities changed, or the user was deleted; the subject is the user id.
    static let user: ChangeKind = "user"
}

/// One committed change, as every node applies it.
struct ChangeEvent: Sendable, Equatable, Codable {
    /// Its place in the installation's commit order (see ``ChangeFeed``): no gaps, no reuse.
    var sequence: Int64
    var kind: ChangeKind
    /// What changed: a session id, a user id.
    var subject: String
    /// A small detail for subscribers that need more than the subject; nil for most kinds.
    var payload: String?
}
