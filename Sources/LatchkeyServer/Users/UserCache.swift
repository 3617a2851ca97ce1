import Foundation
import LatchkeyWire
import NIOConcurrencyHelpers
import NIOCore

/// Users by id, so that reads of the signed-in user (`GET /v1/me`, the session endpoint, userinfo,
/// refresh) do not query the database per request. Every write to a user records a change event;
/// the ``ChangeBus`` drops the entry on this node at commit, on other nodes when they hear of it.
/// Paths that decide on credentials (password checks) always read the database.
///
/// An entry, with its record's JSON, costs about 1.6 KiB of the server's memory (refresh over
/// 88,815 distinct users' sessions grew the RSS by 146 MiB), so the default of 50,000 users caps
/// the cache near 80 MiB; when it is full it starts over empty.
final class UserCache: Sendable {
    private let store: UserStore
    private let cache: InvalidatingCache<CachedAccount>

    init(store: UserStore, bus: ChangeBus, capacity: Int = 50_000) {
        self.store = store
        self.cache = InvalidatingCache(capacity: capacity, following: bus, kinds: [.user])
    }

    /// The user with this id in this app, or nil.
    func account(id: String, appID: String) async throws -> UserAccount? {
        try await cached(id: id, appID: appID)?.account
    }

    /// The user's ``UserRecord`` as the wire encoder writes it, encoded once per cached account:
    /// `GET /v1/me` is the most frequent read, and the encoding cost more than the rest of it.
    func recordJSON(id: String, appID: String) async throws -> ByteBuffer? {
        try await cached(id: id, appID: appID)?.recordJSON()
    }

    /// The cached user with this id in this app, or nil: for answers that need both the account
    /// and its record's JSON (a refresh).
    func cached(id: String, appID: String) async throws -> CachedAccount? {
        let cached = try await cache.value(for: id) { try await store.find(id: id).map(CachedAccount.init) }
        return cached?.account.appID == appID ? cached : nil
    }
}

/// A cached account and, once asked for, its record's JSON (dropped with the entry when the user
/// changes).
final class CachedAccount: Sendable {
    let account: UserAccount
    private let encoded = NIOLockedValueBox<ByteBuffer?>(nil)

    init(_ account: UserAccount) {
        self.account = account
    }

    /// The account's ``UserRecord`` as the wire encoder writes it.
    func recordJSON() throws -> ByteBuffer {
        if let bytes = encoded.withLockedValue({ $0 }) { return bytes }
        let bytes = ByteBuffer(bytes: try WireCoding.makeEncoder().encode(account.record))
        encoded.withLockedValue { $0 = bytes }
        return bytes
    }
}
