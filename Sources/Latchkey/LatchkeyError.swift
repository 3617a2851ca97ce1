public import Foundation
import LatchkeyWire

/// Every error the SDK throws: a ``Kind`` to branch on and, for errors the server reported, the
/// server's own message, localized by the device's preferred language (`Accept-Language`).
///
/// Branch on the kind the way you would on an enum — `catch LatchkeyError.invalidCredentials`,
/// `switch error.kind { case .invalidPassword(let reason): … }` — or on the server's code —
/// `catch ErrorCode.invalidProviderToken` — and show ``message`` (or `localizedDescription`) to
/// the user. Errors compare, and `catch` patterns match, by kind alone — free-form payloads (a
/// network reason, a message, a retry delay) and the message do not take part; a `catch` pattern
/// also ignores typed payloads (all but a server code and a web login's OAuth error), so
/// `catch LatchkeyError.invalidPassword(nil)` catches every password rejection,
/// `catch LatchkeyError.network("")` catches every network error,
/// `catch LatchkeyError.rateLimited(retryAfter: 0)` every throttle, and
/// `catch LatchkeyError.server(code: "quota_exceeded", message: "")` that code whatever its
/// message. Cancelling a call throws `CancellationError`, never a `LatchkeyError`.
public struct LatchkeyError: Error, Sendable, Equatable, LocalizedError, CustomStringConvertible {
    /// What went wrong: the seeds' typed statuses (KWS createUser/auth, Wilddog's errors) plus
    /// what a modern client needs.
    public enum Kind: Sendable, Equatable {
        /// Username has invalid characters or length (KWS InvalidUsername).
        case invalidUsername
        /// Password refused; the reason says why (KWS InvalidPassword).
        case invalidPassword(PasswordRejection?)
        /// Date of birth not `YYYY-MM-DD` or in the future (KWS InvalidDateOfBirth).
        case invalidDateOfBirth
        /// Country is not an ISO 3166-1 alpha-2 code (KWS InvalidCountry).
        case invalidCountry
        /// Parent email is invalid (KWS InvalidParentEmail).
        case invalidParentEmail
        /// Email is invalid (Wilddog InvalidEmail).
        case invalidEmail
        /// The username is taken (KWS DuplicateUsername).
        case duplicateUsername
        /// The email is taken (only for apps that reveal it).
        case duplicateEmail
        /// A sign-up under the consent age of its country gave no parent email.
        case parentEmailRequired
        /// A child's account cannot change this field after sign-up (date of birth, parent email).
        case fieldLocked
        /// Several fields failed at once; each entry is one of the field cases above.
        case validation([LatchkeyError])
        /// Wrong username/email or password (KWS InvalidCredentials).
        case invalidCredentials
        /// No such user (Wilddog UserDoesNotExist) — only from apps that reveal it.
        case userDoesNotExist
        /// The current password given to `changePassword` is wrong.
        case wrongPassword
        /// The account is disabled.
        case accountDisabled
        /// The phone number is not in international form (`+` and the country code).
        case invalidPhone
        /// The PIN is wrong; it may be tried again (five checks per PIN).
        case invalidCode
        /// The PIN or link can no longer be used (expired, used, out of checks): ask for a new one.
        case codeExpired
        /// The server could not be reached (KWS NetworkError). The session is kept.
        case network(String)
        /// The request was malformed or not allowed in this state (KWS InvalidOperation).
        case invalidOperation(String)
        /// Too many attempts; retry after this many seconds.
        case rateLimited(retryAfter: Int)
        /// The session ended (signed out elsewhere, revoked, expired); the user is signed out.
        case sessionExpired
        /// No user is signed in.
        case notSignedIn
        /// A module says `access: false`: sign in first (Kurogo).
        case signInRequired(module: String)
        /// The module does not speak this API version (Kurogo vmin/vmax).
        case unsupportedVersion(module: String, version: Int, supported: ClosedRange<Int>)
        /// The provider name is not configured for this app.
        case unknownProvider
        /// The provider refused the token, or it is not for this app, expired or replayed.
        case invalidProviderToken
        /// The provider identity already belongs to another user.
        case identityInUse
        /// An account with the provider's email exists: sign in to it and link the provider.
        case accountExists
        /// A guest tried to take on an identity of another account — `field` names it
        /// (`username`, `email`, `phone`, `provider`) — and neither account changed. Offer the
        /// choice: sign in to that account with the credential just typed (switch; the guest's
        /// data stays with the guest), sign in to it through ``AuthClient/mergeGuest(into:)``
        /// (merge; the guest's data moves into it), or keep playing as the guest and try another one.
        case accountConflict(field: String)
        /// The device id is not 16 to 128 characters of `A-Z a-z 0-9 - _ . :`.
        case invalidDeviceID
        /// The app holds as many guests as it allows; sign up or sign in instead.
        case guestLimitReached
        /// Only a guest can be upgraded; this user has a password or provider already.
        case notAnonymous
        /// The user's only way to sign in cannot be unlinked.
        case lastIdentity
        /// A passkey's answer did not verify; `reason` names the check (`challenge`: expired or
        /// used, `unknown_credential`: the server has no such passkey — it was removed —,
        /// `origin`, `rp_id`, `signature`, `counter`, …).
        case invalidPasskey(reason: String)
        /// The user closed the system's passkey sheet.
        case passkeyCancelled
        /// The first name is empty, longer than 64 characters or holds control characters.
        case invalidFirstName
        /// The gender is not `female`, `male` or `other`.
        case invalidGender
        /// The display name is empty, longer than 64 characters or holds control characters.
        case invalidDisplayName
        /// The avatar URL is not an `https` URL of at most 2,048 characters.
        case invalidAvatarURL
        /// An account awaiting parental consent cannot set a display name or avatar.
        case profileRestricted
        /// No user of the app has this invite code.
        case unknownInviteCode
        /// The user redeemed an invite code already (once per user).
        case inviteAlreadyRedeemed
        /// The invite code is the user's own.
        case ownInviteCode
        /// The app-data key is not 1–128 of `A–Z a–z 0–9 . _ -`.
        case invalidAppDataKey
        /// The app-data value is larger than the app allows for one key.
        case appDataValueTooLarge
        /// Storing the value would take the user past the app's app-data limit.
        case appDataQuotaExceeded
        /// The stored value's `ETag` is not the one given (or a value exists where none was
        /// expected): read it again and retry.
        case etagMismatch
        /// The app keeps no app data from accounts awaiting parental consent.
        case appDataRestricted
        /// The string given as an access token is not one (not a JWT the server could have issued).
        case invalidToken
        /// The wallet's balance is too low for the debit (nothing was written).
        case insufficientFunds
        /// The idempotency key was used on this wallet for a different request (nothing was written).
        case idempotencyKeyReused
        /// The balance would leave the signed 64-bit range (nothing was written).
        case balanceOutOfRange
        /// The currency is not one of the app's wallet currencies.
        case unknownCurrency
        /// The app does not let users spend or transfer from their own wallet.
        case walletOperationDisabled
        /// The server is up but cannot serve now (503: overloaded, starting, shutting down); retry
        /// after this many seconds when it says. The session is kept.
        case serverUnavailable(retryAfter: Int?)
        /// No parental consent request is waiting: the parent has answered already.
        case consentNotPending
        /// The leaderboard takes scores only from the app's servers.
        case leaderboardClosed
        /// The score is above the most the leaderboard takes from a player.
        case scoreTooHigh
        /// The score (or the total an increment makes) is below the least the leaderboard takes from a player.
        case scoreTooLow
        /// An account awaiting parental consent cannot show a display name to others.
        case displayNameRestricted
        /// The data tree's rules refuse the read or write (the protocol's "Permission denied"),
        /// or stopped allowing a watched location to be read.
        case permissionDenied
        /// The query orders by a child the rules declare no `.indexOn` for; the message names the
        /// rule to add.
        case indexNotDefined
        /// A data tree path or key the protocol does not allow (empty, over 768 bytes, or holding
        /// `. $ # [ ] /` or a control character); the message says which.
        case invalidDatabasePath
        /// The web login's callback carries another request's `state`: a redirect this request did
        /// not start (another site's, or a stale one). Nothing was signed in.
        case webLoginStateMismatch
        /// The server answered the web login with an OAuth error (RFC 6749 §4.1.2.1, §5.2):
        /// `access_denied`, `login_required` after `prompt: "none"`, `invalid_grant` for a code
        /// that was used, expired or not this request's.
        case webLoginRefused(error: String, description: String?)
        /// The user closed the web login's browser before signing in.
        case webLoginCancelled
        /// The password (or PIN, provider, device) was right and the user signs in with a second
        /// factor: complete the sign-in with ``AuthClient/completeSignIn(challenge:code:)`` (or a
        /// recovery code). Nothing is signed in until then.
        case mfaRequired(MFAChallenge)
        /// The sign-in's second-factor challenge expired (five minutes), was used, or ran out of
        /// attempts: sign in again.
        case mfaChallengeExpired
        /// No authenticator is enrolled (or waiting for its first code) for this call.
        case totpNotEnrolled
        /// An authenticator is enrolled already: disable it before enrolling another.
        case totpAlreadyEnrolled
        /// The call changes how the account signs in (email, password, phone, second factor,
        /// deletion) and its sign-in is not recent enough: re-authenticate
        /// (``AuthClient/reauthenticate(password:)`` and its siblings), then retry.
        case reauthenticationRequired
        /// The guest's proof for a merge is not a live guest session of this app (it ended, or
        /// a merge whose answer was lost went through).
        case invalidGuestToken
        /// A guest cannot be merged into itself.
        case mergeIntoSelf
        /// Any other server error, with its stable code and localized message.
        case server(code: String, message: String)

        /// Whether `self` is the same kind as `kind`, leaving out the free-form payloads (a
        /// network reason, a message, a retry delay): how errors compare and `catch` patterns match.
        func matches(_ kind: Kind) -> Bool {
            switch (self, kind) {
            case (.network, .network), (.invalidOperation, .invalidOperation), (.rateLimited, .rateLimited),
                (.serverUnavailable, .serverUnavailable), (.accountConflict, .accountConflict), (.mfaRequired, .mfaRequired):
                return true
            case (.server(let code, _), .server(let other, _)): return code == other
            case (.webLoginRefused(let error, _), .webLoginRefused(let other, _)): return error == other
            default: return self == kind
            }
        }

        /// Whether `self` is caught by a `catch` pattern of `kind`: the same case, whatever its
        /// payloads (`catch LatchkeyError.invalidPassword(nil)` catches `.tooShort` too), except
        /// the server's code and the web login's OAuth error, which name what went wrong. Switch
        /// on ``LatchkeyError/kind`` to read or tell payloads apart; `==` still compares them.
        func isCaught(by kind: Kind) -> Bool {
            switch (self, kind) {
            case (.invalidPassword, .invalidPassword), (.validation, .validation), (.signInRequired, .signInRequired),
                (.unsupportedVersion, .unsupportedVersion), (.invalidPasskey, .invalidPasskey):
                return true
            default: return matches(kind)
            }
        }
    }

    /// What went wrong.
    public let kind: Kind
    /// The server's localized message (RFC 9457 `detail`, else `title`); `nil` for errors the SDK
    /// raised itself.
    public let message: String?
    /// The problem document the server answered with, as received: its ``Problem/code`` (also a
    /// code newer than this SDK, which maps to ``Kind/server(code:message:)``), localized `title`
    /// and `detail`, and `requestId` for support. `nil` for errors the SDK raised itself.
    public let problem: Problem?

    /// An error of `kind`, with the server's `message` and problem document when there are some.
    public init(_ kind: Kind, message: String? = nil, problem: Problem? = nil) {
        self.kind = kind
        self.message = message
        self.problem = problem
    }

    public static func == (lhs: LatchkeyError, rhs: LatchkeyError) -> Bool { lhs.kind.matches(rhs.kind) }

    /// The server's message when there is one, else an English description of the kind.
    public var errorDescription: String? { message ?? String(describing: kind) }

    public var description: String {
        message.map { "\(kind): \($0)" } ?? String(describing: kind)
    }

    /// The server's code for this error (``Problem/code``); nil for errors the SDK raised itself.
    public var code: ErrorCode? { problem?.code }
}

/// Lets `catch LatchkeyError.sessionExpired { … }` match a thrown ``LatchkeyError`` by kind
/// (no payload takes part but a server code and a web login's OAuth error: ``Kind/isCaught(by:)``).
public func ~= (pattern: LatchkeyError, error: any Error) -> Bool {
    (error as? LatchkeyError).map { $0.kind.isCaught(by: pattern.kind) } ?? false
}

/// Lets `catch ErrorCode.invalidProviderToken { … }` match a thrown ``LatchkeyError`` by the
/// server's code, including codes newer than this SDK.
public func ~= (pattern: ErrorCode, error: any Error) -> Bool {
    (error as? LatchkeyError)?.code == pattern
}

extension LatchkeyError {
    /// The SDK error for a problem document, keeping its localized message and the document.
    init(problem: Problem, status: Int, retryAfter: Int?) {
        let message = problem.detail ?? problem.title
        let fields = (problem.errors ?? []).map(Self.init(field:))
        let kind: Kind
        switch problem.code {
        case .validationFailed where fields.count == 1, .invalidUsername, .invalidPassword, .invalidDateOfBirth, .invalidCountry,
            .invalidParentEmail, .invalidEmail, .duplicateUsername, .duplicateEmail, .parentEmailRequired, .fieldLocked,
            .invalidFirstName, .invalidGender, .invalidDisplayName, .invalidAvatarURL, .invalidAppDataKey:
            let field = fields.first ?? Self.init(field: FieldError(field: "", code: problem.code, message: message))
            self.init(field.kind, message: field.message, problem: problem)
            return
        case .validationFailed: kind = .validation(fields)
        case .invalidCredentials: kind = .invalidCredentials
        case .invalidPhone: kind = .invalidPhone
        case .invalidCode: kind = .invalidCode
        case .codeExpired: kind = .codeExpired
        case .userDoesNotExist: kind = .userDoesNotExist
        case .wrongPassword: kind = .wrongPassword
        case .accountDisabled: kind = .accountDisabled
        case .rateLimited, .leaderboardSubmitsTooFrequent: kind = .rateLimited(retryAfter: retryAfter ?? 1)
        case .leaderboardUserSubmitsDisabled: kind = .leaderboardClosed
        case .leaderboardScoreTooHigh: kind = .scoreTooHigh
        case .leaderboardScoreTooLow: kind = .scoreTooLow
        case .leaderboardDisplayNameRestricted: kind = .displayNameRestricted
        case .sessionExpired, .invalidToken: kind = .sessionExpired
        case .unauthorized: kind = .notSignedIn
        case .invalidRequest, .unknownField, .bodyTooLarge, .methodDisabled, .clientMismatch, .unknownClient:
            kind = .invalidOperation(message)
        case .unknownProvider: kind = .unknownProvider
        case .invalidProviderToken: kind = .invalidProviderToken
        case .identityInUse: kind = .identityInUse
        case .accountExists: kind = .accountExists
        case .accountConflict: kind = .accountConflict(field: problem.errors?.first?.field ?? "")
        case .invalidDeviceID: kind = .invalidDeviceID
        case .guestLimitReached: kind = .guestLimitReached
        case .notAnonymous: kind = .notAnonymous
        case .lastIdentity: kind = .lastIdentity
        case .invalidPasskey: kind = .invalidPasskey(reason: problem.errors?.first?.reason ?? "")
        case .consentNotPending: kind = .consentNotPending
        case .profileRestricted: kind = .profileRestricted
        case .unknownInviteCode: kind = .unknownInviteCode
        case .inviteAlreadyRedeemed: kind = .inviteAlreadyRedeemed
        case .ownInviteCode: kind = .ownInviteCode
        case .appDataValueTooLarge: kind = .appDataValueTooLarge
        case .appDataQuotaExceeded: kind = .appDataQuotaExceeded
        case .etagMismatch: kind = .etagMismatch
        case .appDataRestricted: kind = .appDataRestricted
        case .insufficientFunds: kind = .insufficientFunds
        case .idempotencyKeyReused: kind = .idempotencyKeyReused
        case .balanceOutOfRange: kind = .balanceOutOfRange
        case .unknownCurrency: kind = .unknownCurrency
        case .walletOperationDisabled: kind = .walletOperationDisabled
        case .mfaRequired: kind = .mfaRequired(MFAChallenge(token: problem.challenge ?? "", needsEnrollment: problem.enrollment ?? false))
        case .mfaChallengeExpired: kind = .mfaChallengeExpired
        case .totpNotEnrolled: kind = .totpNotEnrolled
        case .totpAlreadyEnrolled: kind = .totpAlreadyEnrolled
        case .reauthenticationRequired: kind = .reauthenticationRequired
        case .invalidGuestToken: kind = .invalidGuestToken
        case .mergeIntoSelf: kind = .mergeIntoSelf
        case _ where status == 503: kind = .serverUnavailable(retryAfter: retryAfter)
        default: kind = .server(code: problem.code.rawValue, message: message)
        }
        self.init(kind, message: message, problem: problem)
    }

    /// The SDK error for one field error, keeping its localized message.
    init(field: FieldError) {
        let kind: Kind
        switch field.code {
        case .invalidUsername: kind = .invalidUsername
        case .invalidPassword: kind = .invalidPassword(field.reason.flatMap(PasswordRejection.init(rawValue:)))
        case .invalidDateOfBirth: kind = .invalidDateOfBirth
        case .invalidCountry: kind = .invalidCountry
        case .invalidParentEmail: kind = .invalidParentEmail
        case .invalidEmail: kind = .invalidEmail
        case .duplicateUsername: kind = .duplicateUsername
        case .duplicateEmail: kind = .duplicateEmail
        case .parentEmailRequired: kind = .parentEmailRequired
        case .fieldLocked: kind = .fieldLocked
        case .invalidFirstName: kind = .invalidFirstName
        case .invalidGender: kind = .invalidGender
        case .invalidDisplayName: kind = .invalidDisplayName
        case .invalidAvatarURL: kind = .invalidAvatarURL
        case .invalidAppDataKey: kind = .invalidAppDataKey
        default: kind = .invalidOperation(field.message ?? field.field)
        }
        self.init(kind, message: field.message)
    }

    /// The field errors this error carries (itself, or each of a `validation` list).
    public var fieldErrors: [LatchkeyError] {
        if case .validation(let errors) = kind { return errors }
        return [self]
    }
}
