import Crypto
import Foundation
import Hummingbird

/// The token a page's forms carry, and the cookie it is bound to when the browser has none yet.
struct CSRFToken: Sendable {
    /// The value of the forms' hidden `csrf_token` field.
    var token: String
    /// The cookie to set with the page; nil when the browser already sent one.
    var cookie: Cookie?
}

/// Refuses forms posted from other sites: every form carries `csrf_token`, an HMAC of the
/// browser's `lk_csrf` cookie under a key derived from the server's secret key. Another site can
/// make a browser post, but can neither read the cookie nor compute its HMAC, and the cookie is
/// `SameSite=Lax` besides. Every node derives the same key, so any node checks any node's token.
struct CSRFProtection: Sendable {
    /// The cookie a browser's token is bound to.
    static let cookieName = "lk_csrf"
    /// The form field that carries the token.
    static let fieldName = "csrf_token"

    private let key: SymmetricKey
    private let secureCookies: Bool

    /// `secureCookies` marks the cookie `Secure`: on when the server's public URL is `https`.
    init(key: SymmetricKey, secureCookies: Bool) {
        self.key = key
        self.secureCookies = secureCookies
    }

    /// The token for a page answering `request`, with a new cookie when it brought none.
    func issue(for request: Request) -> CSRFToken {
        if let value = request.cookies[Self.cookieName]?.value, Self.isWellFormed(value) {
            return CSRFToken(token: token(binding: value), cookie: nil)
        }
        let value = SecureRandom.token(prefix: "")
        let cookie = Cookie(name: Self.cookieName, value: value, path: "/", secure: secureCookies, httpOnly: true, sameSite: .lax)
        return CSRFToken(token: token(binding: value), cookie: cookie)
    }

    /// Whether `form` carries the token of the cookie `request` brought.
    func verify(_ request: Request, form: [String: String]) -> Bool {
        guard let value = request.cookies[Self.cookieName]?.value, Self.isWellFormed(value),
            let sent = form[Self.fieldName]
        else { return false }
        guard let code = Base64URL.decode(sent) else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(code, authenticating: Array(value.utf8), using: key)
    }

    private func token(binding value: String) -> String {
        Base64URL.encode(HMAC<SHA256>.authenticationCode(for: Array(value.utf8), using: key))
    }

    private static func isWellFormed(_ value: String) -> Bool {
        value.count >= 32 && value.count <= 64 && value.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }
}
