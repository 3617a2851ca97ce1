public import Foundation

/// What an operator may do in the console and the admin API. Each role may do what the roles
/// below it may: a viewer reads, an admin changes apps, users and the outbox, an owner also
/// manages operators.
public enum OperatorRole: String, Codable, Sendable, CaseIterable, Comparable {
    case viewer
    case admin
    case owner

    private var rank: Int {
        switch self {
        case .viewer: 0
        case .admin: 1
        case .owner: 2
        }
    }

    public static func < (lhs: OperatorRole, rhs: OperatorRole) -> Bool { lhs.rank < rhs.rank }
}

/// A person who administers the installation (not a user of an app).
public struct Operator: Codable, Sendable, Equatable {
    /// The operator id.
    public var id: String
    /// The name they sign in with.
    public var username: String
    /// What they may do.
    public var role: OperatorRole
    /// A disabled operator cannot sign in, and their sessions ended when they were disabled.
    public var disabled: Bool
    /// Whether they confirmed their authenticator with a first code.
    public var totpEnrolled: Bool
    /// When the operator was created.
    public var createdAt: Date
    /// Their last sign-in.
    public var lastSignInAt: Date?
}

/// An operator's signed-in browser or script, as listed (the token itself is stored hashed).
public struct OperatorSession: Codable, Sendable, Equatable {
    /// The session id.
    public var id: String
    /// Whose session it is.
    public var operatorID: String
    /// When it started.
    public var createdAt: Date
    /// When it was last used; it ends after ``OperatorService/idleTimeout`` without use.
    public var lastUsedAt: Date
    /// When it ends whatever its use.
    public var expiresAt: Date
    /// When it was signed out or revoked.
    public var revokedAt: Date?
    /// The address it signed in from.
    public var ipAddress: String?
    /// The browser or script that signed in.
    public var userAgent: String?
}

/// An operator created with a password shown this once.
public struct OperatorCredentials: Codable, Sendable {
    /// The operator.
    public var `operator`: Operator
    /// The password, in clear only here.
    public var password: String
}
