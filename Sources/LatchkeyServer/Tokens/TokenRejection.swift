/// Why an access token was refused. Every case answers `401 invalid_token`; the case is logged.
enum TokenRejection: Error, Equatable {
    case malformed
    case unsupportedHeader
    case unknownKey
    case badSignature
    case expired
    case notYetValid
    case wrongIssuer
    case wrongAudience
    case sessionEnded
}
