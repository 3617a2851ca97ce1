import Foundation
import LatchkeyWire
import SQLKit

/// Wallets in the database: one `wallet_accounts` row per user (the lock every write to the
/// wallet takes, and its entry counter), one `wallet_balances` row per user and currency, and the
/// append-only `wallet_ledger`. Every write goes through ``claimSequence(userID:appID:in:)`` first,
/// so one wallet's writes are serialized (PostgreSQL: the row lock lasts until commit; SQLite: one
/// writer) and the balance row is always the sum of the ledger.
struct WalletStore: Sendable {
    let driver: any StoreDriver

    /// Locks the user's wallet until the transaction ends and takes its next entry number; nil
    /// when the user is not in the app. Numbers only grow, in the order the wallet's writes commit
    /// (a replayed request takes one and writes nothing, so there may be gaps).
    func claimSequence(userID: String, appID: String, in db: any SQLDatabase) async throws -> Int64? {
        try await db.raw(
            """
            INSERT INTO wallet_accounts (user_id, last_sequence)
            SELECT id, 1 FROM users WHERE id = \(bind: userID) AND app_id = \(bind: appID)
            ON CONFLICT (user_id) DO UPDATE SET last_sequence = wallet_accounts.last_sequence + 1
            RETURNING last_sequence
            """
        ).first()?.decode(column: "last_sequence", as: Int64.self)
    }

    /// The entry the wallet wrote for `idempotencyKey`, with the digest of the request that wrote it.
    func entry(userID: String, idempotencyKey: String, in db: any SQLDatabase) async throws -> (WalletEntry, requestHash: String)? {
        guard
            let row = try await db.raw(
                "SELECT \(Self.columns), request_hash FROM wallet_ledger WHERE user_id = \(bind: userID) AND idempotency_key = \(bind: idempotencyKey)"
            ).first()
        else { return nil }
        return (try Self.entry(from: row), try row.decode(column: "request_hash", as: String.self))
    }

    /// The receiving leg of a transfer, if its user still exists.
    func receivingLeg(transferID: String, in db: any SQLDatabase) async throws -> WalletEntry? {
        try await db.raw(
            "SELECT \(Self.columns) FROM wallet_ledger WHERE transfer_id = \(bind: transferID) AND kind = \(bind: WalletEntryKind.transferIn.rawValue)"
        ).first().map(Self.entry(from:))
    }

    /// The balance of one currency (0 before its first entry).
    func balance(userID: String, currency: String, in db: any SQLDatabase) async throws -> Int64 {
        try await db.raw(
            "SELECT balance FROM wallet_balances WHERE user_id = \(bind: userID) AND currency = \(bind: currency)"
        ).first()?.decode(column: "balance", as: Int64.self) ?? 0
    }

    /// Appends `entry` as the wallet's entry number `sequence` and sets the currency's balance to
    /// its `balanceAfter`, in the caller's transaction (which holds the wallet's lock).
    func append(_ entry: WalletEntry, userID: String, sequence: Int64, requestHash: String?, in db: any SQLDatabase) async throws {
        let createdAt = entry.createdAt.epochSeconds
        try await db.raw(
            """
            INSERT INTO wallet_balances (user_id, currency, balance, updated_at)
            VALUES (\(bind: userID), \(bind: entry.currency), \(bind: entry.balanceAfter), \(bind: createdAt))
            ON CONFLICT (user_id, currency) DO UPDATE SET balance = excluded.balance, updated_at = excluded.updated_at
            """
        ).run()
        try await db.raw(
            """
            INSERT INTO wallet_ledger (id, user_id, sequence, currency, amount, balance_after, kind, reason, metadata,
                                       idempotency_key, request_hash, actor, counterparty, transfer_id, created_at)
            VALUES (\(bind: entry.id), \(bind: userID), \(bind: sequence), \(bind: entry.currency), \(bind: entry.amount),
                    \(bind: entry.balanceAfter), \(bind: entry.kind.rawValue), \(bind: entry.reason),
                    \(bind: try entry.metadata.map(WalletMetadata.encode)), \(bind: entry.idempotencyKey), \(bind: requestHash),
                    \(bind: entry.actor), \(bind: entry.counterparty), \(bind: entry.transferId), \(bind: createdAt))
            """
        ).run()
    }

    /// The user's balances: one per currency of `currencies` (0 before its first entry), then any
    /// other currency the wallet still holds (one the app has since dropped), by name.
    func balances(userID: String, currencies: [String]) async throws -> [WalletBalance] {
        var stored = try await driver.read { db in
            let rows = try await db.raw("SELECT currency, balance FROM wallet_balances WHERE user_id = \(bind: userID)").all()
            return try Dictionary(
                rows.map { (try $0.decode(column: "currency", as: String.self), try $0.decode(column: "balance", as: Int64.self)) },
                uniquingKeysWith: { first, _ in first }
            )
        }
        let listed = currencies.map { WalletBalance(currency: $0, balance: stored.removeValue(forKey: $0) ?? 0) }
        return listed + stored.sorted { $0.key < $1.key }.map { WalletBalance(currency: $0.key, balance: $0.value) }
    }

    /// Up to `limit` entries numbered below `before` (all when nil), newest first, with their
    /// numbers; of one currency when `currency` is given.
    func ledger(userID: String, currency: String?, before: Int64?, limit: Int) async throws -> [(sequence: Int64, entry: WalletEntry)] {
        var filter: SQLQueryString = "user_id = \(bind: userID)"
        if let currency { filter = "\(filter) AND currency = \(bind: currency)" }
        if let before { filter = "\(filter) AND sequence < \(bind: before)" }
        let query: SQLQueryString = "SELECT \(Self.columns), sequence FROM wallet_ledger WHERE \(filter) ORDER BY sequence DESC LIMIT \(bind: limit)"
        return try await driver.read { db in
            try await db.raw(query).all().map { row in
                (try row.decode(column: "sequence", as: Int64.self), try Self.entry(from: row))
            }
        }
    }

    private static let columns: SQLQueryString = """
        id, currency, amount, balance_after, kind, reason, metadata, idempotency_key, actor, counterparty, transfer_id, created_at
        """

    /// A stored kind; one this build does not know means the table was written by a newer one.
    private static func kind(_ stored: String) throws -> WalletEntryKind {
        guard let kind = WalletEntryKind(rawValue: stored) else { throw UnknownEntryKind(stored: stored) }
        return kind
    }

    /// A ledger row's kind is not one this build knows.
    struct UnknownEntryKind: Error {
        var stored: String
    }

    private static func entry(from row: any SQLRow) throws -> WalletEntry {
        WalletEntry(
            id: try row.decode(column: "id", as: String.self),
            currency: try row.decode(column: "currency", as: String.self),
            amount: try row.decode(column: "amount", as: Int64.self),
            balanceAfter: try row.decode(column: "balance_after", as: Int64.self),
            kind: try kind(row.decode(column: "kind", as: String.self)),
            reason: try row.decode(column: "reason", as: String?.self),
            metadata: try row.decode(column: "metadata", as: String?.self).map(WalletMetadata.decode),
            idempotencyKey: try row.decode(column: "idempotency_key", as: String?.self),
            actor: try row.decode(column: "actor", as: String.self),
            counterparty: try row.decode(column: "counterparty", as: String?.self),
            transferId: try row.decode(column: "transfer_id", as: String?.self),
            createdAt: Date(epochSeconds: try row.decode(column: "created_at", as: Int64.self))
        )
    }
}
