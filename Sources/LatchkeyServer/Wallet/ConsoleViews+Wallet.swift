import Foundation
import LatchkeyWire

/// What the console's user page shows of the user's wallet.
extension ConsoleViews {
    /// The balances and a page of the ledger; `path` is the user page's, which pages the ledger
    /// with `before`. `text` reads the page's catalog (in the visitor's language).
    static func wallet(_ statement: AdminService.WalletStatement, path: String, paged: Bool, text: (String) -> String) -> [String: Any] {
        var values: [String: Any] = [
            "balances": statement.balances.map { ["currency": $0.currency, "balance": String($0.balance)] },
            "ledger": statement.entries.map { ledgerRow($0.entry, text: text) }, "hasLedger": !statement.entries.isEmpty,
        ]
        if let before = statement.olderBefore { values["olderLedgerLink"] = path + queryString([("before", String(before))]) + "#wallet" }
        if paged { values["newestLedgerLink"] = path + "#wallet" }
        return values
    }

    /// One ledger entry: the amount signed, what kind of entry and why, the other user of a transfer.
    /// `counterparty` is left out unless there is one, so the template's section on it is empty.
    static func ledgerRow(_ entry: WalletEntry, text: (String) -> String) -> [String: Any] {
        var row: [String: Any] = [
            "id": entry.id, "at": date(entry.createdAt), "currency": entry.currency,
            "amount": entry.amount > 0 ? "+\(entry.amount)" : String(entry.amount), "balanceAfter": String(entry.balanceAfter),
            "kind": text("console.wallet.kind.\(entry.kind.rawValue)"), "reason": entry.reason ?? "", "actor": entry.actor,
        ]
        if let other = entry.counterparty, !other.isEmpty { row["counterparty"] = other }
        return row
    }
}
