import Crypto

/// RFC 7636 with the S256 method only (`plain` would let whoever sees the request redeem the code).
enum PKCE {
    /// A challenge is BASE64URL(SHA256(verifier)): 43 characters of the base64url alphabet.
    static func isWellFormedChallenge(_ challenge: String) -> Bool {
        challenge.utf8.count == 43 && challenge.utf8.allSatisfy(isBase64URL)
    }

    /// Whether `verifier` (43 to 128 unreserved characters, §4.1) hashes to `challenge`.
    static func verifies(_ verifier: String, challenge: String) -> Bool {
        guard (43...128).contains(verifier.utf8.count),
            verifier.utf8.allSatisfy({ isBase64URL($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "~") })
        else { return false }
        return Base64URL.encode(SHA256.hash(data: Array(verifier.utf8))) == challenge
    }

    private static func isBase64URL(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }
}
