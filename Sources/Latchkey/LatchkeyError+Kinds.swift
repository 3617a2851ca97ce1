import Foundation

/// One error per ``LatchkeyError/Kind``, so code reads as with an enum:
/// `throw LatchkeyError.notSignedIn`, `#expect(throws: LatchkeyError.invalidCredentials)`.
extension LatchkeyError {
    /// Username has invalid characters or length (KWS InvalidUsername).
    public static let invalidUsername = LatchkeyError(.invalidUsername)
    /// Password refused for `reason` (KWS InvalidPassword).
    public static func invalidPassword(_ reason: PasswordRejection?) -> LatchkeyError { LatchkeyError(.invalidPassword(reason)) }
    /// Date of birth not `YYYY-MM-DD` or in the future (KWS InvalidDateOfBirth).
    public static let invalidDateOfBirth = LatchkeyError(.invalidDateOfBirth)
    /// Country is not an ISO 3166-1 alpha-2 code (KWS InvalidCountry).
    public static let invalidCountry = LatchkeyError(.invalidCountry)
    /// Parent email is invalid (KWS InvalidParentEmail).
    public static let invalidParentEmail = LatchkeyError(.invalidParentEmail)
    /// Email is invalid (Wilddog InvalidEmail).
    public static let invalidEmail = LatchkeyError(.invalidEmail)
    /// The username is taken (KWS DuplicateUsername).
    public static let duplicateUsername = LatchkeyError(.duplicateUsername)
    /// The email is taken (only for apps that reveal it).
    public static let duplicateEmail = LatchkeyError(.duplicateEmail)
    /// A sign-up under the consent age of its country needs the parent's email.
    public static let parentEmailRequired = LatchkeyError(.parentEmailRequired)
    /// A child's date of birth and parent email cannot change after sign-up.
    public static let fieldLocked = LatchkeyError(.fieldLocked)
    /// No parental consent request is waiting (``Latchkey/resendConsentRequest()``).
    public static let consentNotPending = LatchkeyError(.consentNotPending)
    /// Several field errors at once.
    public static func validation(_ errors: [LatchkeyError]) -> LatchkeyError { LatchkeyError(.validation(errors)) }
    /// Wrong username/email or password (KWS InvalidCredentials).
    public static let invalidCredentials = LatchkeyError(.invalidCredentials)
    /// No such user (Wilddog UserDoesNotExist).
    public static let userDoesNotExist = LatchkeyError(.userDoesNotExist)
    /// The current password given to `changePassword` is wrong.
    public static let wrongPassword = LatchkeyError(.wrongPassword)
    /// The account is disabled.
    public static let accountDisabled = LatchkeyError(.accountDisabled)
    /// The phone number is not in international form.
    public static let invalidPhone = LatchkeyError(.invalidPhone)
    /// The PIN is wrong.
    public static let invalidCode = LatchkeyError(.invalidCode)
    /// The PIN or link can no longer be used.
    public static let codeExpired = LatchkeyError(.codeExpired)
    /// The server could not be reached (KWS NetworkError).
    public static func network(_ reason: String) -> LatchkeyError { LatchkeyError(.network(reason)) }
    /// The request was malformed or not allowed in this state (KWS InvalidOperation).
    public static func invalidOperation(_ reason: String) -> LatchkeyError { LatchkeyError(.invalidOperation(reason)) }
    /// Too many attempts; retry after this many seconds.
    public static func rateLimited(retryAfter: Int) -> LatchkeyError { LatchkeyError(.rateLimited(retryAfter: retryAfter)) }
    /// The session ended; the user is signed out.
    public static let sessionExpired = LatchkeyError(.sessionExpired)
    /// No user is signed in.
    public static let notSignedIn = LatchkeyError(.notSignedIn)
    /// A module says `access: false`: sign in first (Kurogo).
    public static func signInRequired(module: String) -> LatchkeyError { LatchkeyError(.signInRequired(module: module)) }
    /// The module does not speak this API version (Kurogo vmin/vmax).
    public static func unsupportedVersion(module: String, version: Int, supported: ClosedRange<Int>) -> LatchkeyError {
        LatchkeyError(.unsupportedVersion(module: module, version: version, supported: supported))
    }
    /// The provider name is not configured for this app.
    public static let unknownProvider = LatchkeyError(.unknownProvider)
    /// The provider refused the token.
    public static let invalidProviderToken = LatchkeyError(.invalidProviderToken)
    /// The provider identity already belongs to another user.
    public static let identityInUse = LatchkeyError(.identityInUse)
    /// An account with the provider's email exists.
    public static let accountExists = LatchkeyError(.accountExists)
    /// A guest's upgrade names an identity of another account; catches every field.
    public static let accountConflict = LatchkeyError(.accountConflict(field: ""))
    /// The device id is malformed.
    public static let invalidDeviceID = LatchkeyError(.invalidDeviceID)
    /// The app holds as many guests as it allows.
    public static let guestLimitReached = LatchkeyError(.guestLimitReached)
    /// Only a guest can be upgraded.
    public static let notAnonymous = LatchkeyError(.notAnonymous)
    /// The user's only way to sign in cannot be unlinked.
    public static let lastIdentity = LatchkeyError(.lastIdentity)
    /// A passkey's answer did not verify; `reason` names the check that failed.
    public static func invalidPasskey(reason: String) -> LatchkeyError { LatchkeyError(.invalidPasskey(reason: reason)) }
    /// The user closed the passkey sheet.
    public static let passkeyCancelled = LatchkeyError(.passkeyCancelled)
    /// The sign-in needs a second factor; catches every challenge.
    public static let mfaRequired = LatchkeyError(.mfaRequired(MFAChallenge(token: "", needsEnrollment: false)))
    /// The second-factor challenge can no longer be used.
    public static let mfaChallengeExpired = LatchkeyError(.mfaChallengeExpired)
    /// No authenticator is enrolled.
    public static let totpNotEnrolled = LatchkeyError(.totpNotEnrolled)
    /// An authenticator is enrolled already.
    public static let totpAlreadyEnrolled = LatchkeyError(.totpAlreadyEnrolled)
    /// The account's sign-in is not recent enough for this change: re-authenticate, then retry.
    public static let reauthenticationRequired = LatchkeyError(.reauthenticationRequired)
    /// The guest's proof for a merge is no live guest session of the app.
    public static let invalidGuestToken = LatchkeyError(.invalidGuestToken)
    /// A guest cannot be merged into itself.
    public static let mergeIntoSelf = LatchkeyError(.mergeIntoSelf)
    /// The first name is invalid.
    public static let invalidFirstName = LatchkeyError(.invalidFirstName)
    /// The gender is not `female`, `male` or `other`.
    public static let invalidGender = LatchkeyError(.invalidGender)
    /// The display name is invalid.
    public static let invalidDisplayName = LatchkeyError(.invalidDisplayName)
    /// The avatar URL is not an `https` URL.
    public static let invalidAvatarURL = LatchkeyError(.invalidAvatarURL)
    /// An account awaiting parental consent cannot set a display name or avatar.
    public static let profileRestricted = LatchkeyError(.profileRestricted)
    /// No user of the app has this invite code.
    public static let unknownInviteCode = LatchkeyError(.unknownInviteCode)
    /// The user redeemed an invite code already.
    public static let inviteAlreadyRedeemed = LatchkeyError(.inviteAlreadyRedeemed)
    /// The invite code is the user's own.
    public static let ownInviteCode = LatchkeyError(.ownInviteCode)
    /// The app-data key is invalid.
    public static let invalidAppDataKey = LatchkeyError(.invalidAppDataKey)
    /// The app-data value is too large.
    public static let appDataValueTooLarge = LatchkeyError(.appDataValueTooLarge)
    /// The user's app data would pass the app's limit.
    public static let appDataQuotaExceeded = LatchkeyError(.appDataQuotaExceeded)
    /// The stored value's `ETag` is not the one given.
    public static let etagMismatch = LatchkeyError(.etagMismatch)
    /// The app keeps no app data from accounts awaiting parental consent.
    public static let appDataRestricted = LatchkeyError(.appDataRestricted)
    /// The leaderboard takes scores only from the app's servers.
    public static let leaderboardClosed = LatchkeyError(.leaderboardClosed)
    /// The score is above the most the leaderboard takes from a player.
    public static let scoreTooHigh = LatchkeyError(.scoreTooHigh)
    /// The score (or the total an increment makes) is below the least the leaderboard takes from a player.
    public static let scoreTooLow = LatchkeyError(.scoreTooLow)
    /// An account awaiting parental consent cannot show a display name to others.
    public static let displayNameRestricted = LatchkeyError(.displayNameRestricted)
    /// The string given as an access token is not one.
    public static let invalidToken = LatchkeyError(.invalidToken)
    /// The wallet's balance is too low for the debit.
    public static let insufficientFunds = LatchkeyError(.insufficientFunds)
    /// The idempotency key was used on this wallet for a different request.
    public static let idempotencyKeyReused = LatchkeyError(.idempotencyKeyReused)
    /// The balance would leave the signed 64-bit range.
    public static let balanceOutOfRange = LatchkeyError(.balanceOutOfRange)
    /// The currency is not one of the app's wallet currencies.
    public static let unknownCurrency = LatchkeyError(.unknownCurrency)
    /// The app does not let users spend or transfer from their own wallet.
    public static let walletOperationDisabled = LatchkeyError(.walletOperationDisabled)
    /// The data tree's rules refuse the read or write.
    public static let permissionDenied = LatchkeyError(.permissionDenied)
    /// The query orders by a child the rules declare no `.indexOn` for.
    public static let indexNotDefined = LatchkeyError(.indexNotDefined)
    /// A data tree path or key the protocol does not allow.
    public static let invalidDatabasePath = LatchkeyError(.invalidDatabasePath)
    /// The server cannot serve now; retry after this many seconds when it says.
    public static func serverUnavailable(retryAfter: Int?) -> LatchkeyError { LatchkeyError(.serverUnavailable(retryAfter: retryAfter)) }
    /// The web login's callback carries another request's `state`.
    public static let webLoginStateMismatch = LatchkeyError(.webLoginStateMismatch)
    /// The server answered the web login with this OAuth error (`catch` matches by `error` alone).
    public static func webLoginRefused(error: String, description: String? = nil) -> LatchkeyError {
        LatchkeyError(.webLoginRefused(error: error, description: description), message: description)
    }
    /// The user closed the web login's browser.
    public static let webLoginCancelled = LatchkeyError(.webLoginCancelled)
    /// Any other server error, with its stable code and message.
    public static func server(code: String, message: String) -> LatchkeyError {
        LatchkeyError(.server(code: code, message: message), message: message)
    }
}
