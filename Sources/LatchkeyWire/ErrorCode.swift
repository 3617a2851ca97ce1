/// Stable, machine-readable error codes shared by the server and the SDK.
///
/// The server puts one of these in the `code` member of every RFC 9457 problem document, and in
/// the `code` of each entry of `errors` for field-level validation failures. The SDK maps them to
/// typed Swift errors. Codes never change meaning once published.
public enum ErrorCode: String, Codable, Sendable, CaseIterable {
    /// The request is malformed: not JSON, wrong types, missing required members (KWS "InvalidOperation").
    case invalidRequest = "invalid_request"
    /// The body contains a member the endpoint does not accept (strict schemas refuse unknown or privileged fields).
    case unknownField = "unknown_field"
    /// Several fields failed validation; see `errors`.
    case validationFailed = "validation_failed"
    /// The body is larger than the server accepts.
    case bodyTooLarge = "body_too_large"
    /// No such route or resource.
    case notFound = "not_found"
    /// The route exists but not for this method.
    case methodNotAllowed = "method_not_allowed"
    /// The request needs a bearer token and has none.
    case unauthorized = "unauthorized"
    /// The bearer token is invalid, expired, revoked or for another app.
    case invalidToken = "invalid_token"
    /// The refresh token is unknown, expired, reused or its session has ended.
    case sessionExpired = "session_expired"
    /// Username/email or password is wrong (also what a throttled account answers).
    case invalidCredentials = "invalid_credentials"
    /// No account has this username or email — only from apps that choose to reveal it
    /// (Wilddog's UserDoesNotExist); by default an unknown user answers `invalid_credentials`.
    case userDoesNotExist = "user_does_not_exist"
    /// The current password given to a password change is wrong.
    case wrongPassword = "wrong_password"
    /// Too many requests; retry after the `Retry-After` header's seconds.
    case rateLimited = "rate_limited"
    /// The app named by `Latchkey-Client-Id` does not exist.
    case unknownClient = "unknown_client"
    /// The client id header and the token's audience name different apps.
    case clientMismatch = "client_mismatch"
    /// The sign-in method is not enabled for this app.
    case methodDisabled = "method_disabled"
    /// The account is disabled by an operator.
    case accountDisabled = "account_disabled"
    /// The caller may not do this.
    case forbidden = "forbidden"
    /// Username has characters outside the allowed set, or a bad length (KWS InvalidUsername).
    case invalidUsername = "invalid_username"
    /// Password fails the policy; `reason` says why (KWS InvalidPassword).
    case invalidPassword = "invalid_password"
    /// Date of birth is not YYYY-MM-DD or lies in the future (KWS InvalidDateOfBirth).
    case invalidDateOfBirth = "invalid_date_of_birth"
    /// Country is not an ISO 3166-1 alpha-2 code (KWS InvalidCountry).
    case invalidCountry = "invalid_country"
    /// Parent email is not a valid address (KWS InvalidParentEmail).
    case invalidParentEmail = "invalid_parent_email"
    /// Email is not a valid address (Wilddog InvalidEmail).
    case invalidEmail = "invalid_email"
    /// A field value is out of range or of the wrong form.
    case invalidField = "invalid_field"
    /// The username is already in use in this app (KWS DuplicateUsername).
    case duplicateUsername = "duplicate_username"
    /// The email is already in use (only for apps that choose to reveal it).
    case duplicateEmail = "duplicate_email"
    /// The phone number is not a valid E.164 number.
    case invalidPhone = "invalid_phone"
    /// The PIN is wrong; the same request may be tried again (up to 5 checks in all).
    case invalidCode = "invalid_code"
    /// The PIN or link can no longer be used (expired, already used, or out of checks): ask for a new one.
    case codeExpired = "code_expired"
    /// The app has no provider of this name configured.
    case unknownProvider = "unknown_provider"
    /// The provider's token did not verify (signature, issuer, audience, expiry, nonce).
    case invalidProviderToken = "invalid_provider_token"
    /// This provider identity already belongs to another user.
    case identityInUse = "identity_in_use"
    /// An account with this email exists; sign in to it and link the provider.
    case accountExists = "account_exists"
    /// The identity is the user's only way to sign in and cannot be unlinked.
    case lastIdentity = "last_identity"
    /// The server failed unexpectedly; nothing was written.
    case internalError = "internal_error"
    /// The server is overloaded or its database is unreachable; retry later.
    case serviceUnavailable = "service_unavailable"
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
