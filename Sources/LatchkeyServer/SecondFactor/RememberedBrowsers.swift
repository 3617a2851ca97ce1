import Crypto
import Foundation
import Hummingbird

/// "Remember this browser for 30 days" on the hosted login's code step: a cookie per app,
/// `lk_mfa_<app id>`, naming the user, the app, an expiry and a tag of the user's authenticator,
/// with an HMAC under a key derived from the server's secret (so every node checks every node's,
/// and nothing is stored). While it holds, a sign-in in that browser skips the code — the first
/// factor is still asked. It stops holding when it expires and when the authenticator it names
/// is reset by an operator, disabled or replaced: the tag is a digest of the stored secret, which
/// every enrollment seals anew. HttpOnly, `SameSite=Lax`, `Secure` when the server is on https.
struct RememberedBrowsers: Sendable {
    /// How long a browser is remembered.
    static let lifetime = 30 * 86_400

    private let key: SymmetricKey
    private let secureCookies: Bool

    init(key: SymmetricKey, secureCookies: Bool) {
        self.key = key
        self.secureCookies = secureCookies
    }

    /// What a good cookie remembers.
    struct Remembered: Sendable, Equatable {
        var userID: String
        /// ``tag(of:)`` of the authenticator that was proven.
        var tag: String
    }

    /// The tag of a stored authenticator: it changes with every enrollment.
    static func tag(of authenticator: SecondFactorStore.Authenticator) -> String {
        Digest.sha256Hex("latchkey-remembered-browser:" + authenticator.sealedSecret)
    }

    /// The cookie remembering `remembered` in this browser for `app` from `now`.
    func cookie(_ remembered: Remembered, app: App, at now: Date) -> Cookie {
        let payload = Array([remembered.userID, app.id, String(now.epochSeconds + Int64(Self.lifetime)), remembered.tag].joined(separator: " ").utf8)
        let value = Base64URL.encode(payload) + "." + Base64URL.encode(HMAC<SHA256>.authenticationCode(for: payload, using: key))
        return Cookie(
            name: Self.cookieName(app),
            value: value,
            maxAge: Self.lifetime,
            path: "/",
            secure: secureCookies,
            httpOnly: true,
            sameSite: .lax
        )
    }

    /// What the request's cookie for `app` remembers, when it is genuine, the app's and unexpired.
    func remembered(by request: Request, app: App, at now: Date) -> Remembered? {
        guard let value = request.cookies[Self.cookieName(app)]?.value, value.utf8.count <= 1_024 else { return nil }
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let payload = Base64URL.decode(parts[0]), let code = Base64URL.decode(parts[1]),
            HMAC<SHA256>.isValidAuthenticationCode(code, authenticating: payload, using: key)
        else { return nil }
        let fields = String(decoding: payload, as: UTF8.self).split(separator: " ").map(String.init)
        guard fields.count == 4, fields[1] == app.id, let expiry = Int64(fields[2]), now.epochSeconds < expiry else { return nil }
        return Remembered(userID: fields[0], tag: fields[3])
    }

    private static func cookieName(_ app: App) -> String { "lk_mfa_" + app.id }
}
