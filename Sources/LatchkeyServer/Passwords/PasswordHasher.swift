import Crypto
import Foundation
import HummingbirdBcrypt
import NIOConcurrencyHelpers

/// Hashes and verifies passwords with bcrypt on a dedicated, bounded thread pool, so hashing
/// never blocks an event loop and never holds a database connection. Imported hashes of other
/// forms are checked on a second, smaller pool (``ForeignPasswordHash``'s checks may cost a few
/// bcrypts each): however many of them an attacker sends, the app's own hashes keep their pool.
///
/// bcrypt reads only 72 bytes. Passwords whose NFKC form is longer are pre-hashed
/// (HMAC-SHA-256, base64) and stored with the `$lkb$` marker, so nothing is ever silently
/// truncated; shorter passwords get plain `$2b$` hashes that other systems can import.
final class PasswordHasher: Sendable {
    private let nativePool: BoundedThreadPool
    private let importedPool: BoundedThreadPool
    private let dummyHashes = NIOLockedValueBox<[Int: String]>([:])

    /// The stored-hash prefix of pre-hashed (long) passwords.
    static let prehashMarker = "$lkb$"
    private static let bcryptInputLimit = 72

    /// A hasher with `threads` workers that refuses work beyond `maximumPending` queued hashes,
    /// and half that many workers (at least one) and a quarter of that queue for imported hashes.
    init(threads: Int, maximumPending: Int) {
        nativePool = BoundedThreadPool(threads: threads, maximumPending: maximumPending)
        importedPool = BoundedThreadPool(threads: threads / 2, maximumPending: max(1, maximumPending / 4))
    }

    /// A new hash of `password` at `cost`.
    func hash(_ password: String, cost: Int) async throws -> String {
        let input = Self.bcryptInput(password)
        let hash = try await nativePool.run { Bcrypt.hash(input.text, cost: UInt8(cost)) }
        return input.prehashed ? Self.prehashMarker + hash : hash
    }

    /// Whether `password` matches `stored`: the server's own bcrypt, or a hash imported from
    /// another system (``ForeignPasswordHash``), which sign-in then replaces with the app's bcrypt.
    /// `cost` is the owner's bcrypt cost (the app's): a bcrypt hash above both it and the import
    /// limit — stored before the limit was lowered — never matches and costs nothing, so its user
    /// resets the password; the same goes for an imported hash beyond ``ForeignPasswordHash/Limits``.
    func verify(_ password: String, against stored: String, cost: Int) async throws -> Bool {
        if let foreign = Self.foreign(stored) { return try await importedPool.run { foreign.matches(password) } }
        let input = Self.bcryptInput(password)
        let isPrehashed = stored.hasPrefix(Self.prehashMarker)
        let bcryptHash = isPrehashed ? String(stored.dropFirst(Self.prehashMarker.count)) : stored
        guard let storedCost = Self.cost(of: bcryptHash), storedCost <= max(cost, ForeignPasswordHash.Limits.bcryptCost) else { return false }
        let text = isPrehashed ? Self.prehash(Canonical.password(password)) : input.text
        if !isPrehashed && input.prehashed { return false }
        return try await nativePool.run { Bcrypt.verify(text, hash: bcryptHash) }
    }

    /// The imported hash `stored` holds, or nil for the server's own bcrypt (`$2a$`/`$2b$`, with
    /// or without the pre-hash marker). An unparseable hash is nil too and so never matches:
    /// import refuses those, so only a hand-edited row, or one imported within older limits, can
    /// hold one.
    private static func foreign(_ stored: String) -> ForeignPasswordHash? {
        guard !stored.hasPrefix(prehashMarker), !stored.hasPrefix("$2a$"), !stored.hasPrefix("$2b$") else { return nil }
        return try? ForeignPasswordHash(parsing: stored)
    }

    /// Spends the time of one verification of the app's own bcrypt at `cost` without any
    /// account, so that an unknown user costs what a wrong password costs.
    func verifyDummy(cost: Int) async throws {
        try await verifyDummy(like: nil, cost: cost)
    }

    /// Spends the time of one bcrypt verification at the cost of `sample` — another user's
    /// stored bcrypt hash — but never above `cost` (the app's), or at `cost` without a sample or
    /// for one of another form. Never a check of the sample itself: an imported hash may cost
    /// several bcrypts (or, stored beyond the limits, none), and an unknown name must never
    /// cost more than a known one.
    func verifyDummy(like sample: String?, cost: Int) async throws {
        let dummy = try await dummyHash(cost: min(sample.flatMap(Self.cost(of:)) ?? cost, cost))
        _ = try await nativePool.run { Bcrypt.verify("latchkey-dummy-password", hash: dummy) }
    }

    /// Whether `stored` was made with other parameters than `cost`, or is not bcrypt (an imported
    /// hash), and should be redone. An imported bcrypt hash of the app's cost is kept as it is.
    static func needsRehash(_ stored: String, cost: Int) -> Bool {
        Self.cost(of: stored) != cost
    }

    /// The bcrypt cost a stored hash was made with, or nil for a hash that is not bcrypt.
    static func cost(of stored: String) -> Int? {
        let hash = stored.hasPrefix(prehashMarker) ? String(stored.dropFirst(prehashMarker.count)) : stored
        let parts = hash.split(separator: "$")
        guard hash.hasPrefix("$2"), parts.count >= 2, let cost = Int(parts[1]), (4...31).contains(cost) else { return nil }
        return cost
    }

    func shutdown() async {
        await nativePool.shutdown()
        await importedPool.shutdown()
    }

    private func dummyHash(cost: Int) async throws -> String {
        if let hash = dummyHashes.withLockedValue({ $0[cost] }) { return hash }
        let hash = try await nativePool.run { Bcrypt.hash("latchkey-dummy-password", cost: UInt8(cost)) }
        dummyHashes.withLockedValue { $0[cost] = hash }
        return hash
    }

    private static func bcryptInput(_ password: String) -> (text: String, prehashed: Bool) {
        let normalized = Canonical.password(password)
        if normalized.utf8.count <= bcryptInputLimit { return (normalized, false) }
        return (prehash(normalized), true)
    }

    private static func prehash(_ normalized: String) -> String {
        let key = SymmetricKey(data: Array("latchkey-bcrypt-prehash".utf8))
        let mac = HMAC<SHA256>.authenticationCode(for: Array(normalized.utf8), using: key)
        return Data(mac).base64EncodedString()
    }
}
