public import LatchkeyWire

extension LatchkeyBackend {
    /// A user's balances, for operators (`latchkey wallet show`; viewers, audited as `wallet.read`);
    /// the API reads through the same service.
    public func walletBalances(userID: String, app: App, by actor: AdminActor) async throws -> WalletBalances {
        try await operatorRead(userID, app: app, by: actor) { try await WalletService(backend: self).balances(userID: userID, app: app) }
    }

    /// A page of a user's ledger, newest first, for operators (`latchkey wallet ledger`; viewers,
    /// audited as `wallet.read`).
    public func walletLedger(
        userID: String,
        app: App,
        currency: String?,
        cursor: String?,
        limit: Int?,
        by actor: AdminActor
    ) async throws -> WalletLedgerPage {
        try await operatorRead(userID, app: app, by: actor) {
            try await WalletService(backend: self).ledger(userID: userID, app: app, currency: currency, cursor: cursor, limit: limit)
        }
    }

    /// Runs a read of a user's wallet and audits it, turning the API's answers into errors an
    /// operator reads.
    private func operatorRead<T>(_ userID: String, app: App, by actor: AdminActor, _ read: () async throws -> T) async throws -> T {
        try actor.require(.viewer)
        do {
            let value = try await read()
            try await admin.audit.record("wallet.read", target: userID, appID: app.id, by: actor)
            return value
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
