public import Foundation
public import LatchkeyWire

/// The signed-in user's wallet (kredits): balances per currency, the ledger, and — where the app
/// allows — spending and transfers. Reach it as `latchkey.wallet`. Awards come from the app's
/// server (a confidential client with `wallet:write`), never from the app itself.
///
/// Every write carries an idempotency key: retrying a write with the same key (after a lost
/// answer, say) returns the entry the first one made instead of spending twice. The default key
/// is fresh per call; pass your own, kept with the purchase, to make retries across launches safe.
/// A child awaiting parental consent may read the wallet, but spending and transfers throw
/// `.server(code: "insufficient_scope")` until consent is granted.
public struct WalletClient: Sendable {
    let client: Latchkey
    var transport: AuthorizedTransport { AuthorizedTransport(client: client) }

    /// The balances: every currency of the app (0 before its first entry).
    public func balances() async throws -> WalletBalances {
        try await transport.decode(WalletBalances.self, .get, "v1/me/wallet")
    }

    /// A page of the ledger, newest first: up to `limit` entries (1 to 100, default 20) older
    /// than `cursor` (the previous page's ``WalletLedgerPage/nextCursor``), of one currency when given.
    public func ledger(currency: String? = nil, limit: Int? = nil, cursor: String? = nil) async throws -> WalletLedgerPage {
        var query: [String: String] = [:]
        query["currency"] = currency
        query["limit"] = limit.map(String.init)
        query["cursor"] = cursor
        return try await transport.decode(WalletLedgerPage.self, .get, "v1/me/wallet/ledger", query: query)
    }

    /// Spends `amount` (minor units, > 0); the entry made. Throws ``LatchkeyError/insufficientFunds``
    /// when the balance is too low, ``LatchkeyError/walletOperationDisabled`` when the app does not
    /// let users spend, ``LatchkeyError/idempotencyKeyReused`` for a key used by another request.
    @discardableResult
    public func spend(
        _ amount: Int64,
        currency: String = "kredits",
        reason: String? = nil,
        metadata: [String: JSONValue]? = nil,
        idempotencyKey: String = UUID().uuidString
    ) async throws -> WalletEntry {
        let request = WalletTransactionRequest(currency: currency, amount: amount, reason: reason, metadata: metadata, idempotencyKey: idempotencyKey)
        return try await transport.decode(WalletEntry.self, .post, "v1/me/wallet/spend", body: request)
    }

    /// Sends `amount` (> 0) to another user of the app, where the app allows users to transfer:
    /// both entries are written or neither.
    @discardableResult
    public func transfer(
        _ amount: Int64,
        to userID: String,
        currency: String = "kredits",
        reason: String? = nil,
        metadata: [String: JSONValue]? = nil,
        idempotencyKey: String = UUID().uuidString
    ) async throws -> WalletTransfer {
        let request = WalletTransferRequest(
            to: userID,
            currency: currency,
            amount: amount,
            reason: reason,
            metadata: metadata,
            idempotencyKey: idempotencyKey
        )
        return try await transport.decode(WalletTransfer.self, .post, "v1/me/wallet/transfers", body: request)
    }
}

extension Latchkey {
    /// The signed-in user's wallet: balances, ledger, spends and transfers.
    public var wallet: WalletClient { WalletClient(client: self) }
}
