import CryptoExtras
import Foundation
import LatchkeyWire

/// RFC 7523's JWT-bearer grant (`grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer`,
/// `assertion=…`) for service-account keys: the assertion is the client's authentication and its
/// grant at once (§3.1: no client secret is needed).
///
/// An assertion is accepted (§3) when it is a compact JWS with `alg` RS256 (nothing else: not
/// `none`, not an HMAC keyed with a public key), signed by a live key found by its `kid` — or, without
/// one, by `iss` — whose client email is its `iss` and its `sub` when present; `aud` names this
/// server's token endpoint, or Google's (`https://oauth2.googleapis.com/token`, which google-auth
/// signs whatever `token_uri` says; `iss` already binds the assertion to a key only this server
/// holds); `exp` is in the future and at most an hour after `iat`; `iat` (required) and `nbf`
/// are not in the future beyond ``leeway``; a `jti` is accepted once while the assertion is
/// valid. Anything else is `invalid_grant`. A `scope` claim (Google's scope URLs) is ignored.
struct ServiceAccountGrant: Sendable {
    /// The grant type's URN.
    static let grantType = "urn:ietf:params:oauth:grant-type:jwt-bearer"
    /// The audience google-auth puts in every assertion it signs.
    static let googleTokenEndpoint = "https://oauth2.googleapis.com/token"
    /// Clock skew tolerated for `exp`, `iat` and `nbf`.
    static let leeway: TimeInterval = 60
    /// The longest an assertion may be valid (`exp - iat`).
    static let maximumLifetime: TimeInterval = 3600

    let store: ServiceAccountStore
    let apps: AppDirectory
    let issuer: Issuer

    init(backend: LatchkeyBackend) {
        store = ServiceAccountStore(driver: backend.driver)
        apps = backend.appDirectory
        issuer = backend.issuer
    }

    /// The app `assertion` authenticates, or `invalid_grant` saying why not.
    func app(for assertion: String, at now: Date) async throws -> App {
        let jws: CompactJWS
        do {
            jws = try CompactJWS(assertion, policy: .serviceAccountAssertion)
        } catch {
            throw OAuthError.invalidGrant(
                error == .header
                    ? "The assertion must be signed with RS256 and name no key of its own."
                    : "The assertion is not a signed JWT."
            )
        }
        guard case .object(let claims)? = try? TreeJSONParser.parse(Data(jws.payload), maximumDepth: 16) else {
            throw OAuthError.invalidGrant("The assertion is not a signed JWT.")
        }
        let keyID = jws.keyID
        guard case .string(let email)? = claims["iss"], !email.isEmpty,
            let live = try await store.liveKey(id: keyID, clientEmail: email), live.key.clientEmail == email
        else { throw OAuthError.invalidGrant("The assertion's key is unknown or revoked.") }
        guard let publicKey = try? _RSA.Signing.PublicKey(pemRepresentation: live.publicKeyPEM),
            ProviderKey.rsa(publicKey).isValidSignature(jws.signature, for: jws.signingInput)
        else { throw OAuthError.invalidGrant("The assertion's signature is invalid.") }
        let expiry = try checkClaims(claims, email: email, at: now)
        if let value = claims["jti"] {
            guard case .string(let jti) = value, !jti.isEmpty, jti.utf8.count <= 255 else {
                throw OAuthError.invalidGrant("The assertion's jti must be a string.")
            }
            let digest = Digest.sha256Hex(live.key.id + ":" + jti)
            guard try await store.claimAssertion(digest: digest, expiresAt: expiry.addingTimeInterval(Self.leeway)) else {
                throw OAuthError.invalidGrant("The assertion was used before.")
            }
        }
        guard let app = try await apps.app(clientID: live.clientID), app.id == live.key.appID else {
            throw OAuthError.invalidGrant("The assertion's key is unknown or revoked.")
        }
        return app
    }

    /// Checks the registered claims; the expiry when they hold.
    private func checkClaims(_ claims: [String: JSONValue], email: String, at now: Date) throws -> Date {
        if let subject = claims["sub"], subject != .string(email) {
            throw OAuthError.invalidGrant("The assertion's sub must be its iss.")
        }
        let tokenEndpoint = issuer.current + "/oauth/token"
        let audiences: [JSONValue] =
            switch claims["aud"] {
            case .array(let values)?: values
            case let value?: [value]
            case nil: []
            }
        guard audiences.contains(.string(tokenEndpoint)) || audiences.contains(.string(Self.googleTokenEndpoint)) else {
            throw OAuthError.invalidGrant("The assertion's aud must be \(tokenEndpoint).")
        }
        let seconds = now.timeIntervalSince1970
        guard let expiry = Self.time(claims["exp"]), let issuedAt = Self.time(claims["iat"]) else {
            throw OAuthError.invalidGrant("The assertion needs numeric exp and iat.")
        }
        guard expiry + Self.leeway > seconds else { throw OAuthError.invalidGrant("The assertion has expired.") }
        guard expiry - issuedAt <= Self.maximumLifetime else {
            throw OAuthError.invalidGrant("The assertion may be valid for at most an hour (exp - iat).")
        }
        guard issuedAt <= seconds + Self.leeway else { throw OAuthError.invalidGrant("The assertion was issued in the future.") }
        if claims["nbf"] != nil {
            guard let notBefore = Self.time(claims["nbf"]), notBefore <= seconds + Self.leeway else {
                throw OAuthError.invalidGrant("The assertion is not valid yet.")
            }
        }
        return Date(timeIntervalSince1970: expiry)
    }

    /// A NumericDate claim (RFC 7519 §2): a JSON number, not a boolean or a string.
    private static func time(_ value: JSONValue?) -> TimeInterval? {
        switch value {
        case .integer(let seconds)?: TimeInterval(seconds)
        case .number(let seconds)? where seconds.isFinite: seconds
        default: nil
        }
    }
}
