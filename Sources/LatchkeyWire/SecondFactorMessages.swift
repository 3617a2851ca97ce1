/// `POST /v1/auth/mfa`: the second step of a sign-in that answered `mfa_required` — the
/// challenge from that answer and either a current code of the user's authenticator or one of
/// their unused recovery codes.
public struct MFACompletionRequest: StrictRequest, Equatable {
    public static let acceptedFields: Set<String> = ["challenge", "code", "recoveryCode"]
    /// The challenge of the `mfa_required` answer.
    public var challenge: String
    /// A six-digit code of the user's authenticator (RFC 6238).
    public var code: String?
    /// One of the user's recovery codes, used up by this sign-in.
    public var recoveryCode: String?

    /// Creates a completion with a code or a recovery code (exactly one of them).
    public init(challenge: String, code: String? = nil, recoveryCode: String? = nil) {
        self.challenge = challenge
        self.code = code
        self.recoveryCode = recoveryCode
    }
}

/// `POST /v1/auth/mfa/totp`: an authenticator for a user whose app requires a second factor they
/// have not enrolled yet, started by the challenge of their `mfa_required` answer.
public struct MFAChallengeEnrollmentRequest: StrictRequest, Equatable {
    public static let acceptedFields: Set<String> = ["challenge"]
    /// The challenge of the `mfa_required` answer.
    public var challenge: String

    /// Creates the request.
    public init(challenge: String) { self.challenge = challenge }
}

/// A new authenticator's secret, shown once: typed in (base32) or read from the `otpauth://` URI
/// (as a QR code). It takes effect when a first code confirms it.
public struct TOTPEnrollment: Codable, Sendable, Equatable {
    /// The secret in base32 (RFC 4648) without padding.
    public var secret: String
    /// The `otpauth://totp/…` key URI authenticator apps read.
    public var uri: String

    /// Creates an enrollment.
    public init(secret: String, uri: String) {
        self.secret = secret
        self.uri = uri
    }
}

/// `POST /v1/me/mfa/totp/confirm`: the first code of a new authenticator, which enrolls it.
public struct TOTPConfirmationRequest: StrictRequest, Equatable {
    public static let acceptedFields: Set<String> = ["code"]
    /// A current six-digit code of the new authenticator.
    public var code: String

    /// Creates the request.
    public init(code: String) { self.code = code }
}

/// Recovery codes, shown once: each signs in once in place of an authenticator code.
public struct RecoveryCodes: Codable, Sendable, Equatable {
    /// The codes, in clear only in this answer (the server keeps digests).
    public var codes: [String]

    /// Creates the list.
    public init(codes: [String]) { self.codes = codes }
}

/// `GET /v1/me/mfa`: the signed-in user's second factor.
public struct SecondFactorStatus: Codable, Sendable, Equatable {
    /// Whether an authenticator is enrolled (confirmed by a first code).
    public var totpEnrolled: Bool
    /// Recovery codes not used yet.
    public var recoveryCodesLeft: Int
    /// Whether sign-in asks for a second factor: the user enrolled one, or the app requires it.
    public var required: Bool

    /// Creates a status.
    public init(totpEnrolled: Bool, recoveryCodesLeft: Int, required: Bool) {
        self.totpEnrolled = totpEnrolled
        self.recoveryCodesLeft = recoveryCodesLeft
        self.required = required
    }
}

extension ErrorCode {
    /// The password (or other first factor) was right and the user has a second factor: complete
    /// the sign-in with `POST /v1/auth/mfa` and the problem's `challenge`. When `enrollment` is
    /// true the app requires a factor the user has not enrolled: start one with `POST /v1/auth/mfa/totp`.
    public static let mfaRequired = ErrorCode("mfa_required")
    /// The sign-in challenge is unknown, expired, used, another app's or out of attempts: sign in again.
    public static let mfaChallengeExpired = ErrorCode("mfa_challenge_expired")
    /// No authenticator is enrolled (or waiting for its first code) for this request.
    public static let totpNotEnrolled = ErrorCode("totp_not_enrolled")
}
