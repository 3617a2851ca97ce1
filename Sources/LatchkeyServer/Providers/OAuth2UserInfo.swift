import Foundation

/// Who a plain OAuth 2.0 provider's access token belongs to: its user-info URL's JSON object,
/// read at the provider's claim paths. An access token names no audience, so one given by a
/// client could have been issued to any other app of the provider (and replayed here): only a
/// token the server got itself, exchanging its own code with its own client secret in the hosted
/// login, is ever read so.
enum OAuth2UserInfo {
    /// The profile the user-info URL gives for `accessToken`.
    static func profile(accessToken: String, settings: ProviderSettings) async throws(ProviderCheckFailure) -> ProviderProfile {
        guard let url = settings.userInfoURL else { throw .rejected("no user-info URL configured") }
        let answer = try await ProviderHTTP.getJSON(url, bearer: accessToken)
        guard answer.status == 200 else { throw .rejected("user-info URL answered \(answer.status)") }
        let paths = settings.claimPaths ?? ProviderSettings.ClaimPaths()
        guard let subject = string(at: paths.id, in: answer.object), !subject.isEmpty, subject.utf8.count <= 255 else {
            throw .rejected("no user id at \(paths.id)")
        }
        let email = paths.email.flatMap { string(at: $0, in: answer.object) }
        let verified = paths.emailVerified.map { flag(at: $0, in: answer.object) } ?? false
        return ProviderProfile(
            subject: subject,
            email: email,
            emailVerified: email != nil && verified,
            name: paths.name.flatMap { string(at: $0, in: answer.object) }
        )
    }

    /// The value at a dotted path.
    private static func value(at path: String, in object: [String: Any]) -> Any? {
        var current: Any? = object
        for name in path.split(separator: ".") {
            current = (current as? [String: Any])?[String(name)]
        }
        return current
    }

    /// A string, or an integer as its decimal digits (GitHub's ids are numbers).
    private static func string(at path: String, in object: [String: Any]) -> String? {
        let raw = value(at: path, in: object)
        if let text = raw as? String { return text }
        guard let digits = (raw as? NSNumber)?.stringValue, !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return digits
    }

    /// A JSON `true` or the string `"true"`.
    private static func flag(at path: String, in object: [String: Any]) -> Bool {
        switch value(at: path, in: object) {
        case let flag as Bool: return flag
        case let text as String: return text == "true"
        default: return false
        }
    }
}
