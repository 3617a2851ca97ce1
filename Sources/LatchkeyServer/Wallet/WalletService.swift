import Foundation
import HTTPTypes
import LatchkeyWire
import SQLKit

/// The wallet's rules over ``WalletStore``: every write is one transaction that locks the wallet,
/// answers a replayed idempotency key with the original entry (or `idempotency_key_reused` for a
/// different request), checks the new balance against Int64's range and the app's no-negative
/// rule, and appends the entry with the balance row — so balances never drift from the ledger.
/// Operators (the CLI) and the API read through the same service.
struct WalletService: Sendable {
    let driver: any StoreDriver
    let store: WalletStore
    let userCache: UserCache
    let time: any TimeSource

    init(backend: LatchkeyBackend) {
        driver = backend.driver
        store = WalletStore(driver: backend.driver)
        userCache = backend.userCache
        time = backend.time
    }

    /// What a write answered: the value, and whether it is the one an earlier request with the
    /// same idempotency key wrote.
    struct Written<Value: Sendable>: Sendable {
        var value: Value
        var replayed: Bool
    }

    /// The most entries one ledger page holds, and the count when the caller names none.
    static let maximumPage = 100
    static let defaultPage = 20

    /// Applies `operation` to `userID`'s wallet in `app`.
    func post(_ operation: WalletOperation, userID: String, app: App) async throws -> Written<WalletEntry> {
        let now = time.now()
        let hash = try operation.requestHash()
        let allowNegative = app.settings.wallet.walletAllowNegative
        return try await driver.write { [store] db in
            let sequence = try await Self.claim(userID, app: app, store: store, in: db)
            if let original = try await store.entry(userID: userID, idempotencyKey: operation.idempotencyKey, in: db) {
                return Written(value: try Self.replay(original, hash: hash), replayed: true)
            }
            let balance = try await store.balance(userID: userID, currency: operation.currency, in: db)
            let after = try Self.apply(operation.change, to: balance, allowNegative: allowNegative)
            let entry = operation.entry(balanceAfter: after, transferID: nil, at: now)
            try await store.append(entry, userID: userID, sequence: sequence, requestHash: hash, in: db)
            return Written(value: entry, replayed: false)
        }
    }

    /// Moves the amount of `operation` (a transfer) from `sender` to its counterparty: both entries
    /// or neither. Both wallets are locked in id order, so opposite transfers cannot deadlock.
    func transfer(_ operation: WalletOperation, sender: String, app: App) async throws -> Written<WalletTransfer> {
        guard let receiver = operation.counterparty else { throw APIError(.badRequest, .invalidRequest) }
        let now = time.now()
        let hash = try operation.requestHash()
        let allowNegative = app.settings.wallet.walletAllowNegative
        return try await driver.write { [store] db in
            let senderFirst = sender < receiver
            let first = try await Self.claim(senderFirst ? sender : receiver, app: app, store: store, in: db)
            let second = try await Self.claim(senderFirst ? receiver : sender, app: app, store: store, in: db)
            let (senderSequence, receiverSequence) = senderFirst ? (first, second) : (second, first)
            if let original = try await store.entry(userID: sender, idempotencyKey: operation.idempotencyKey, in: db) {
                let sent = try Self.replay(original, hash: hash)
                guard let transferID = sent.transferId else { throw APIError(.conflict, .idempotencyKeyReused) }
                let received = try await store.receivingLeg(transferID: transferID, in: db)
                return Written(value: WalletTransfer(transferId: transferID, from: sent, to: received), replayed: true)
            }
            let sent = try Self.apply(
                operation.change,
                to: try await store.balance(userID: sender, currency: operation.currency, in: db),
                allowNegative: allowNegative
            )
            let received = try Self.apply(
                -operation.change,
                to: try await store.balance(userID: receiver, currency: operation.currency, in: db),
                allowNegative: allowNegative
            )
            let transferID = SecureRandom.identifier()
            let out = operation.entry(balanceAfter: sent, transferID: transferID, at: now)
            let into = operation.receivingEntry(sender: sender, balanceAfter: received, transferID: transferID, at: now)
            try await store.append(out, userID: sender, sequence: senderSequence, requestHash: hash, in: db)
            try await store.append(into, userID: receiver, sequence: receiverSequence, requestHash: nil, in: db)
            return Written(value: WalletTransfer(transferId: transferID, from: out, to: into), replayed: false)
        }
    }

    /// The user's balances: every currency of the app, then any other the wallet still holds.
    func balances(userID: String, app: App) async throws -> WalletBalances {
        try await requireUser(userID, app: app)
        return WalletBalances(userId: userID, balances: try await store.balances(userID: userID, currencies: app.settings.wallet.walletCurrencies))
    }

    /// A page of the user's ledger, newest first: `limit` entries (1 to ``maximumPage``) older than
    /// `cursor`'s, of one currency when given. Entries written meanwhile sort before the first
    /// page, so paging on never repeats or skips one.
    func ledger(userID: String, app: App, currency: String?, cursor: String?, limit: Int?) async throws -> WalletLedgerPage {
        var problems: [FieldError] = []
        var before: Int64?
        if let cursor {
            before = LedgerCursor.sequence(in: cursor)
            if before == nil { problems.append(FieldError(field: "cursor", code: .invalidField)) }
        }
        if let currency, !WalletOperation.isCurrencyName(currency) { problems.append(FieldError(field: "currency", code: .invalidField)) }
        let size = limit ?? Self.defaultPage
        if !(1...Self.maximumPage).contains(size) { problems.append(FieldError(field: "limit", code: .invalidField)) }
        guard problems.isEmpty else { throw APIError.validation(problems) }
        try await requireUser(userID, app: app)
        let rows = try await store.ledger(userID: userID, currency: currency, before: before, limit: size + 1)
        let page = rows.prefix(size)
        let next = rows.count > size ? page.last.map { LedgerCursor.encode($0.sequence) } : nil
        return WalletLedgerPage(entries: page.map { $0.entry }, nextCursor: next)
    }

    /// `balance` after `change`, refused when it leaves Int64's range or, for a debit, goes below
    /// zero where the app does not allow that.
    static func apply(_ change: Int64, to balance: Int64, allowNegative: Bool) throws -> Int64 {
        let (after, overflow) = balance.addingReportingOverflow(change)
        guard !overflow else { throw APIError(.unprocessableContent, .balanceOutOfRange) }
        guard after >= 0 || change > 0 || allowNegative else { throw APIError(.conflict, .insufficientFunds) }
        return after
    }

    /// The original entry of a replayed key, or `idempotency_key_reused` when the request differs.
    private static func replay(_ original: (WalletEntry, requestHash: String), hash: String) throws -> WalletEntry {
        guard original.requestHash == hash else { throw APIError(.conflict, .idempotencyKeyReused) }
        return original.0
    }

    /// Locks the user's wallet and takes its next entry number; 404 for a user not in the app.
    private static func claim(_ userID: String, app: App, store: WalletStore, in db: any SQLDatabase) async throws -> Int64 {
        guard let sequence = try await store.claimSequence(userID: userID, appID: app.id, in: db) else {
            throw APIError(.notFound, .notFound)
        }
        return sequence
    }

    private func requireUser(_ userID: String, app: App) async throws {
        guard try await userCache.account(id: userID, appID: app.id) != nil else { throw APIError(.notFound, .notFound) }
    }
}
