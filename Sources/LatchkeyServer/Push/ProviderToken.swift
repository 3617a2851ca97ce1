import Crypto
import CryptoExtras
import Foundation
import NIOConcurrencyHelpers

/// The compact JWTs push providers ask for: APNs' provider token (ES256, `kid` + `iss` team id
/// + `iat`) and Google's service-account assertion (RS256), signed with the app's key.
enum ProviderToken {
    /// An APNs provider token: Apple refuses one older than an hour, so callers renew it sooner.
    static func apns(_ credentials: APNsCredentials, at now: Date) throws -> String {
        struct Header: Encodable {
            var alg = "ES256"
            var kid: String
        }
        struct Claims: Encodable {
            var iss: String
            var iat: Int64
        }
        let key = try credentials.signingKey()
        return try compact(Header(kid: credentials.keyID), Claims(iss: credentials.teamID, iat: now.epochSeconds)) {
            try ES256Signature.sign($0, with: key)
        }
    }

    /// The scope an FCM access token needs.
    static let messagingScope = "https://www.googleapis.com/auth/firebase.messaging"

    /// A service-account assertion for `token_uri`, valid an hour (Google's most).
    static func googleAssertion(_ credentials: FCMCredentials, at now: Date) throws -> String {
        struct Header: Encodable {
            var alg = "RS256"
            var typ = "JWT"
            var kid: String?
        }
        struct Claims: Encodable {
            var iss: String
            var scope: String
            var aud: String
            var iat: Int64
            var exp: Int64
        }
        let key = try credentials.signingKey()
        let claims = Claims(
            iss: credentials.clientEmail,
            scope: messagingScope,
            aud: credentials.tokenURI,
            iat: now.epochSeconds,
            exp: now.epochSeconds + 3600
        )
        return try compact(Header(kid: credentials.privateKeyID), claims) {
            Array(try key.signature(for: $0, padding: .insecurePKCS1v1_5).rawRepresentation)
        }
    }

    /// `header.claims.signature`, each part base64url-encoded JSON (the signature over the first two).
    private static func compact(_ header: some Encodable, _ claims: some Encodable, sign: ([UInt8]) throws -> [UInt8]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let input = Base64URL.encode(try encoder.encode(header)) + "." + Base64URL.encode(try encoder.encode(claims))
        return input + "." + Base64URL.encode(try sign(Array(input.utf8)))
    }
}

/// Tokens kept until shortly before they lapse, per app: minting an APNs token per push would
/// get the connection refused (`TooManyProviderTokenUpdates`), and an FCM token costs a round trip.
/// The outbox sends a batch at once, so a token being made is shared too (single flight): the
/// sends that find one under way wait for it rather than each buying their own.
final class ProviderTokenCache: Sendable {
    /// A token and when to renew it.
    typealias Made = (token: String, renewAt: Date)

    private enum Entry: Sendable {
        case ready(Made)
        case making(Task<Made, any Error>)
    }

    private let entries = NIOLockedValueBox<[String: Entry]>([:])

    /// The cached token under `key`, the one being made, or a new one from `make` (which says
    /// when to renew it). A failed `make` leaves nothing behind, so the next send tries again.
    func token(for key: String, at now: Date, make: @escaping @Sendable () async throws -> Made) async throws -> String {
        let found: Entry = entries.withLockedValue { entries in
            switch entries[key] {
            case .ready(let made) where made.renewAt > now:
                return .ready(made)
            case .making(let task):
                return .making(task)
            default:
                let task = Task { try await make() }
                entries[key] = .making(task)
                return .making(task)
            }
        }
        switch found {
        case .ready(let made): return made.token
        case .making(let making): return try await settle(making, under: key)
        }
    }

    /// Waits for the token being made under `key`: keeps it when made, drops the entry when
    /// making it failed (unless another has replaced it meanwhile).
    private func settle(_ making: Task<Made, any Error>, under key: String) async throws -> String {
        do {
            let made = try await making.value
            entries.withLockedValue { entries in
                if case .making(let task) = entries[key], task == making { entries[key] = .ready(made) }
            }
            return made.token
        } catch {
            entries.withLockedValue { entries in
                if case .making(let task) = entries[key], task == making { entries.removeValue(forKey: key) }
            }
            throw error
        }
    }

    /// Forgets the token under `key` (the provider refused it).
    func forget(_ key: String) {
        _ = entries.withLockedValue { $0.removeValue(forKey: key) }
    }
}
