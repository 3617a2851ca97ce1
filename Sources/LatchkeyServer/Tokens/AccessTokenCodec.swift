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
    /// Tokens longer than this are refused before any parsing.
    static let maximumLength = 4096

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
        guard token.utf8.count <= Self.maximumLength else { throw .malformed }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerBytes = Base64URL.decode(parts[0]),
            let payloadBytes = Base64URL.decode(parts[1]), let signatureBytes = Base64URL.decode(parts[2])
        else { throw .malformed }
        guard let header = try? JSONSerialization.jsonObject(with: Data(headerBytes)) as? [String: Any] else {
            throw .malformed
        }
        let allowedHeaderMembers: Set<String> = ["alg", "kid", "typ"]
        guard header["alg"] as? String == SigningKey.algorithm,
            (header["typ"] as? String)?.lowercased() == "at+jwt",
            Set(header.keys).isSubset(of: allowedHeaderMembers),
            let kid = header["kid"] as? String
        else { throw .unsupportedHeader }
        guard let key = await keys.verificationKey(kid: kid) else { throw .unknownKey }
        guard let signature = ES256Signature.parse(Array(signatureBytes)),
            key.privateKey.publicKey.isValidSignature(signature, for: Array((parts[0] + "." + parts[1]).utf8))
        else { throw .badSignature }
        guard let claims = try? JSONDecoder().decode(AccessTokenClaims.self, from: Data(payloadBytes)) else {
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
