import Crypto
import Foundation

/// WebAuthn challenges that cost nothing to hand out: a challenge is 16 random bytes, its expiry
/// and an HMAC binding both to the app, the ceremony and (for registration) the user, under a key
/// derived from the server's secret — the same on every node. Asking for options, which anyone
/// with a client id may do, writes nothing; a challenge is written only when a verified response
/// uses it (``PasskeyStore/consume(challenge:expiresAt:in:)``), which makes it single-use.
struct PasskeyChallenges: Sendable {
    /// Which ceremony a challenge is for.
    enum Ceremony: String, Sendable {
        case registration
        case signIn = "sign-in"
    }

    /// A challenge that verified: its digest (what is stored once used) and expiry.
    struct Opened: Sendable {
        var digest: String
        var expiresAt: Date
    }

    /// How long a challenge lasts, in seconds (WebAuthn §15.4 suggests 5 to 10 minutes).
    static let lifetime: Int64 = 300
    private static let randomCount = 16
    private static let macCount = 16

    private let key: SymmetricKey

    /// `key` is derived from the server's secret key.
    init(key: SymmetricKey) { self.key = key }

    /// A new challenge, base64url.
    func issue(_ ceremony: Ceremony, appID: String, userID: String?, at now: Date) -> String {
        let payload = SecureRandom.bytes(Self.randomCount) + Self.bigEndian(now.epochSeconds + Self.lifetime)
        return Base64URL.encode(payload + mac(payload, ceremony: ceremony, appID: appID, userID: userID))
    }

    /// The challenge when it is one this server issued for this ceremony, app and user, and
    /// unexpired; nil otherwise.
    func open(_ challenge: String, _ ceremony: Ceremony, appID: String, userID: String?, at now: Date) -> Opened? {
        guard let bytes = Base64URL.decode(challenge), bytes.count == Self.randomCount + 8 + Self.macCount else { return nil }
        let payload = Array(bytes.prefix(Self.randomCount + 8))
        let expected = mac(payload, ceremony: ceremony, appID: appID, userID: userID)
        guard Digest.equalInConstantTime(Array(bytes.suffix(Self.macCount)), expected) else { return nil }
        let expiresAt = payload.suffix(8).reduce(Int64(0)) { $0 << 8 | Int64($1) }
        guard expiresAt > now.epochSeconds else { return nil }
        return Opened(digest: Digest.sha256Hex(challenge), expiresAt: Date(epochSeconds: expiresAt))
    }

    private func mac(_ payload: [UInt8], ceremony: Ceremony, appID: String, userID: String?) -> [UInt8] {
        // Length-prefixed fields: no two (app, ceremony, user) tuples share an input.
        var input: [UInt8] = []
        for field in [ceremony.rawValue, appID, userID ?? ""] {
            input += Self.bigEndian(Int64(field.utf8.count)) + Array(field.utf8)
        }
        return Array(HMAC<SHA256>.authenticationCode(for: input + payload, using: key).prefix(Self.macCount))
    }

    private static func bigEndian(_ value: Int64) -> [UInt8] {
        (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
}
