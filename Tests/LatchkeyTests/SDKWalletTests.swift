import Foundation
import Latchkey
import LatchkeyServer
import LatchkeyTestSupport
import LatchkeyWire
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `latchkey.wallet` against a live server: the app's server awards (a confidential client, as a
/// game backend would), the user reads balances and the ledger and spends, with typed errors.
@Suite struct SDKWalletTests {
    @Test func theUserReadsTheWalletAndSpendsWithTypedErrors() async throws {
        try await serving(try await LiveServer.start { $0.wallet.walletSelfSpend = true }) { server in
            let sdk = server.client()
            let user = try await sdk.auth.signUp(username: "spender", password: "correct horse battery")
            #expect(try await sdk.wallet.balances().balance(of: "kredits") == 0)
            try await server.award(50, to: user.id, key: "welcome")

            let entry = try await sdk.wallet.spend(
                20,
                reason: "hat",
                metadata: ["item": .string("hat"), "size": .integer(3)],
                idempotencyKey: "buy-hat"
            )
            #expect(entry.amount == -20 && entry.balanceAfter == 30 && entry.kind == .spend && entry.actor == "user:\(user.id)")
            #expect(entry.metadata == ["item": .string("hat"), "size": .integer(3)])
            // A retry with the same key returns the same entry; nothing is spent twice.
            let retried = try await sdk.wallet.spend(
                20,
                reason: "hat",
                metadata: ["item": .string("hat"), "size": .integer(3)],
                idempotencyKey: "buy-hat"
            )
            #expect(retried == entry)
            await #expect(throws: LatchkeyError.idempotencyKeyReused) { try await sdk.wallet.spend(21, idempotencyKey: "buy-hat") }
            await #expect(throws: LatchkeyError.insufficientFunds) { try await sdk.wallet.spend(31) }
            await #expect(throws: LatchkeyError.unknownCurrency) { try await sdk.wallet.spend(1, currency: "gold") }
            await #expect(throws: LatchkeyError.walletOperationDisabled) { try await sdk.wallet.transfer(1, to: user.id) }
            #expect(try await sdk.wallet.balances().balance(of: "kredits") == 30)

            let first = try await sdk.wallet.ledger(limit: 1)
            #expect(first.entries.map(\.id) == [entry.id])
            let cursor = try #require(first.nextCursor)
            let rest = try await sdk.wallet.ledger(limit: 1, cursor: cursor)
            #expect(rest.entries.map(\.idempotencyKey) == ["welcome"] && rest.nextCursor == nil)
            #expect(try await sdk.wallet.ledger(currency: "kredits").entries.count == 2)
        }
    }

    @Test func completionHandlersRunOnTheMainQueue() async throws {
        try await serving(try await LiveServer.start()) { server in
            let sdk = server.client()
            let user = try await sdk.auth.signUp(username: "caller", password: "correct horse battery")
            try await server.award(5, to: user.id, key: "k")
            let balances = await completion { sdk.wallet.balances(completion: $0) }
            #expect((try? balances.value.get())?.balance(of: "kredits") == 5)
            #expect(balances.onMain)
            let refused = await completion { sdk.wallet.spend(1, completion: $0) }
            #expect(throws: LatchkeyError.walletOperationDisabled) { try refused.value.get() }
            #expect(refused.onMain)
        }
    }
}
