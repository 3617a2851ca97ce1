public import LatchkeyWire

extension LatchkeyBackend {
    /// A user's balances, for operators (`latchkey wallet show`); the API reads through the same service.
    public func walletBalances(userID: String, app: App) async throws -> WalletBalances {
        try await operatorRead(userID) { try await WalletService(backend: self).balances(userID: userID, app: app) }
    }

    /// A page of a user's ledger, newest first, for operators (`latchkey wallet ledger`).
    public func walletLedger(userID: String, app: App, currency: String?, cursor: String?, limit: Int?) async throws -> WalletLedgerPage {
        try await operatorRead(userID) {
            try await WalletService(backend: self).ledger(userID: userID, app: app, currency: currency, cursor: cursor, limit: limit)
        }
    }

    /// Runs a read, turning the API's answers into errors an operator reads.
    private func operatorRead<T>(_ userID: String, _ read: () async throws -> T) async throws -> T {
        do {
            return try await read()
        } catch let error as APIError where error.code == .notFound {
            throw UserNotFound(userID: userID)
        } catch let error as APIError {
            throw InvalidWalletQuery(fields: error.fields.map(\.field))
        }
    }

    /// A wallet query with a cursor or limit that cannot be used.
    public struct InvalidWalletQuery: Error, CustomStringConvertible {
        /// The options refused.
        public var fields: [String]
        public var description: String { "invalid \(fields.joined(separator: ", ")) (the limit is 1 to \(WalletService.maximumPage))" }
    }
}
