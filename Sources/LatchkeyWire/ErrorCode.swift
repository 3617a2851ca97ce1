/// Stable, machine-readable error codes shared by the server and the SDK.
///
/// The server puts one of these in the `code` member of every RFC 9457 problem document, and in
/// the `code` of each entry of `errors` for field-level validation failures. The SDK maps them to
/// typed Swift errors. Codes never change meaning once published.
///
/// The type is open, not an enum: a newer server may answer with a code this build does not
/// know, and it still decodes — with its localized `title` and `detail` — instead of failing the
/// whole problem document. Compare with the static members (`code == .invalidToken`, `case
/// .invalidToken:` in a `switch`, which then needs a `default`).
public struct ErrorCode: RawRepresentable, Hashable, Codable, Sendable, CaseIterable, CustomStringConvertible {
    /// The code as it travels, snake_case.
    public let rawValue: String

    /// A code from its wire form; any string is accepted, known or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A code from its wire form.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The raw value, so logs and interpolations show `invalid_token`.
    public var description: String { rawValue }

    /// Decodes any string: unknown codes are kept, not refused.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the raw value as a JSON string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension ErrorCode {
    /// The request is malformed: not JSON, wrong types, missing required members (KWS "InvalidOperation").
    public static let invalidRequest = ErrorCode("invalid_request")
    /// The body contains a member the endpoint does not accept (strict schemas refuse unknown or privileged fields).
    public static let unknownField = ErrorCode("unknown_field")
    /// Several fields failed validation; see `errors`.
    public static let validationFailed = ErrorCode("validation_failed")
    /// The body is larger than the server accepts.
    public static let bodyTooLarge = ErrorCode("body_too_large")
    /// No such route or resource.
    public static let notFound = ErrorCode("not_found")
    /// The route exists but not for this method.
    public static let methodNotAllowed = ErrorCode("method_not_allowed")
    /// The request needs a bearer token and has none.
    public static let unauthorized = ErrorCode("unauthorized")
    /// The bearer token is invalid, expired, revoked or for another app.
    public static let invalidToken = ErrorCode("invalid_token")
    /// The refresh token is unknown, expired, reused or its session has ended.
    public static let sessionExpired = ErrorCode("session_expired")
    /// Username/email or password is wrong (also what a throttled account answers).
    public static let invalidCredentials = ErrorCode("invalid_credentials")
    /// No account has this username or email — only from apps that choose to reveal it
    /// (Wilddog's UserDoesNotExist); by default an unknown user answers `invalid_credentials`.
    public static let userDoesNotExist = ErrorCode("user_does_not_exist")
    /// The current password given to a password change is wrong.
    public static let wrongPassword = ErrorCode("wrong_password")
    /// The operation (email change, provider linking, account deletion) needs the user to have
    /// signed in or re-authenticated (`POST /v1/me/reauthenticate`) within the last few minutes.
    public static let reauthenticationRequired = ErrorCode("reauthentication_required")
    /// An email sign-up of an app that hides taken emails answered without a session: the account,
    /// if the address was free, signs in once the link sent to the address verifies it. The SDK
    /// raises it; the server never answers it (it would tell a free address from a taken one).
    public static let emailVerificationRequired = ErrorCode("email_verification_required")
    /// Too many requests; retry after the `Retry-After` header's seconds.
    public static let rateLimited = ErrorCode("rate_limited")
    /// The app named by `Latchkey-Client-Id` does not exist.
    public static let unknownClient = ErrorCode("unknown_client")
    /// The client id header and the token's audience name different apps.
    public static let clientMismatch = ErrorCode("client_mismatch")
    /// The sign-in method is not enabled for this app.
    public static let methodDisabled = ErrorCode("method_disabled")
    /// The account is disabled by an operator.
    public static let accountDisabled = ErrorCode("account_disabled")
    /// The caller may not do this.
    public static let forbidden = ErrorCode("forbidden")
    /// The token is valid but lacks the scope the route needs (RFC 6750 §3.1): a confidential
    /// client's on a user's route, a user's on a server's, a restricted child's on a public one.
    /// `WWW-Authenticate: Bearer error="insufficient_scope"` says the same.
    public static let insufficientScope = ErrorCode("insufficient_scope")
    /// Username has characters outside the allowed set, or a bad length (KWS InvalidUsername).
    public static let invalidUsername = ErrorCode("invalid_username")
    /// Password fails the policy; `reason` says why (KWS InvalidPassword).
    public static let invalidPassword = ErrorCode("invalid_password")
    /// Date of birth is not YYYY-MM-DD or lies in the future (KWS InvalidDateOfBirth).
    public static let invalidDateOfBirth = ErrorCode("invalid_date_of_birth")
    /// Country is not an ISO 3166-1 alpha-2 code (KWS InvalidCountry).
    public static let invalidCountry = ErrorCode("invalid_country")
    /// Parent email is not a valid address (KWS InvalidParentEmail).
    public static let invalidParentEmail = ErrorCode("invalid_parent_email")
    /// Email is not a valid address (Wilddog InvalidEmail).
    public static let invalidEmail = ErrorCode("invalid_email")
    /// A field value is out of range or of the wrong form.
    public static let invalidField = ErrorCode("invalid_field")
    /// The username is already in use in this app (KWS DuplicateUsername).
    public static let duplicateUsername = ErrorCode("duplicate_username")
    /// The email is already in use (only for apps that choose to reveal it).
    public static let duplicateEmail = ErrorCode("duplicate_email")
    /// The phone number is not a valid E.164 number.
    public static let invalidPhone = ErrorCode("invalid_phone")
    /// The PIN is wrong; the same request may be tried again (up to 5 checks in all).
    public static let invalidCode = ErrorCode("invalid_code")
    /// The PIN or link can no longer be used (expired, already used, or out of checks): ask for a new one.
    public static let codeExpired = ErrorCode("code_expired")
    /// The app has no provider of this name configured.
    public static let unknownProvider = ErrorCode("unknown_provider")
    /// The provider's token did not verify (signature, issuer, audience, expiry, nonce).
    public static let invalidProviderToken = ErrorCode("invalid_provider_token")
    /// This provider identity already belongs to another user.
    public static let identityInUse = ErrorCode("identity_in_use")
    /// An account with this email exists; sign in to it and link the provider.
    public static let accountExists = ErrorCode("account_exists")
    /// The identity is the user's only way to sign in and cannot be unlinked.
    public static let lastIdentity = ErrorCode("last_identity")
    /// An operator's authenticator is enrolled already: its secret is not shown again (an owner can reset it).
    public static let totpAlreadyEnrolled = ErrorCode("totp_already_enrolled")
    /// A dead letter cannot be sent again: the PIN or link it carried has expired (the user asks for a new one).
    public static let messageExpired = ErrorCode("message_expired")
    /// The server failed unexpectedly; nothing was written.
    public static let internalError = ErrorCode("internal_error")
    /// The server is overloaded or its database is unreachable; retry later.
    public static let serviceUnavailable = ErrorCode("service_unavailable")

    /// The codes this build knows, in declaration order; a newer server may send others.
    public static let allCases: [ErrorCode] = [
        .invalidRequest,
        .unknownField,
        .validationFailed,
        .bodyTooLarge,
        .notFound,
        .methodNotAllowed,
        .unauthorized,
        .invalidToken,
        .sessionExpired,
        .invalidCredentials,
        .userDoesNotExist,
        .wrongPassword,
        .reauthenticationRequired,
        .emailVerificationRequired,
        .rateLimited,
        .unknownClient,
        .clientMismatch,
        .methodDisabled,
        .accountDisabled,
        .forbidden,
        .insufficientScope,
        .invalidUsername,
        .invalidPassword,
        .invalidDateOfBirth,
        .invalidCountry,
        .invalidParentEmail,
        .invalidEmail,
        .invalidField,
        .duplicateUsername,
        .duplicateEmail,
        .invalidPhone,
        .invalidCode,
        .codeExpired,
        .unknownProvider,
        .invalidProviderToken,
        .identityInUse,
        .accountExists,
        .lastIdentity,
        .internalError,
        .serviceUnavailable,
        .parentEmailRequired,
        .fieldLocked,
        .consentNotPending,
        .invalidFirstName,
        .invalidGender,
        .invalidDisplayName,
        .invalidAvatarURL,
        .profileRestricted,
        .unknownInviteCode,
        .inviteAlreadyRedeemed,
        .ownInviteCode,
        .invalidAppDataKey,
        .appDataValueTooLarge,
        .appDataQuotaExceeded,
        .etagMismatch,
        .appDataRestricted,
        .leaderboardUserSubmitsDisabled,
        .leaderboardScoreTooHigh, .leaderboardScoreTooLow,
        .leaderboardSubmitsTooFrequent,
        .leaderboardSortOrderLocked,
        .leaderboardDisplayNameRestricted,
        .insufficientFunds,
        .idempotencyKeyReused,
        .balanceOutOfRange,
        .unknownCurrency,
        .walletOperationDisabled,
        .totpAlreadyEnrolled,
        .messageExpired,
        .invalidPasswordHash,
        .invalidTemplate,
        .invalidDeviceID,
        .guestLimitReached,
        .notAnonymous,
        .accountConflict,
        .invalidGuestToken,
        .mergeIntoSelf,
        .invalidPasskey,
        .mfaRequired,
        .mfaChallengeExpired,
        .totpNotEnrolled,
    ]
}

/// Why a password was refused; carried in a field error's `reason`.
public enum PasswordRejection: String, Codable, Sendable, CaseIterable {
    /// Shorter than the app's minimum (default 8 code points).
    case tooShort = "too_short"
    /// Longer than the maximum the server accepts (256 code points).
    case tooLong = "too_long"
    /// On the list of common or breached passwords.
    case tooCommon = "too_common"
    /// Contains the username, email local part or app name.
    case containsContext = "contains_context"
}
