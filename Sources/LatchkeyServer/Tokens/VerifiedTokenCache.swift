import Foundation
import LatchkeyWire
import NIOConcurrencyHelpers

/// Access tokens whose signature already checked out, so the signature is verified once per token
/// rather than once per request. Bounded; an entry is dropped at its `exp`. Revocation is not
/// decided here: the session gate is asked on every request.
final class VerifiedTokenCache: Sendable {
    private let entries = NIOLockedValueBox<[String: AccessTokenClaims]>([:])
    private let capacity: Int

    init(capacity: Int = 50_000) {
        self.capacity = capacity
    }

    /// The cached claims of `token`, if it was verified and has not expired.
    func claims(for token: String, at now: Date) -> AccessTokenClaims? {
        entries.withLockedValue { entries in
            guard let claims = entries[token] else { return nil }
            if TimeInterval(claims.exp) <= now.timeIntervalSince1970 {
                entries[token] = nil
                return nil
            }
            return claims
        }
    }

    /// Remembers a verified token; when full, expired entries go first, then everything.
    func insert(_ token: String, claims: AccessTokenClaims, at now: Date) {
        entries.withLockedValue { entries in
            if entries.count >= capacity {
                let seconds = now.timeIntervalSince1970
                entries = entries.filter { TimeInterval($0.value.exp) > seconds }
                if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            }
            entries[token] = claims
        }
    }
}
