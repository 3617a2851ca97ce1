import Foundation

/// Verifies OpenID Connect ID tokens (RFC 7519, RFC 8725, OIDC Core §3.1.3.7): RS256 or ES256
/// signed by a key of the issuer's JWKS, `iss` equal to the configured issuer (a multi-tenant
/// template completed with the token's `tid`, ``ProviderSettings/expectedIssuer(tid:)``), `aud` naming one of
/// the app's client ids, `exp`/`iat`/`nbf` within a minute of leeway, and `nonce` equal to the
/// request's: a token carrying a nonce is refused without one (it was minted for another
/// request), and a request with a nonce refuses a token without it. The profile names the token
/// so that it is accepted once.
struct IDTokenVerifier: Sendable {
    let keys: ProviderKeyCache
    /// Clock skew tolerated for `exp`, `iat` and `nbf`.
    static let leeway: TimeInterval = 60

    /// The profile in the token, or why it was refused.
    func verify(
        _ token: String,
        settings: ProviderSettings,
        nonce: String?,
        at now: Date
    ) async throws(ProviderCheckFailure) -> ProviderProfile {
        let jws: CompactJWS
        do {
            jws = try CompactJWS(token, policy: .providerIDToken)
        } catch {
            throw .rejected(error == .header ? "header not allowed" : "malformed")
        }
        guard let claims = try? JSONDecoder().decode(IDTokenClaims.self, from: Data(jws.payload)) else { throw .rejected("malformed") }
        guard let kid = jws.keyID else { throw .rejected("header not allowed") }
        guard let keyIssuer = settings.discoveryIssuer else { throw .rejected("no issuer configured") }
        guard let key = try await keys.key(kid: kid, issuer: keyIssuer, jwksURL: settings.jwksURL, at: now) else {
            throw .rejected("unknown kid")
        }
        guard key.algorithm == jws.algorithm, key.isValidSignature(jws.signature, for: jws.signingInput) else {
            throw .rejected("bad signature")
        }
        try Self.checkClaims(claims, issuer: settings.expectedIssuer(tid: claims.tid), clientIDs: settings.clientIDs, nonce: nonce, at: now)
        guard let subject = claims.sub, !subject.isEmpty, subject.utf8.count <= 255 else { throw .rejected("no subject") }
        let expiry = Date(timeIntervalSince1970: (claims.exp ?? 0) + Self.leeway)
        return ProviderProfile(
            subject: subject,
            email: claims.email,
            emailVerified: claims.emailVerified,
            name: claims.name,
            details: claims.details,
            singleUse: ProviderProfile.SingleUse(digest: Digest.sha256Hex(String(decoding: jws.signingInput, as: UTF8.self)), expiresAt: expiry)
        )
    }

    private static func checkClaims(
        _ claims: IDTokenClaims,
        issuer: String?,
        clientIDs: [String],
        nonce: String?,
        at now: Date
    ) throws(ProviderCheckFailure) {
        guard let issuer, claims.iss == issuer else { throw .rejected("wrong issuer") }
        guard claims.aud.contains(where: { clientIDs.contains($0) }) else { throw .rejected("wrong audience") }
        let seconds = now.timeIntervalSince1970
        guard let expiry = claims.exp, expiry + leeway > seconds else { throw .rejected("expired") }
        guard let issuedAt = claims.iat, issuedAt <= seconds + leeway else { throw .rejected("issued in the future") }
        if let notBefore = claims.nbf, notBefore > seconds + leeway { throw .rejected("not yet valid") }
        if (nonce != nil || claims.nonce != nil) && claims.nonce != nonce { throw .rejected("wrong or missing nonce") }
    }
}
