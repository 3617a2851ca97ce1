public import Foundation

/// Where a child's account stands with parental consent (KWS): a user who signed up under the
/// consent age of their country starts `pending`; only the parent's signed link changes it.
public enum ConsentStatus: String, Codable, Sendable, CaseIterable {
    /// The parent was asked and has not answered: the account is restricted.
    case pending
    /// The parent agreed: the account has the full scope.
    case granted
    /// The parent refused: the account stays restricted and is purged like a pending one.
    case denied
    /// The parent withdrew an earlier consent: the account is restricted again.
    case revoked
}

/// A child's consent state, as `GET /v1/me` shows it (absent for accounts that never needed one).
public struct ConsentState: Codable, Sendable, Equatable {
    /// Where the consent stands.
    public var status: ConsentStatus
    /// When the parent was first asked (sign-up).
    public var requestedAt: Date
    /// When the parent last decided (granted, denied or revoked); nil while pending.
    public var decidedAt: Date?

    /// Creates a consent state.
    public init(status: ConsentStatus, requestedAt: Date, decidedAt: Date? = nil) {
        self.status = status
        self.requestedAt = requestedAt
        self.decidedAt = decidedAt
    }

    /// True unless the parent granted consent: the account's tokens lack the `public` scope.
    public var isRestricted: Bool { status != .granted }
}

/// `POST /v1/consent/links`: a parent asks for links to manage their children's accounts.
public struct ConsentLinksRequest: StrictRequest, Equatable {
    public static let acceptedFields: Set<String> = ["parentEmail"]
    /// The parent's email, as the child gave it at sign-up.
    public var parentEmail: String

    /// Creates the request.
    public init(parentEmail: String) { self.parentEmail = parentEmail }
}
