public import Foundation

/// One currency's balance in a user's wallet, in minor units.
public struct WalletBalance: Codable, Sendable, Equatable {
    /// The currency, one of the app's wallet currencies (e.g. `kredits`).
    public var currency: String
    /// The balance: the sum of the currency's ledger entries.
    public var balance: Int64

    /// Creates a balance.
    public init(currency: String, balance: Int64) {
        self.currency = currency
        self.balance = balance
    }
}

/// `GET /v1/me/wallet`, `GET /v1/wallet/users/{id}`: every currency of the app (zero until the
/// first entry), and any other currency the user still holds.
public struct WalletBalances: Codable, Sendable, Equatable {
    /// The wallet's user.
    public var userId: String
    /// The balances, by currency name.
    public var balances: [WalletBalance]

    /// Creates a wallet view.
    public init(userId: String, balances: [WalletBalance]) {
        self.userId = userId
        self.balances = balances
    }

    /// The balance of `currency` (0 when the wallet has none).
    public func balance(of currency: String) -> Int64 {
        balances.first { $0.currency == currency }?.balance ?? 0
    }
}

/// What made a ledger entry.
public enum WalletEntryKind: String, Codable, Sendable, CaseIterable {
    /// A credit by the app's server.
    case award
    /// A debit, by the app's server or the user.
    case spend
    /// The receiving leg of a transfer.
    case transferIn = "transfer_in"
    /// The sending leg of a transfer.
    case transferOut = "transfer_out"
}

/// One entry of a wallet's append-only ledger.
public struct WalletEntry: Codable, Sendable, Equatable {
    /// The entry id.
    public var id: String
    /// The currency.
    public var currency: String
    /// The change in minor units: positive credits, negative debits.
    public var amount: Int64
    /// The currency's balance right after this entry.
    public var balanceAfter: Int64
    /// What made the entry.
    public var kind: WalletEntryKind
    /// Why, as the caller put it.
    public var reason: String?
    /// The caller's JSON object (at most 1,024 bytes).
    public var metadata: [String: JSONValue]?
    /// The idempotency key the request carried (absent on a transfer's receiving leg).
    public var idempotencyKey: String?
    /// Who made it: `client:<client id>` for the app's server, `user:<user id>` for a user
    /// (`user:deleted` on a transfer leg once the sending user was deleted).
    public var actor: String
    /// The other user of a transfer (absent once that user was deleted).
    public var counterparty: String?
    /// The transfer both legs belong to.
    public var transferId: String?
    /// When it was written.
    public var createdAt: Date

    /// Creates an entry.
    public init(
        id: String,
        currency: String,
        amount: Int64,
        balanceAfter: Int64,
        kind: WalletEntryKind,
        reason: String? = nil,
        metadata: [String: JSONValue]? = nil,
        idempotencyKey: String? = nil,
        actor: String,
        counterparty: String? = nil,
        transferId: String? = nil,
        createdAt: Date
    ) {
        self.id = id
        self.currency = currency
        self.amount = amount
        self.balanceAfter = balanceAfter
        self.kind = kind
        self.reason = reason
        self.metadata = metadata
        self.idempotencyKey = idempotencyKey
        self.actor = actor
        self.counterparty = counterparty
        self.transferId = transferId
        self.createdAt = createdAt
    }
}

/// A page of a wallet's ledger, newest first.
public struct WalletLedgerPage: Codable, Sendable, Equatable {
    /// The entries, newest first.
    public var entries: [WalletEntry]
    /// The opaque cursor of the next (older) page; absent on the last page.
    public var nextCursor: String?

    /// Creates a page.
    public init(entries: [WalletEntry], nextCursor: String? = nil) {
        self.entries = entries
        self.nextCursor = nextCursor
    }
}

/// `POST /v1/wallet/users/{id}/transactions` (the app's server: a positive `amount` awards, a
/// negative one spends) and `POST /v1/me/wallet/spend` (the user: `amount` is what to spend, > 0).
///
/// The idempotency key makes retries safe: the same key with the same request on the same wallet
/// answers the entry the first one wrote; with a different request, `idempotency_key_reused`.
public struct WalletTransactionRequest: StrictRequest, Equatable {
    public static let acceptedFields: Set<String> = ["currency", "amount", "reason", "metadata", "idempotencyKey"]
    /// The currency.
    public var currency: String
    /// The amount in minor units.
    public var amount: Int64
    /// Why (at most 200 characters).
    public var reason: String?
    /// A JSON object for the app (at most 1,024 bytes).
    public var metadata: [String: JSONValue]?
    /// 1 to 128 printable ASCII characters, unique per wallet (user) for each distinct operation.
    public var idempotencyKey: String

    /// Creates a transaction request.
    public init(currency: String, amount: Int64, reason: String? = nil, metadata: [String: JSONValue]? = nil, idempotencyKey: String) {
        self.currency = currency
        self.amount = amount
        self.reason = reason
        self.metadata = metadata
        self.idempotencyKey = idempotencyKey
    }
}

/// `POST /v1/wallet/transfers` (the app's server, naming `from`) and `POST /v1/me/wallet/transfers`
/// (the user, from their own wallet, without `from`): moves `amount` (> 0) atomically — both
/// entries or neither. The idempotency key belongs to the sender's wallet.
public struct WalletTransferRequest: StrictRequest, Equatable {
    public static let acceptedFields: Set<String> = ["from", "to", "currency", "amount", "reason", "metadata", "idempotencyKey"]
    /// The sending user (the app's server only).
    public var from: String?
    /// The receiving user.
    public var to: String
    /// The currency.
    public var currency: String
    /// The amount in minor units, > 0.
    public var amount: Int64
    /// Why (at most 200 characters).
    public var reason: String?
    /// A JSON object for the app (at most 1,024 bytes).
    public var metadata: [String: JSONValue]?
    /// 1 to 128 printable ASCII characters, unique per sender for each distinct operation.
    public var idempotencyKey: String

    /// Creates a transfer request.
    public init(
        from: String? = nil,
        to: String,
        currency: String,
        amount: Int64,
        reason: String? = nil,
        metadata: [String: JSONValue]? = nil,
        idempotencyKey: String
    ) {
        self.from = from
        self.to = to
        self.currency = currency
        self.amount = amount
        self.reason = reason
        self.metadata = metadata
        self.idempotencyKey = idempotencyKey
    }
}

/// A transfer's two legs.
public struct WalletTransfer: Codable, Sendable, Equatable {
    /// The id both legs carry.
    public var transferId: String
    /// The sender's entry (negative amount).
    public var from: WalletEntry
    /// The receiver's entry (positive amount); absent when replaying a transfer whose receiver
    /// has since been deleted.
    public var to: WalletEntry?

    /// Creates a transfer view.
    public init(transferId: String, from: WalletEntry, to: WalletEntry?) {
        self.transferId = transferId
        self.from = from
        self.to = to
    }
}
