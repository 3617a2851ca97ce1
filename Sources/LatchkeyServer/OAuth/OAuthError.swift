import Foundation
import HTTPTypes
import Hummingbird

/// An RFC 6749 §5.2 error answer: `{"error", "error_description"}` with `Cache-Control: no-store`.
struct OAuthError: Error, HTTPResponseError {
    /// The RFC 6749 error code (`invalid_request`, `invalid_client`, `invalid_grant`, …).
    var error: String
    /// A human-readable explanation.
    var description: String
    var status: HTTPResponse.Status = .badRequest
    /// Whether the client tried HTTP Basic (then a 401 carries a Basic challenge).
    var basicChallenge = false

    static func invalidRequest(_ description: String) -> OAuthError {
        OAuthError(error: "invalid_request", description: description)
    }

    static func invalidClient(basic: Bool) -> OAuthError {
        OAuthError(error: "invalid_client", description: "Client authentication failed.", status: .unauthorized, basicChallenge: basic)
    }

    static func invalidGrant(_ description: String) -> OAuthError {
        OAuthError(error: "invalid_grant", description: description)
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers: HTTPFields = [.cacheControl: "no-store", .pragma: "no-cache"]
        if basicChallenge { headers[.wwwAuthenticate] = #"Basic realm="latchkey""# }
        return try JSONResponse.make(object: ["error": error, "error_description": description], status: status, headers: headers)
    }
}
