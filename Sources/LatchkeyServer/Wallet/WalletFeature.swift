import HTTPTypes
import Hummingbird
import LatchkeyWire

/// Kredits: per-user wallets with one balance per app currency and an append-only ledger.
///
/// The app's server moves balances (`/v1/wallet/*`, scope `wallet:write`; reads `wallet:read`):
/// awards, spends and atomic transfers, each made safe to retry by an idempotency key. Users read
/// their own wallet and ledger (`/v1/me/wallet*`, a pending-consent child too) and, where the app
/// allows, spend or transfer themselves — never with a restricted token: a child awaiting
/// parental consent may not spend, since the parent has not agreed to the app yet.
struct WalletFeature: Feature {
    static let id = "wallet"
    let wallet: WalletService
    let requests: RequestReader

    init(backend: LatchkeyBackend) {
        wallet = WalletService(backend: backend)
        requests = backend.requests
    }

    static let clientScopes: [ClientScope] = [
        ClientScope(.walletRead, allows: "Read users' wallets and ledgers."),
        ClientScope(.walletWrite, allows: "Award, spend and transfer on users' wallets."),
    ]

    static let module: ModuleDeclaration? = ModuleDeclaration(title: "Wallet balances and ledger", access: .user(.profile))

    func routes(into table: inout RouteTable) {
        table.json(.get, "/v1/me/wallet", operation: "getMyWallet", access: .user(.profile)) { _, context in
            let user = try context.user
            return try await wallet.balances(userID: user.userID, app: user.app)
        }

        table.json(.get, "/v1/me/wallet/ledger", operation: "getMyWalletLedger", access: .user(.profile)) { request, context in
            let user = try context.user
            return try await ledger(of: user.userID, app: user.app, request: request)
        }

        table.on(.post, "/v1/me/wallet/spend", operation: "spendFromMyWallet", access: .user(.public)) { request, context in
            let user = try context.user
            guard user.app.settings.wallet.walletSelfSpend else { throw APIError(.forbidden, .walletOperationDisabled) }
            let body = try await requests.body(WalletTransactionRequest.self, of: request).value
            let operation = try WalletOperation.spend(body, actor: "user:\(user.userID)", settings: user.app.settings)
            return try Self.response(try await wallet.post(operation, userID: user.userID, app: user.app))
        }

        table.on(.post, "/v1/me/wallet/transfers", operation: "transferFromMyWallet", access: .user(.public)) { request, context in
            let user = try context.user
            guard user.app.settings.wallet.walletUserTransfers else { throw APIError(.forbidden, .walletOperationDisabled) }
            let body = try await requests.body(WalletTransferRequest.self, of: request).value
            guard body.from == nil else {
                throw APIError(.badRequest, .unknownField, fields: [FieldError(field: "from", code: .unknownField)])
            }
            let operation = try WalletOperation.transfer(body, sender: user.userID, actor: "user:\(user.userID)", settings: user.app.settings)
            return try Self.response(try await wallet.transfer(operation, sender: user.userID, app: user.app))
        }

        table.json(.get, "/v1/wallet/users/{id}", operation: "getUserWallet", access: .client(.walletRead)) { _, context in
            let app = try context.client.app
            return try await wallet.balances(userID: try context.parameters.require("id"), app: app)
        }

        table.json(.get, "/v1/wallet/users/{id}/ledger", operation: "getUserWalletLedger", access: .client(.walletRead)) { request, context in
            let app = try context.client.app
            return try await ledger(of: try context.parameters.require("id"), app: app, request: request)
        }

        table.on(.post, "/v1/wallet/users/{id}/transactions", operation: "postWalletTransaction", access: .client(.walletWrite)) {
            request,
            context in
            let app = try context.client.app
            let body = try await requests.body(WalletTransactionRequest.self, of: request).value
            let operation = try WalletOperation.transaction(body, actor: ClientPrincipal.subject(of: app), settings: app.settings)
            return try Self.response(try await wallet.post(operation, userID: try context.parameters.require("id"), app: app))
        }

        table.on(.post, "/v1/wallet/transfers", operation: "transferBetweenWallets", access: .client(.walletWrite)) { request, context in
            let app = try context.client.app
            let body = try await requests.body(WalletTransferRequest.self, of: request).value
            guard let sender = body.from, !sender.isEmpty else {
                throw APIError(.badRequest, .invalidRequest, fields: [FieldError(field: "from", code: .invalidRequest)])
            }
            let operation = try WalletOperation.transfer(body, sender: sender, actor: ClientPrincipal.subject(of: app), settings: app.settings)
            return try Self.response(try await wallet.transfer(operation, sender: sender, app: app))
        }
    }

    /// The ledger page the query asks for: `currency`, `cursor`, `limit`.
    private func ledger(of userID: String, app: App, request: Request) async throws -> WalletLedgerPage {
        let query = request.uri.queryParameters
        return try await wallet.ledger(
            userID: userID,
            app: app,
            currency: query["currency"].map(String.init),
            cursor: query["cursor"].map(String.init),
            limit: try request.integerParameter("limit")
        )
    }

    /// 201 with what a write made, or 200 with `Idempotent-Replayed: true` for a replayed key.
    private static func response(_ written: WalletService.Written<some Encodable & Sendable>) throws -> Response {
        guard written.replayed else { return try JSONResponse.make(written.value, status: .created) }
        return try JSONResponse.make(written.value, headers: [.idempotentReplayed: "true"])
    }
}

extension Scope {
    /// Read users' wallets and ledgers (server-to-server).
    static let walletRead = Scope(rawValue: "wallet:read")
    /// Award, spend and transfer (server-to-server).
    static let walletWrite = Scope(rawValue: "wallet:write")
}

extension HTTPField.Name {
    /// `Idempotent-Replayed`: the answer is the one an earlier request with the same key got.
    static let idempotentReplayed = HTTPField.Name("Idempotent-Replayed")!
}
