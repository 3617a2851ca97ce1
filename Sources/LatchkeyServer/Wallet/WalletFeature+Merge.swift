import Foundation
import HTTPTypes
import LatchkeyWire
import SQLKit

extension WalletFeature {
    /// The guest's balances are added to the account's and its ledger moves over, replayed on
    /// top of the account's: each entry keeps its amount, kind, reason and time, takes the next
    /// sequence number, and its balance-after grows by the account's balance in that currency, so
    /// every balance is still the sum of its ledger. An idempotency key the account used already
    /// is cleared on the moved entry (the guest's requests cannot be retried anyway). Transfer legs
    /// naming the guest name the account. A sum past Int64 refuses the whole merge
    /// (`422 balance_out_of_range`): nothing is lost.
    static func merge(_ merge: AccountMerge, in db: any SQLDatabase) async throws -> [String: GuestMergeSection] {
        let (guest, target) = (merge.guest.id, merge.target.id)
        let entries = try await db.raw(
            """
            SELECT id, currency, balance_after, idempotency_key FROM wallet_ledger
            WHERE user_id = \(bind: guest) ORDER BY sequence
            """
        ).all()
        guard !entries.isEmpty else { return [:] }
        // Takes the account's wallet lock (every wallet write claims this row first) and reads its counter.
        let last =
            try await db.raw(
                """
                INSERT INTO wallet_accounts (user_id, last_sequence) VALUES (\(bind: target), 0)
                ON CONFLICT (user_id) DO UPDATE SET last_sequence = wallet_accounts.last_sequence RETURNING last_sequence
                """
            ).first()?.decode(column: "last_sequence", as: Int64.self) ?? 0
        let store = WalletStore(driver: merge.driver)
        var base: [String: Int64] = [:]
        let usedKeys = Set(
            try await db.raw("SELECT idempotency_key FROM wallet_ledger WHERE user_id = \(bind: target) AND idempotency_key IS NOT NULL")
                .all().map { try $0.decode(column: "idempotency_key", as: String.self) }
        )
        var finals: [String: Int64] = [:]
        for (index, row) in entries.enumerated() {
            let currency = try row.decode(column: "currency", as: String.self)
            if base[currency] == nil { base[currency] = try await store.balance(userID: target, currency: currency, in: db) }
            let (after, overflow) = (base[currency] ?? 0).addingReportingOverflow(try row.decode(column: "balance_after", as: Int64.self))
            guard !overflow else { throw APIError(.unprocessableContent, .balanceOutOfRange) }
            finals[currency] = after
            let key = try row.decode(column: "idempotency_key", as: String?.self).flatMap { usedKeys.contains($0) ? nil : $0 }
            try await db.raw(
                """
                UPDATE wallet_ledger SET user_id = \(bind: target), sequence = \(bind: last + Int64(index) + 1),
                    balance_after = \(bind: after), idempotency_key = \(bind: key)
                WHERE id = \(bind: try row.decode(column: "id", as: String.self))
                """
            ).run()
        }
        for (currency, balance) in finals {
            try await db.raw(
                """
                INSERT INTO wallet_balances (user_id, currency, balance, updated_at)
                VALUES (\(bind: target), \(bind: currency), \(bind: balance), \(bind: merge.now.epochSeconds))
                ON CONFLICT (user_id, currency) DO UPDATE SET balance = excluded.balance, updated_at = excluded.updated_at
                """
            ).run()
        }
        try await db.raw(
            "UPDATE wallet_accounts SET last_sequence = \(bind: last + Int64(entries.count)) WHERE user_id = \(bind: target)"
        ).run()
        try await db.raw(
            """
            UPDATE wallet_ledger SET counterparty = CASE WHEN counterparty = \(bind: guest) THEN \(bind: target) ELSE counterparty END,
                actor = CASE WHEN actor = \(bind: "user:" + guest) THEN \(bind: "user:" + target) ELSE actor END
            WHERE counterparty = \(bind: guest) OR (user_id = \(bind: target) AND actor = \(bind: "user:" + guest))
            """
        ).run()
        return ["wallet": GuestMergeSection(moved: entries.count)]
    }
}
