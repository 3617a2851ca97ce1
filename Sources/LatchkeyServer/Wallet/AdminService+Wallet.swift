import Foundation
import LatchkeyWire

/// What operators read of a user's wallet, for the console's user page.
extension AdminService {
    /// A user's balances and a page of their ledger, newest first.
    struct WalletStatement: Sendable {
        /// Every currency of the app (0 before its first entry), then any other the wallet holds.
        var balances: [WalletBalance]
        /// The page's entries with their numbers in the wallet.
        var entries: [(sequence: Int64, entry: WalletEntry)]
        /// The number older entries start below, when there are any.
        var olderBefore: Int64?
    }

    /// `account`'s balances in `app` and up to `limit` ledger entries numbered below `before`
    /// (the newest when nil); `422` for a `before` that is not an entry number. Shown on the
    /// user's page (``userOverview(_:appID:ledgerBefore:ledgerLimit:by:)``), which checks the role.
    func wallet(of account: UserAccount, in app: App, before: Int64?, limit: Int) async throws -> WalletStatement {
        if let before, before < 1 { throw APIError.validation([FieldError(field: "before", code: .invalidField)]) }
        let store = WalletStore(driver: driver)
        let balances = try await store.balances(userID: account.id, currencies: app.settings.wallet.walletCurrencies)
        let rows = try await store.ledger(userID: account.id, currency: nil, before: before, limit: limit + 1)
        let page = Array(rows.prefix(limit))
        return WalletStatement(balances: balances, entries: page, olderBefore: rows.count > limit ? page.last?.sequence : nil)
    }
}
