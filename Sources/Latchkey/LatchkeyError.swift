import Foundation
import LatchkeyWire

/// Every error the SDK throws. Cases follow the seeds' typed statuses (KWS createUser/auth,
/// Wilddog's errors) plus what a modern client needs; the server's localized message is kept.
public enum LatchkeyError: Error, Sendable, Equatable {
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
    /// Any other server error, with its stable code and localized message.
    case server(code: String, message: String)
}

extension LatchkeyError {
    /// The SDK error for a problem document.
    init(problem: Problem, retryAfter: Int?) {
        let fields = (problem.errors ?? []).map(Self.init(field:))
        switch problem.code {
        case .validationFailed: self = fields.count == 1 ? fields[0] : .validation(fields)
        case .invalidUsername, .invalidPassword, .invalidDateOfBirth, .invalidCountry, .invalidParentEmail,
            .invalidEmail, .duplicateUsername, .duplicateEmail:
            self = fields.first ?? Self.init(field: FieldError(field: "", code: problem.code))
        case .invalidCredentials: self = .invalidCredentials
        case .userDoesNotExist: self = .userDoesNotExist
        case .wrongPassword: self = .wrongPassword
        case .accountDisabled: self = .accountDisabled
        case .rateLimited: self = .rateLimited(retryAfter: retryAfter ?? 1)
        case .sessionExpired, .invalidToken: self = .sessionExpired
        case .unauthorized: self = .notSignedIn
        case .invalidRequest, .unknownField, .bodyTooLarge, .methodDisabled, .clientMismatch, .unknownClient:
            self = .invalidOperation(problem.detail ?? problem.title)
        default: self = .server(code: problem.code.rawValue, message: problem.detail ?? problem.title)
        }
    }

    /// The SDK error for one field error.
    init(field: FieldError) {
        switch field.code {
        case .invalidUsername: self = .invalidUsername
        case .invalidPassword: self = .invalidPassword(field.reason.flatMap(PasswordRejection.init(rawValue:)))
        case .invalidDateOfBirth: self = .invalidDateOfBirth
        case .invalidCountry: self = .invalidCountry
        case .invalidParentEmail: self = .invalidParentEmail
        case .invalidEmail: self = .invalidEmail
        case .duplicateUsername: self = .duplicateUsername
        case .duplicateEmail: self = .duplicateEmail
        default: self = .invalidOperation(field.message ?? field.field)
        }
    }

    /// The field errors this error carries (itself, or each of a `validation` list).
    public var fieldErrors: [LatchkeyError] {
        if case .validation(let errors) = self { return errors }
        return [self]
    }
}
