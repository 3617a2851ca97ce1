public import Foundation
public import LatchkeyWire

/// Completion-handler forms of the wallet calls; handlers run on the main queue.
extension WalletClient {
    /// Callback form of ``balances()``.
    public func balances(completion: @escaping @Sendable (Result<WalletBalances, LatchkeyError>) -> Void) {
        client.deliver(completion) { try await self.balances() }
    }

    /// Callback form of ``ledger(currency:limit:cursor:)``.
    public func ledger(
        currency: String? = nil,
        limit: Int? = nil,
        cursor: String? = nil,
        completion: @escaping @Sendable (Result<WalletLedgerPage, LatchkeyError>) -> Void
    ) {
        client.deliver(completion) { try await self.ledger(currency: currency, limit: limit, cursor: cursor) }
    }

    /// Callback form of ``spend(_:currency:reason:metadata:idempotencyKey:)``.
    public func spend(
        _ amount: Int64,
        currency: String = "kredits",
        reason: String? = nil,
        metadata: [String: JSONValue]? = nil,
        idempotencyKey: String = UUID().uuidString,
        completion: @escaping @Sendable (Result<WalletEntry, LatchkeyError>) -> Void
    ) {
        client.deliver(completion) {
            try await self.spend(amount, currency: currency, reason: reason, metadata: metadata, idempotencyKey: idempotencyKey)
        }
    }

    /// Callback form of ``transfer(_:to:currency:reason:metadata:idempotencyKey:)``.
    public func transfer(
        _ amount: Int64,
        to userID: String,
        currency: String = "kredits",
        reason: String? = nil,
        metadata: [String: JSONValue]? = nil,
        idempotencyKey: String = UUID().uuidString,
        completion: @escaping @Sendable (Result<WalletTransfer, LatchkeyError>) -> Void
    ) {
        client.deliver(completion) {
            try await self.transfer(
                amount,
                to: userID,
                currency: currency,
                reason: reason,
                metadata: metadata,
                idempotencyKey: idempotencyKey
            )
        }
    }
}
