import Foundation

/// The data tree answers errors as the Realtime Database protocol does, `{"error": "<message>"}`
/// with a status, not as a problem document.
struct DatabaseErrorBody: Decodable {
    let error: String
}

extension LatchkeyError {
    /// The SDK error for the data tree's `{"error": message}` answer with `status`.
    init(databaseError message: String, status: Int, retryAfter: Int?) {
        let kind: Kind
        switch status {
        case 401 where message.localizedCaseInsensitiveContains("permission denied"),
            403 where message.localizedCaseInsensitiveContains("permission denied"):
            kind = .permissionDenied
        case 400 where message.localizedCaseInsensitiveContains("index not defined"): kind = .indexNotDefined
        case 400 where message.hasPrefix("Invalid path"): kind = .invalidDatabasePath
        // The token is invalid, expired or its session ended: refreshed once, as on other routes.
        case 401 where message.localizedCaseInsensitiveContains("auth token"): kind = .sessionExpired
        case 412: kind = .etagMismatch
        case 429: kind = .rateLimited(retryAfter: retryAfter ?? 1)
        case 503: kind = .serverUnavailable(retryAfter: retryAfter)
        default: kind = .server(code: "http_\(status)", message: message)
        }
        self.init(kind, message: message)
    }
}
