import Crypto
import Foundation
import LatchkeyWire

/// Signs and verifies access tokens: compact JWS, ES256 only, `typ: at+jwt` (RFC 9068), with the
/// header checked against an allowlist (RFC 8725): no `none`, no HMAC, no embedded or remote keys.
struct AccessTokenCodec: Sendable {
    let keys: KeyRing
    let issuer: Issuer
    /// Clock skew tolerated for `nbf` and `iat`.
    let leeway: TimeInterval = 30

    /// Signs `claims` with the current key.
    func sign(_ claims: AccessTokenClaims) throws -> String {
        try Self.compactJWS(payload: Data(claims.json.utf8), type: "at+jwt", key: try keys.signingKey())
    }

    /// `payload` signed with `key` as a compact JWS whose header names the key and `type`.
    static func compactJWS(payload: Data, type: String, key: SigningKey) throws -> String {
        let header = #"{"alg":"ES256","kid":"\#(key.kid)","typ":"\#(type)"}"#
        let signingInput = Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(payload)
        let signature = try ES256Signature.sign(Array(signingInput.utf8), with: key.privateKey)
        return signingInput + "." + Base64URL.encode(signature)
    }

    /// Verifies signature, header and time claims; the caller checks audience and session.
    func verify(_ token: String, at now: Date) async throws(TokenRejection) -> AccessTokenClaims {
        let jws: CompactJWS
        do {
            jws = try CompactJWS(token, policy: .accessToken)
        } catch {
            throw error == .header ? .unsupportedHeader : .malformed
        }
        guard let kid = jws.keyID, let key = await keys.verificationKey(kid: kid) else { throw .unknownKey }
        guard let signature = ES256Signature.parse(jws.signature), key.privateKey.publicKey.isValidSignature(signature, for: jws.signingInput)
        else { throw .badSignature }
        guard let claims = try? JSONDecoder().decode(AccessTokenClaims.self, from: Data(jws.payload)) else {
            throw .malformed
        }
        let seconds = now.timeIntervalSince1970
        guard TimeInterval(claims.exp) > seconds else { throw .expired }
        guard TimeInterval(claims.nbf) <= seconds + leeway, TimeInterval(claims.iat) <= seconds + leeway else {
            throw .notYetValid
        }
        guard claims.iss == issuer.current else { throw .wrongIssuer }
        return claims
    }
}
