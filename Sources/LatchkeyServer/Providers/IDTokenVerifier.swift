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
    /// Tokens longer than this are refused before any parsing.
    static let maximumLength = 16 * 1024
    /// Header members that would let a token pick its own key; never honoured, so refused.
    private static let forbiddenHeaderMembers: Set<String> = ["jku", "jwk", "x5u", "x5c", "crit"]

    /// The profile in the token, or why it was refused.
    func verify(
        _ token: String, settings: ProviderSettings, nonce: String?, at now: Date
    ) async throws(ProviderCheckFailure) -> ProviderProfile {
        guard token.utf8.count <= Self.maximumLength else { throw .rejected("too long") }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerBytes = Base64URL.decode(parts[0]), let payloadBytes = Base64URL.decode(parts[1]),
            let signature = Base64URL.decode(parts[2]),
            let header = try? JSONSerialization.jsonObject(with: Data(headerBytes)) as? [String: Any],
            let claims = try? JSONDecoder().decode(IDTokenClaims.self, from: Data(payloadBytes))
        else { throw .rejected("malformed") }
        guard let algorithm = header["alg"] as? String, ["RS256", "ES256"].contains(algorithm),
            Set(header.keys).isDisjoint(with: Self.forbiddenHeaderMembers), let kid = header["kid"] as? String
        else { throw .rejected("header not allowed") }
        guard let keyIssuer = settings.discoveryIssuer else { throw .rejected("no issuer configured") }
        guard let key = try await keys.key(kid: kid, issuer: keyIssuer, jwksURL: settings.jwksURL, at: now) else {
            throw .rejected("unknown kid")
        }
        guard key.algorithm == algorithm, key.isValidSignature(signature, for: Array((parts[0] + "." + parts[1]).utf8)) else {
            throw .rejected("bad signature")
        }
        try Self.checkClaims(claims, issuer: settings.expectedIssuer(tid: claims.tid), clientIDs: settings.clientIDs, nonce: nonce, at: now)
        guard let subject = claims.sub, !subject.isEmpty, subject.utf8.count <= 255 else { throw .rejected("no subject") }
        let expiry = Date(timeIntervalSince1970: (claims.exp ?? 0) + Self.leeway)
        return ProviderProfile(
            subject: subject, email: claims.email, emailVerified: claims.emailVerified, name: claims.name, details: claims.details,
            singleUse: ProviderProfile.SingleUse(digest: Digest.sha256Hex(parts[0] + "." + parts[1]), expiresAt: expiry))
    }

    private static func checkClaims(
        _ claims: IDTokenClaims, issuer: String?, clientIDs: [String], nonce: String?, at now: Date
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
