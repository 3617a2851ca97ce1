import Foundation

/// OpenID Connect providers' signing keys, cached by issuer (and JWKS URL when one is set). An
/// unknown `kid` refetches the JWKS, at most once per ``refetchInterval`` per issuer, so a flood
/// of tokens with made-up key ids cannot turn Latchkey into a fetch amplifier. A key set older
/// than ``maximumAge`` is fetched again before use, so a key the provider withdraws stops being
/// trusted within hours, not at the next restart.
actor ProviderKeyCache {
    /// The shortest time between two fetches of one issuer's keys.
    static let refetchInterval: TimeInterval = 30
    /// How long a fetched key set is trusted without asking the provider again.
    static let maximumAge: TimeInterval = 6 * 3600

    private struct KeySet {
        var keys: [String: ProviderKey]
        var fetchedAt: Date
    }

    private var keySets: [String: KeySet] = [:]

    /// The key `kid` of the issuer, fetching (or refetching) its JWKS when the key is not known;
    /// nil when the issuer has no such key.
    func key(kid: String, issuer: String, jwksURL: String?, at now: Date) async throws(ProviderCheckFailure) -> ProviderKey? {
        let cacheKey = issuer + " " + (jwksURL ?? "")
        if let set = keySets[cacheKey], let key = set.keys[kid], now.timeIntervalSince(set.fetchedAt) < Self.maximumAge {
            return key
        }
        if let fetched = keySets[cacheKey]?.fetchedAt, now.timeIntervalSince(fetched) < Self.refetchInterval,
            now >= fetched
        {
            return nil
        }
        let keys = try await Self.fetchKeys(issuer: issuer, jwksURL: jwksURL)
        keySets[cacheKey] = KeySet(keys: keys, fetchedAt: now)
        return keys[kid]
    }

    /// The issuer's RS256 and ES256 keys by `kid`, from `jwksURL` or the URL its discovery
    /// document names.
    private static func fetchKeys(issuer: String, jwksURL: String?) async throws(ProviderCheckFailure) -> [String: ProviderKey] {
        let url: String
        if let jwksURL {
            url = jwksURL
        } else {
            let discovery = try await ProviderHTTP.getJSON(issuer.trimmingSuffix("/") + "/.well-known/openid-configuration")
            guard discovery.status == 200, let discovered = discovery.object["jwks_uri"] as? String else {
                throw .unreachable("discovery document without jwks_uri")
            }
            url = discovered
        }
        let jwks = try await ProviderHTTP.getJSON(url)
        guard jwks.status == 200, let entries = jwks.object["keys"] as? [[String: Any]] else {
            throw .unreachable("JWKS without keys")
        }
        var keys: [String: ProviderKey] = [:]
        for entry in entries {
            guard let kid = entry["kid"] as? String, let key = ProviderKey(jwk: entry) else { continue }
            keys[kid] = key
        }
        return keys
    }
}
