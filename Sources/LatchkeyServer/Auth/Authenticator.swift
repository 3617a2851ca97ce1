import Foundation
import HTTPTypes
import Hummingbird
import LatchkeyWire

/// Turns `Authorization: Bearer <jwt>` into a ``Principal``: signature and claims (cached once
/// verified), the app named by `aud`, agreement with `Latchkey-Client-Id`, and a live session.
struct Authenticator: Sendable {
    let backend: LatchkeyBackend

    /// The caller, or `401` with `WWW-Authenticate: Bearer error="invalid_token"`.
    func principal(for request: Request) async throws -> Principal {
        guard let token = Self.bearerToken(in: request) else { throw APIError.invalidToken(.unauthorized) }
        let claims = try await verifiedClaims(token)
        guard let app = try await backend.appDirectory.app(clientID: claims.aud), app.id == claims.appId else {
            throw APIError.invalidToken()
        }
        if let named = request.headers[.clientID], named != claims.aud {
            throw APIError(.unauthorized, .clientMismatch, headers: [.wwwAuthenticate: #"Bearer error="invalid_token""#])
        }
        guard let sessionID = claims.sid,
            let session = try await backend.gate.liveSession(id: sessionID, at: backend.time.now()),
            session.userID == claims.sub, session.appID == app.id
        else { throw APIError.invalidToken() }
        return Principal(claims: claims, app: app)
    }

    /// The claims of a token whose signature, header, issuer and times check out.
    func verifiedClaims(_ token: String) async throws -> AccessTokenClaims {
        let now = backend.time.now()
        if let claims = backend.tokenCache.claims(for: token, at: now) { return claims }
        do {
            let claims = try await backend.codec.verify(token, at: now)
            backend.tokenCache.insert(token, claims: claims, at: now)
            return claims
        } catch {
            backend.logger.debug("access token refused", metadata: ["reason": "\(error)"])
            throw APIError.invalidToken()
        }
    }

    /// The token of an `Authorization: Bearer` header (RFC 6750 §2.1), if present.
    static func bearerToken(in request: Request) -> String? {
        guard let header = request.headers[.authorization] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }
}
