import Foundation
import LatchkeyWire
import SQLKit

extension WalletFeature {
    static let migrations = [
        Migration(
            1,
            [
                // One row per wallet: the lock its writes take and its entry counter.
                """
                CREATE TABLE wallet_accounts (
                    user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
                    last_sequence BIGINT NOT NULL
                )
                """,
                """
                CREATE TABLE wallet_balances (
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    currency TEXT NOT NULL,
                    balance BIGINT NOT NULL,
                    updated_at BIGINT NOT NULL,
                    PRIMARY KEY (user_id, currency)
                )
                """,
                """
                CREATE TABLE wallet_ledger (
                    id TEXT PRIMARY KEY,
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    sequence BIGINT NOT NULL,
                    currency TEXT NOT NULL,
                    amount BIGINT NOT NULL,
                    balance_after BIGINT NOT NULL,
                    kind TEXT NOT NULL,
                    reason TEXT,
                    metadata TEXT,
                    idempotency_key TEXT,
                    request_hash TEXT,
                    actor TEXT NOT NULL,
                    counterparty TEXT,
                    transfer_id TEXT,
                    created_at BIGINT NOT NULL
                )
                """,
                "CREATE UNIQUE INDEX wallet_ledger_sequence ON wallet_ledger(user_id, sequence)",
                "CREATE UNIQUE INDEX wallet_ledger_key ON wallet_ledger(user_id, idempotency_key)",
                "CREATE INDEX wallet_ledger_transfer ON wallet_ledger(transfer_id) WHERE transfer_id IS NOT NULL",
                "CREATE INDEX wallet_ledger_counterparty ON wallet_ledger(counterparty) WHERE counterparty IS NOT NULL",
            ]
        )
    ]

    static let tables: [OwnedTable] = [
        OwnedTable(name: "wallet_accounts", userData: .owned(column: "user_id", section: "wallet"), merge: .merged),
        OwnedTable(name: "wallet_balances", userData: .owned(column: "user_id", section: "wallet"), merge: .merged),
        OwnedTable(name: "wallet_ledger", userData: .owned(column: "user_id", section: "wallet"), merge: .merged),
    ]

    static let errorCodes: [ErrorCode] = [
        .insufficientFunds, .idempotencyKeyReused, .balanceOutOfRange, .unknownCurrency, .walletOperationDisabled,
    ]

    static let settingsSection: SettingSection? = .wallet

    static let settings: [AppSetting] = [
        .list(
            "walletCurrencies",
            \WalletSettings.walletCurrencies,
            flag: "wallet-currency",
            help: "A wallet currency, lowercase (repeat for several; replaces the list; default kredits).",
            problem: { currencies in
                let valid = currencies.allSatisfy(WalletOperation.isCurrencyName)
                return valid && (1...16).contains(currencies.count) && Set(currencies).count == currencies.count
                    ? nil : "wallet currencies must be 1 to 16 distinct names of a-z, 0-9 and _, starting with a letter"
            }
        ),
        .boolean(
            "walletSelfSpend",
            \WalletSettings.walletSelfSpend,
            flag: "wallet-self-spend",
            help: "Let users spend from their own wallet."
        ),
        .boolean(
            "walletUserTransfers",
            \WalletSettings.walletUserTransfers,
            flag: "wallet-user-transfers",
            help: "Let users transfer from their wallet to another user's."
        ),
        .boolean(
            "walletAllowNegative",
            \WalletSettings.walletAllowNegative,
            flag: "wallet-allow-negative",
            help: "Let debits take a balance below zero."
        ),
    ]

    /// The user's own rows go with the user row's foreign keys; what other wallets' transfer legs
    /// say about them (the counterparty, and the actor when they made the transfer) is cleared.
    static func delete(_ user: UserAccount, in db: any SQLDatabase) async throws {
        try await db.raw(
            """
            UPDATE wallet_ledger SET counterparty = NULL,
                actor = CASE WHEN actor = \(bind: "user:" + user.id) THEN 'user:deleted' ELSE actor END
            WHERE counterparty = \(bind: user.id)
            """
        ).run()
    }

    /// The wallet section: the balances and every ledger entry, oldest first.
    static func export(of user: UserPrincipal, from sources: ExportSources) async throws -> [String: any Encodable & Sendable] {
        let store = WalletStore(driver: sources.driver)
        let balances = try await store.balances(userID: user.userID, currencies: user.app.settings.wallet.walletCurrencies)
        var entries: [WalletEntry] = []
        var before: Int64?
        while true {
            let page = try await store.ledger(userID: user.userID, currency: nil, before: before, limit: 1_000)
            entries += page.map { $0.entry }
            guard page.count == 1_000, let last = page.last else { break }
            before = last.sequence
        }
        return ["wallet": WalletExport(balances: balances, ledger: entries.reversed())]
    }

    /// A user's wallet in their export.
    struct WalletExport: Encodable, Sendable {
        var balances: [WalletBalance]
        var ledger: [WalletEntry]
    }
}
