import Foundation
import Hummingbird

/// The authorization request a browser is in the middle of, remembered in the `lk_authorize`
/// cookie by every page of the hosted login, so that a page outside the flow — the confirmation
/// of an emailed link the user opens in the same browser — can send the browser back into it.
///
/// The cookie holds the request's query only, which the authorization endpoint checks again in
/// full (the client, and that the redirect URI is one the client registered): a forged or stale
/// cookie can lead the browser to nothing but this server's own sign-in page of a real app.
struct PendingAuthorization: Sendable {
    /// Whether the cookie is `Secure` (the server is reached over https).
    let secureCookies: Bool

    /// The cookie's name.
    static let cookieName = "lk_authorize"
    /// How long the cookie lasts: as long as an email verification link.
    static let lifetime = EmailLinks.verificationLifetime

    /// The cookie remembering `authz`: HttpOnly, and `SameSite=Lax` so that a link opened from a
    /// mail client brings it along.
    func cookie(for authz: AuthorizationRequest) -> Cookie {
        Cookie(
            name: Self.cookieName,
            value: Base64URL.encode(Array(authz.query.utf8)),
            maxAge: Self.lifetime,
            path: "/",
            secure: secureCookies,
            httpOnly: true,
            sameSite: .lax
        )
    }

    /// The cookie that forgets the request, once the client has its answer.
    var cleared: Cookie {
        Cookie(name: Self.cookieName, value: "", maxAge: 0, path: "/", secure: secureCookies, httpOnly: true, sameSite: .lax)
    }

    /// The pending request of the browser that sent `request`, when it names an app and one of
    /// its registered redirect URIs, and that app is `app`: a link of one app never continues
    /// another's sign-in.
    static func request(of request: Request, app: App, apps: AppDirectory) async -> AuthorizationRequest? {
        guard let value = request.cookies[cookieName]?.value, value.utf8.count <= 4096,
            let bytes = Base64URL.decode(value),
            let authz = try? await AuthorizationRequest.parse(query: String(decoding: bytes, as: UTF8.self), apps: apps), authz.app.id == app.id
        else { return nil }
        return authz
    }

    /// Where the browser goes to continue `authz`: the authorization endpoint, which signs the
    /// user in (or asks them to) and ends at the client's redirect URI.
    static func continueURL(_ authz: AuthorizationRequest) -> String {
        "/oauth/authorize?" + authz.query
    }
}

extension Page {
    /// Offers to continue `authz`, the sign-in the browser was in: a button back into the flow,
    /// named for its app, and — for a confirmed address — the message saying to go on.
    mutating func continues(_ authz: AuthorizationRequest, saysConfirmed: Bool, in language: Language) {
        let app = authz.app.name
        if saysConfirmed {
            values["message"] = PageRenderer.shipped.text("login.ui.resume", in: language).replacingOccurrences(of: "{app}", with: app)
        }
        values["continueURL"] = PendingAuthorization.continueURL(authz)
        values["continueLabel"] = PageRenderer.shipped.text("login.ui.continue", in: language).replacingOccurrences(of: "{app}", with: app)
    }
}
