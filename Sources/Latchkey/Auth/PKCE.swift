import Foundation

/// A Proof Key for Code Exchange pair (RFC 7636) with the `S256` method, the only one Latchkey
/// takes: the app keeps ``verifier`` and sends ``challenge`` in the authorization request; only
/// the holder of the verifier can redeem the code the browser brings back, so a code that another
/// app on the device intercepts (a private-use scheme is not exclusive) is worth nothing.
public struct PKCE: Sendable, Equatable {
    /// The method sent as `code_challenge_method`.
    public static let method = "S256"

    /// The secret the app sends to the token endpoint with the code: 43–128 characters of
    /// `A–Z a–z 0–9 - . _ ~`.
    public let verifier: String
    /// `BASE64URL(SHA256(verifier))`, sent in the authorization request.
    public let challenge: String

    /// A new pair from 32 random bytes (a 43-character verifier, RFC 7636 §4.1's recommendation).
    public init() {
        self.init(checkedVerifier: Self.randomToken())
    }

    /// The pair of a verifier the app made itself; nil when it is not 43–128 characters of
    /// `A–Z a–z 0–9 - . _ ~` (RFC 7636 §4.1).
    public init?(verifier: String) {
        guard (43...128).contains(verifier.count), verifier.unicodeScalars.allSatisfy(Self.unreserved.contains) else { return nil }
        self.init(checkedVerifier: verifier)
    }

    private init(checkedVerifier verifier: String) {
        self.verifier = verifier
        self.challenge = Self.base64URL(SHA256.hash(Array(verifier.utf8)))
    }

    /// RFC 3986's unreserved characters, which a verifier is made of.
    static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// Base64url without padding (RFC 7636 Appendix A).
    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// 32 random bytes, base64url: a verifier, or a value for `state` or `nonce`.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return base64URL((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }
}
