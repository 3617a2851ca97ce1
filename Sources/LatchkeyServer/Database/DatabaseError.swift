import HTTPTypes

/// An answer the Realtime Database protocol gives as `{"error": "<message>"}` with a status: the
/// protocol's clients (firebase-admin, the Firebase SDKs' REST paths) read that member, not a
/// problem document.
struct DatabaseError: Error, Sendable, Equatable {
    /// The HTTP status.
    var status: HTTPResponse.Status
    /// The protocol's message.
    var message: String
    /// Headers the answer carries besides its body (`Retry-After`).
    var headers: HTTPFields = [:]

    /// A read or write the rules refuse (the protocol answers 401 with this text).
    static let permissionDenied = DatabaseError(status: .unauthorized, message: "Permission denied")
}
