import Foundation
import HTTPTypes
import Hummingbird
import LatchkeyWire

/// An error the API answers with an RFC 9457 problem document: a status, a stable code, optional
/// field errors and extra headers. Titles and details are localized when the response is written.
struct APIError: Error, HTTPResponseError {
    /// The HTTP status.
    var status: HTTPResponse.Status
    /// The stable code.
    var code: ErrorCode
    /// Field-level failures, all at once.
    var fields: [FieldError] = []
    /// Headers to add (`Retry-After`, `WWW-Authenticate`).
    var headers: HTTPFields = [:]
    /// The second-factor challenge of an `mfa_required` answer, and whether it asks for enrollment.
    var challenge: (token: String, enrollment: Bool)?

    /// The codes any route may answer with — malformed requests, credentials, limits, failures —
    /// as opposed to those a feature declares in ``Feature/errorCodes``.
    static let commonCodes: [ErrorCode] = [
        .invalidRequest, .unknownField, .validationFailed, .invalidField, .bodyTooLarge, .notFound, .methodNotAllowed,
        .unauthorized, .invalidToken, .unknownClient, .clientMismatch, .forbidden, .insufficientScope, .rateLimited, .internalError,
        .serviceUnavailable,
    ]

    init(_ status: HTTPResponse.Status, _ code: ErrorCode, fields: [FieldError] = [], headers: HTTPFields = [:]) {
        self.status = status
        self.code = code
        self.fields = fields
        self.headers = headers
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let language = Language(acceptLanguage: request.headers[.acceptLanguage])
        let text = Messages.text(for: code, in: language)
        let localizedFields = fields.map { field -> FieldError in
            var field = field
            field.message = Messages.fieldMessage(for: field, in: language)
            return field
        }
        let problem = Problem(
            type: "https://latchkey.dev/problems/\(code.rawValue)",
            title: text.title,
            status: Int(status.code),
            detail: text.detail,
            code: code,
            errors: localizedFields.isEmpty ? nil : localizedFields,
            requestId: (context as? LatchkeyRequestContext)?.requestID,
            challenge: challenge?.token,
            enrollment: challenge?.enrollment
        )
        var headers = self.headers
        headers[.contentType] = "application/problem+json; charset=utf-8"
        headers[.contentLanguage] = language.rawValue
        let body = try WireCoding.makeEncoder().encode(problem)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}

extension APIError {
    /// 401 for a missing, malformed, expired or revoked bearer token (RFC 6750 §3).
    static func invalidToken(_ code: ErrorCode = .invalidToken) -> APIError {
        let challenge =
            code == .unauthorized ? "Bearer realm=\"latchkey\"" : "Bearer realm=\"latchkey\", error=\"invalid_token\""
        return APIError(.unauthorized, code, headers: [.wwwAuthenticate: challenge])
    }

    /// 429 with `Retry-After`.
    static func rateLimited(retryAfter seconds: Int) -> APIError {
        APIError(.tooManyRequests, .rateLimited, headers: [.retryAfter: String(max(1, seconds))])
    }

    /// A validation failure: one field error keeps its own code, several become `validation_failed`;
    /// 409 when every failure is a taken name, else 422.
    static func validation(_ fields: [FieldError]) -> APIError {
        let duplicates: Set<ErrorCode> = [.duplicateUsername, .duplicateEmail]
        let status: HTTPResponse.Status =
            fields.allSatisfy { duplicates.contains($0.code) } ? .conflict : .unprocessableContent
        let code = fields.count == 1 ? fields[0].code : .validationFailed
        return APIError(status, code, fields: fields)
    }
}

extension HTTPField.Name {
    /// `X-Request-Id`.
    static let requestID = HTTPField.Name(HeaderName.requestID)!
    /// `Latchkey-Client-Id`.
    static let clientID = HTTPField.Name(HeaderName.clientID)!
    /// `X-Forwarded-For`.
    static let xForwardedFor = HTTPField.Name("X-Forwarded-For")!
    /// `X-Frame-Options`.
    static let xFrameOptions = HTTPField.Name("X-Frame-Options")!
    /// `Referrer-Policy`.
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    /// `Pragma`.
    static let pragma = HTTPField.Name("Pragma")!
}
