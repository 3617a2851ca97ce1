public import Foundation
import LatchkeyWire

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension AuthClient {
    /// A sign-in through the server's hosted login page (``WebLoginRequest``) that returns to
    /// `redirectURI`: open its ``WebLoginRequest/url`` in a browser, then pass the URL the browser
    /// is sent back to to ``signIn(webLogin:callback:)``. The page is in the client's languages.
    public func webLoginRequest(redirectURI: String, prompt: String? = nil, loginHint: String? = nil) throws -> WebLoginRequest {
        let transport = client.transport
        return try WebLoginRequest(
            server: transport.baseURL,
            clientID: transport.clientID,
            redirectURI: redirectURI,
            prompt: prompt,
            loginHint: loginHint,
            languages: transport.languages
        )
    }

    /// Finishes a web login: checks `callback` (``WebLoginRequest/code(from:)``), redeems its code
    /// at the token endpoint with the request's PKCE verifier, checks the ID token's `nonce`, and
    /// signs the user in like any other sign-in: the session is stored, observers hear of it and
    /// the refresh token keeps it going. A code that was used, expired or issued for another
    /// request throws ``LatchkeyError/Kind/webLoginRefused(error:description:)`` with
    /// `invalid_grant`.
    @discardableResult
    public func signIn(webLogin request: WebLoginRequest, callback: URL) async throws -> CurrentUser {
        let code = try request.code(from: callback)
        let tokens = try await redeem(code, of: request)
        guard let claims = CurrentUser.claims(of: tokens.accessToken) else { throw LatchkeyError.invalidToken }
        guard tokens.idToken.flatMap(Self.nonce(of:)) == request.nonce else {
            throw LatchkeyError.webLoginRefused(error: "invalid_id_token", description: "The ID token does not carry this request's nonce.")
        }
        let answer = try await client.transport.decode(CurrentSession.self, .get, "v1/auth/session", token: tokens.accessToken)
        let user = CurrentUser(
            profile: answer.user,
            accessToken: tokens.accessToken,
            refreshToken: tokens.refreshToken,
            expiresAt: Date(timeIntervalSince1970: TimeInterval(claims.exp)),
            loginDate: client.options.clock(),
            claims: claims
        )
        client.options.log?("signed in \(user.id) through the web login")
        client.transition(to: user, event: .signedIn(user))
        return user
    }

    /// The token endpoint's answer to the code (RFC 6749 §5.1), or its error (§5.2) thrown.
    private func redeem(_ code: String, of request: WebLoginRequest) async throws -> TokenAnswer {
        let transport = client.transport
        var http = try transport.makeRequest(.post, "oauth/token")
        let form = [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", request.redirectURI),
            ("code_verifier", request.pkce.verifier), ("client_id", transport.clientID),
        ]
        http.httpBody = Data(
            form.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: PKCE.unreserved) ?? $0.1)" }.joined(separator: "&").utf8
        )
        http.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        let (data, response) = try await transport.response(for: http, idempotent: false)
        guard response.statusCode == 200 else {
            if let error = try? JSONDecoder().decode(OAuthErrorAnswer.self, from: data) {
                throw LatchkeyError.webLoginRefused(error: error.error, description: error.errorDescription)
            }
            throw Transport.error(status: response.statusCode, data: data, response: response)
        }
        do {
            return try JSONDecoder().decode(TokenAnswer.self, from: data)
        } catch {
            throw LatchkeyError.server(code: "unexpected_response", message: "\(error)")
        }
    }

    /// The `nonce` claim of an ID token. The token came straight from the server over the
    /// connection the app trusts for everything else (OpenID Connect Core §3.1.3.7 lets such a
    /// client skip the signature); the nonce ties it to this request.
    private static func nonce(of idToken: String) -> String? {
        struct Claims: Decodable { var nonce: String? }
        return CurrentUser.payload(of: idToken).flatMap { try? JSONDecoder().decode(Claims.self, from: $0) }?.nonce
    }
}

/// RFC 6749 §5.1's answer, the members the SDK uses.
private struct TokenAnswer: Decodable {
    var accessToken: String
    var refreshToken: String?
    var idToken: String?

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case refreshToken = "refresh_token"
        case idToken = "id_token"
    }
}

/// RFC 6749 §5.2's error answer.
private struct OAuthErrorAnswer: Decodable {
    var error: String
    var errorDescription: String?

    enum CodingKeys: String, CodingKey {
        case error
        case errorDescription = "error_description"
    }
}
