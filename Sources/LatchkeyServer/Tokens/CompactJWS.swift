import Foundation
import LatchkeyWire

/// A compact JWS (RFC 7515 §7.1) taken apart under one header policy (RFC 8725 §3.1, §3.11):
/// exactly three base64url segments, a JSON object header and payload, an algorithm the use
/// allows (never `none`, never an HMAC keyed by a public key), a type the use allows, and none of
/// the members that would let a token choose its own key or change how it is read (`jku`, `jwk`,
/// `x5u`, `x5c`, `crit`, `b64`). Every token Latchkey reads — its own access and ID tokens,
/// providers' ID tokens, service-account assertions — goes through here; the caller then
/// verifies the signature over ``signingInput`` with the key ``keyID`` names, and the claims.
struct CompactJWS: Sendable {
    /// The header's `alg`, one of the policy's.
    let algorithm: String
    /// The header's `kid`, when it has one.
    let keyID: String?
    /// The payload's bytes: the claims, as JSON.
    let payload: [UInt8]
    /// The signature's bytes.
    let signature: [UInt8]
    /// What the signature covers: the header and payload segments as sent, joined by a dot.
    let signingInput: [UInt8]

    /// What one use of tokens accepts.
    struct Policy: Sendable {
        /// The `alg` values accepted.
        var algorithms: Set<String>
        /// The `typ` values accepted (compared without case, RFC 7515 §4.1.9); nil accepts any
        /// or none.
        var types: Set<String>?
        /// Whether a `kid` is required.
        var requiresKeyID: Bool
        /// The only header members accepted; nil accepts any but the refused ones.
        var members: Set<String>?
        /// Tokens longer than this are refused before any parsing.
        var maximumLength: Int
    }

    /// Why a token was refused.
    enum Rejection: Error, Equatable {
        /// Not three base64url segments of a JSON header and a JSON payload.
        case malformed
        /// The header names an algorithm, type or member the policy does not accept.
        case header
    }

    /// Header members never honoured, so refused: a key or certificate chain the token brings
    /// itself, extensions the reader must understand, and the unencoded-payload option.
    static let refusedMembers: Set<String> = ["jku", "jwk", "x5u", "x5c", "crit", "b64"]

    /// `token` taken apart, or why it is refused. The payload is the caller's to decode.
    init(_ token: String, policy: Policy) throws(Rejection) {
        guard token.utf8.count <= policy.maximumLength else { throw .malformed }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerBytes = Base64URL.decode(parts[0]), let payload = Base64URL.decode(parts[1]),
            let signature = Base64URL.decode(parts[2]),
            case .object(let header)? = try? TreeJSONParser.parse(Data(headerBytes), maximumDepth: 4)
        else { throw .malformed }
        guard case .string(let algorithm)? = header["alg"], policy.algorithms.contains(algorithm),
            Set(header.keys).isDisjoint(with: Self.refusedMembers), policy.members.map({ Set(header.keys).isSubset(of: $0) }) ?? true
        else { throw .header }
        switch header["typ"] {
        case nil: guard policy.types == nil else { throw .header }
        case .string(let type)?: guard policy.types.map({ $0.contains(type.lowercased()) }) ?? true else { throw .header }
        default: throw .header
        }
        switch header["kid"] {
        case nil:
            guard !policy.requiresKeyID else { throw .header }
            keyID = nil
        case .string(let kid)?: keyID = kid
        default: throw .header
        }
        self.algorithm = algorithm
        self.payload = payload
        self.signature = signature
        signingInput = Array((parts[0] + "." + parts[1]).utf8)
    }
}

extension CompactJWS.Policy {
    /// This server's access tokens (RFC 9068): ES256, `at+jwt`, nothing but `alg`, `kid` and `typ`.
    static let accessToken = Self(
        algorithms: [SigningKey.algorithm],
        types: ["at+jwt"],
        requiresKeyID: true,
        members: ["alg", "kid", "typ"],
        maximumLength: 4096
    )
    /// This server's ID tokens, read back as an `id_token_hint`: ES256, `JWT`.
    static let ownIDToken = Self(
        algorithms: [SigningKey.algorithm],
        types: ["jwt"],
        requiresKeyID: true,
        members: ["alg", "kid", "typ"],
        maximumLength: 4096
    )
    /// A provider's OpenID Connect ID tokens: RS256 or ES256, a `kid` naming a key of its JWKS,
    /// any type (providers send `JWT` or none).
    static let providerIDToken = Self(
        algorithms: ["RS256", "ES256"],
        types: nil,
        requiresKeyID: true,
        members: nil,
        maximumLength: 16 * 1024
    )
    /// A service-account key's assertion (RFC 7523): RS256, the key named by `kid` or by `iss`.
    static let serviceAccountAssertion = Self(
        algorithms: ["RS256"],
        types: nil,
        requiresKeyID: false,
        members: nil,
        maximumLength: 16 * 1024
    )
}
