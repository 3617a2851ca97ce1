import Foundation

/// Checks a Facebook user access token with the Graph API: `debug_token` (with the app access
/// token `{app id}|{secret}`) must call it valid, issued to one of the app's Facebook app ids,
/// unexpired and for a user; `/me` then gives the profile (name, email, first name, birthday,
/// gender), and must be that same user.
enum FacebookTokenChecker {
    /// Longest token accepted.
    static let maximumLength = 4096

    /// The profile of the token's user, or why the token was refused.
    static func verify(
        _ token: String,
        settings: ProviderSettings,
        at now: Date
    ) async throws(ProviderCheckFailure)
        -> ProviderProfile
    {
        guard !token.isEmpty, token.utf8.count <= maximumLength, let appID = settings.clientIDs.first,
            let secret = settings.clientSecret
        else { throw .rejected("malformed") }
        let base = settings.graphBaseURL.trimmingSuffix("/")
        let escaped = ProviderHTTP.queryEscaped(token)
        let debug = try await ProviderHTTP.getJSON(
            "\(base)/debug_token?input_token=\(escaped)&access_token=\(ProviderHTTP.queryEscaped("\(appID)|\(secret)"))"
        )
        guard debug.status == 200, let data = debug.object["data"] as? [String: Any] else { throw .rejected("debug_token refused") }
        guard data["is_valid"] as? Bool == true else { throw .rejected("not valid") }
        guard let tokenApp = Self.string(data["app_id"]), settings.clientIDs.contains(tokenApp) else {
            throw .rejected("other app")
        }
        let expiresAt = (data["expires_at"] as? NSNumber)?.doubleValue ?? 0
        guard expiresAt == 0 || expiresAt > now.timeIntervalSince1970 else { throw .rejected("expired") }
        guard let userID = Self.string(data["user_id"]), !userID.isEmpty else { throw .rejected("no user") }

        let me = try await ProviderHTTP.getJSON("\(base)/me?fields=id,name,email,first_name,birthday,gender&access_token=\(escaped)")
        guard me.status == 200, Self.string(me.object["id"]) == userID else { throw .rejected("profile of another user") }
        // Facebook says nothing about verification, so its email never links accounts by itself.
        let details = ProviderDetails(
            firstName: me.object["first_name"] as? String,
            birthday: me.object["birthday"] as? String,
            gender: me.object["gender"] as? String
        )
        return ProviderProfile(
            subject: userID,
            email: me.object["email"] as? String,
            emailVerified: false,
            name: me.object["name"] as? String,
            details: details
        )
    }

    /// A Graph API id, which may arrive as a string or a number.
    private static func string(_ value: Any?) -> String? {
        if let string = value as? String { return string }
        return (value as? NSNumber)?.stringValue
    }
}
