import Crypto
import Foundation

/// OpenID Connect ID tokens (Core §2): signed with the key ring's current ES256 key like access
/// tokens, but typed `JWT` and addressed to the client, so neither passes for the other.
struct IDTokenMinter: Sendable {
    let keys: KeyRing
    let issuer: Issuer
    let time: any TimeSource

    /// How long an ID token is valid: it proves a sign-in to the client once, at once.
    static let lifetime = 600

    /// What an ID token says besides the user's claims.
    struct Context: Sendable {
        var sessionID: String
        var authTime: Date
        var nonce: String?
        /// The access token issued with it, for `at_hash`.
        var accessToken: String
    }

    /// The ID token of `account` for `app`: `iss`, `sub`, `aud` (the client id), `exp`, `iat`,
    /// `auth_time`, `nonce`, `sid`, `at_hash` and the userinfo claims.
    func idToken(app: App, account: UserAccount, context: Context) throws -> String {
        let now = Int(time.now().timeIntervalSince1970)
        var claims = account.userInfoClaims
        claims["iss"] = issuer.current
        claims["aud"] = app.clientID
        claims["azp"] = app.clientID
        claims["iat"] = now
        claims["exp"] = now + Self.lifetime
        claims["auth_time"] = Int(context.authTime.timeIntervalSince1970)
        claims["sid"] = context.sessionID
        claims["at_hash"] = Self.leftHalfHash(context.accessToken)
        if let nonce = context.nonce { claims["nonce"] = nonce }
        let payload = try JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys, .withoutEscapingSlashes])
        return try AccessTokenCodec.compactJWS(payload: payload, type: "JWT", key: try keys.signingKey())
    }

    /// The claims of an ID token this server signed, expired or not (an `id_token_hint` names a
    /// past sign-in): nil for anything else.
    func hintClaims(_ token: String) async -> [String: Any]? {
        guard let jws = try? CompactJWS(token, policy: .ownIDToken), let kid = jws.keyID, let key = await keys.verificationKey(kid: kid),
            let signature = ES256Signature.parse(jws.signature), key.privateKey.publicKey.isValidSignature(signature, for: jws.signingInput),
            let claims = try? JSONSerialization.jsonObject(with: Data(jws.payload)) as? [String: Any],
            claims["iss"] as? String == issuer.current
        else { return nil }
        return claims
    }

    /// OpenID Connect Core §3.1.3.6: base64url of the left half of the SHA-256 of the token.
    static func leftHalfHash(_ token: String) -> String {
        Base64URL.encode(Array(SHA256.hash(data: Array(token.utf8))).prefix(16))
    }
}
