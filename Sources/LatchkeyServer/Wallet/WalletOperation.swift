import Foundation
import LatchkeyWire

/// One validated wallet write, as the wallet it is asked of sees it: the signed change to that
/// wallet, what kind of entry it makes, why, by whom, and the idempotency key that makes
/// retrying it safe. Built from a request by one of the factories, which check every field at once.
struct WalletOperation: Sendable {
    var kind: WalletEntryKind
    var currency: String
    /// The change to the requesting wallet (for a transfer, the sender's): positive credits.
    var change: Int64
    var reason: String?
    var metadata: [String: JSONValue]?
    var idempotencyKey: String
    /// `client:<client id>` or `user:<user id>`.
    var actor: String
    /// The receiver of a transfer.
    var counterparty: String?

    /// The longest reason accepted, in characters.
    static let maximumReasonLength = 200

    /// The app's server awarding (`amount` > 0) or spending (`amount` < 0) on a user's wallet.
    static func transaction(_ request: WalletTransactionRequest, actor: String, settings: AppSettings) throws -> WalletOperation {
        var problems = fieldProblems(request.currency, request.reason, request.metadata, request.idempotencyKey, settings: settings)
        if request.amount == 0 || request.amount == .min { problems.append(FieldError(field: "amount", code: .invalidField)) }
        try check(problems)
        return WalletOperation(
            kind: request.amount > 0 ? .award : .spend,
            currency: request.currency,
            change: request.amount,
            reason: request.reason,
            metadata: request.metadata,
            idempotencyKey: request.idempotencyKey,
            actor: actor
        )
    }

    /// A user spending `amount` (> 0) from their own wallet.
    static func spend(_ request: WalletTransactionRequest, actor: String, settings: AppSettings) throws -> WalletOperation {
        var problems = fieldProblems(request.currency, request.reason, request.metadata, request.idempotencyKey, settings: settings)
        if request.amount <= 0 { problems.append(FieldError(field: "amount", code: .invalidField)) }
        try check(problems)
        return WalletOperation(
            kind: .spend,
            currency: request.currency,
            change: -request.amount,
            reason: request.reason,
            metadata: request.metadata,
            idempotencyKey: request.idempotencyKey,
            actor: actor
        )
    }

    /// `amount` (> 0) moving from `sender`'s wallet to `request.to`'s.
    static func transfer(_ request: WalletTransferRequest, sender: String, actor: String, settings: AppSettings) throws -> WalletOperation {
        var problems = fieldProblems(request.currency, request.reason, request.metadata, request.idempotencyKey, settings: settings)
        if request.amount <= 0 { problems.append(FieldError(field: "amount", code: .invalidField)) }
        if request.to == sender || request.to.isEmpty { problems.append(FieldError(field: "to", code: .invalidField)) }
        try check(problems)
        return WalletOperation(
            kind: .transferOut,
            currency: request.currency,
            change: -request.amount,
            reason: request.reason,
            metadata: request.metadata,
            idempotencyKey: request.idempotencyKey,
            actor: actor,
            counterparty: request.to
        )
    }

    /// A digest of everything the request asked for: a replay under the same key must match it.
    func requestHash() throws -> String {
        let parts = [
            kind.rawValue, currency, String(change), reason ?? "", try metadata.map(WalletMetadata.encode) ?? "", actor,
            counterparty ?? "",
        ]
        return Digest.sha256Hex(String(decoding: try WireCoding.makeEncoder().encode(parts), as: UTF8.self))
    }

    /// The entry this operation writes in the requesting wallet.
    func entry(balanceAfter: Int64, transferID: String?, at now: Date) -> WalletEntry {
        WalletEntry(
            id: SecureRandom.identifier(),
            currency: currency,
            amount: change,
            balanceAfter: balanceAfter,
            kind: kind,
            reason: reason,
            metadata: metadata,
            idempotencyKey: idempotencyKey,
            actor: actor,
            counterparty: counterparty,
            transferId: transferID,
            createdAt: now
        )
    }

    /// A transfer's receiving leg, in `sender`'s counterparty's wallet.
    func receivingEntry(sender: String, balanceAfter: Int64, transferID: String, at now: Date) -> WalletEntry {
        WalletEntry(
            id: SecureRandom.identifier(),
            currency: currency,
            amount: -change,
            balanceAfter: balanceAfter,
            kind: .transferIn,
            reason: reason,
            metadata: metadata,
            actor: actor,
            counterparty: sender,
            transferId: transferID,
            createdAt: now
        )
    }

    /// Whether `name` can name a currency: 1 to 32 of `a-z`, `0-9` and `_`, starting with a letter.
    static func isCurrencyName(_ name: String) -> Bool {
        (1...32).contains(name.count) && name.first.map { ("a"..."z").contains($0) } == true
            && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// The problems of the members every wallet write has.
    private static func fieldProblems(
        _ currency: String,
        _ reason: String?,
        _ metadata: [String: JSONValue]?,
        _ key: String,
        settings: AppSettings
    ) -> [FieldError] {
        var problems: [FieldError] = []
        if !settings.wallet.walletCurrencies.contains(currency) { problems.append(FieldError(field: "currency", code: .unknownCurrency)) }
        if let reason, reason.count > maximumReasonLength || reason.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            problems.append(FieldError(field: "reason", code: .invalidField))
        }
        if let metadata, ((try? WalletMetadata.encode(metadata))?.utf8.count ?? .max) > WalletMetadata.maximumBytes {
            problems.append(FieldError(field: "metadata", code: .invalidField))
        }
        if !IdempotencyKey.isValid(key) {
            problems.append(FieldError(field: "idempotencyKey", code: .invalidField))
        }
        return problems
    }

    private static func check(_ problems: [FieldError]) throws {
        guard problems.isEmpty else { throw APIError.validation(problems) }
    }
}
