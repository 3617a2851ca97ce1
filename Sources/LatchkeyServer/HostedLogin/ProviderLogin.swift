import Crypto
import Foundation
import Hummingbird

/// The browser's side of signing in through an OpenID Connect provider from the hosted login:
/// the provider's own authorization-code flow with `state`, `nonce` and PKCE (OpenID Connect
/// Core §3.1, RFC 7636). Nothing is stored on the server: the browser keeps the `lk_provider`
/// cookie — the flow's state, provider, authorization request and expiry under an HMAC — and the
/// nonce and PKCE verifier are HMACs of the state, so whichever node the provider sends the
/// browser back to finishes the flow. The cookie binds the flow to the browser that started it:
/// a code the provider issued to someone else's browser finds no matching state (login CSRF).
struct ProviderLogin: Sendable {
    /// The cookie naming the flow under way.
    static let cookieName = "lk_provider"
    /// Where providers send the browser back (registered at the provider as
    /// `<public URL>/oauth/authorize/provider/callback`).
    static let callbackPath = "/oauth/authorize/provider/callback"
    /// How long a flow may take at the provider, in seconds.
    static let lifetime: Int64 = 600

    /// A flow under way, as its cookie names it.
    struct Flow: Codable, Equatable {
        /// The `state` sent to the provider (random, 256 bits).
        var state: String
        /// The app's name for the provider.
        var provider: String
        /// The authorization request the sign-in page was showing.
        var request: String
        /// Unix seconds after which the flow is refused.
        var expiresAt: Int64
    }

    private let key: SymmetricKey
    private let secureCookies: Bool

    /// `key` is derived from the server's secret key, the same on every node.
    init(key: SymmetricKey, secureCookies: Bool) {
        self.key = key
        self.secureCookies = secureCookies
    }

    /// A new flow for `provider` from the sign-in page of `request`, and its cookie.
    func start(provider: String, request: String, at now: Date) throws -> (Flow, Cookie) {
        let flow = Flow(state: SecureRandom.token(prefix: ""), provider: provider, request: request, expiresAt: now.epochSeconds + Self.lifetime)
        let payload = Base64URL.encode(try JSONEncoder().encode(flow))
        let value = payload + "." + mac("cookie." + payload)
        return (flow, cookie(value: value, maxAge: Int(Self.lifetime)))
    }

    /// The flow the browser's cookie names, when it is intact, unexpired and its state is `state`.
    func flow(of request: Request, state: String?, at now: Date) -> Flow? {
        guard let state, let value = request.cookies[Self.cookieName]?.value else { return nil }
        let parts = value.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2, Digest.equalInConstantTime(parts[1], mac("cookie." + parts[0])),
            let bytes = Base64URL.decode(parts[0]), let flow = try? JSONDecoder().decode(Flow.self, from: Data(bytes)),
            flow.expiresAt > now.epochSeconds, Digest.equalInConstantTime(flow.state, state)
        else { return nil }
        return flow
    }

    /// The cookie that ends the flow in the browser.
    var endingCookie: Cookie { cookie(value: "", maxAge: 0) }

    /// The `nonce` the provider puts in the flow's ID token.
    func nonce(of flow: Flow) -> String { mac("nonce." + flow.state) }

    /// The flow's PKCE code verifier (43 base64url characters).
    func verifier(of flow: Flow) -> String { mac("verifier." + flow.state) }

    /// The S256 challenge of the flow's verifier.
    func challenge(of flow: Flow) -> String {
        Base64URL.encode(SHA256.hash(data: Array(verifier(of: flow).utf8)))
    }

    private func mac(_ message: String) -> String {
        Base64URL.encode(HMAC<SHA256>.authenticationCode(for: Array(message.utf8), using: key))
    }

    private func cookie(value: String, maxAge: Int) -> Cookie {
        Cookie(
            name: Self.cookieName,
            value: value,
            maxAge: maxAge,
            path: "/oauth/authorize/provider",
            secure: secureCookies,
            httpOnly: true,
            sameSite: .lax
        )
    }
}
