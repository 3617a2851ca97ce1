/// An RFC 9457 problem document, as every non-OAuth error response carries it
/// (`Content-Type: application/problem+json`).
public struct Problem: Codable, Sendable, Equatable {
    /// A URI naming the problem type (`about:blank` or a Latchkey docs URI).
    public var type: String
    /// A short localized summary of the problem.
    public var title: String
    /// The HTTP status code.
    public var status: Int
    /// A localized, human-readable explanation for this occurrence.
    public var detail: String?
    /// The stable machine code.
    public var code: ErrorCode
    /// Field-level validation failures, all at once.
    public var errors: [FieldError]?
    /// The request id, as in the `X-Request-Id` header.
    public var requestId: String?
    /// For `mfa_required`: the challenge that `POST /v1/auth/mfa` completes.
    public var challenge: String?
    /// For `mfa_required`: whether the user has to enroll an authenticator first (the app
    /// requires one they do not have).
    public var enrollment: Bool?

    /// Creates a problem document.
    public init(
        type: String = "about:blank",
        title: String,
        status: Int,
        detail: String? = nil,
        code: ErrorCode,
        errors: [FieldError]? = nil,
        requestId: String? = nil,
        challenge: String? = nil,
        enrollment: Bool? = nil
    ) {
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
        self.code = code
        self.errors = errors
        self.requestId = requestId
        self.challenge = challenge
        self.enrollment = enrollment
    }
}

/// One field's validation failure inside a ``Problem``.
public struct FieldError: Codable, Sendable, Equatable, Hashable {
    /// The JSON member name (camelCase), e.g. `dateOfBirth`.
    public var field: String
    /// The stable machine code, e.g. `invalid_date_of_birth`.
    public var code: ErrorCode
    /// A finer reason where one exists (e.g. a ``PasswordRejection`` raw value).
    public var reason: String?
    /// A localized message for this field.
    public var message: String?

    /// Creates a field error.
    public init(field: String, code: ErrorCode, reason: String? = nil, message: String? = nil) {
        self.field = field
        self.code = code
        self.reason = reason
        self.message = message
    }
}
