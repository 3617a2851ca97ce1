import Foundation
import HTTPTypes
import SQLKit
import Testing

@testable import LatchkeyServer

/// Kredits over HTTP: the app's server awards, spends and transfers with `wallet:write`; users read
/// their wallet and ledger, and spend or transfer only where the app allows; balances never drift
/// from the ledger, idempotency keys make retries safe, and concurrency never breaks either.
@Suite struct WalletTests {
    /// A user of the harness's app: id and access token.
    struct User {
        var id: String
        var access: String
    }

    private func user(_ name: String, _ client: Client) async throws -> User {
        let tokens = try await client.signUpUser(name)
        let id = try #require(try await client.send(.get, "/v1/me", token: tokens.access).string("id"))
        return User(id: id, access: tokens.access)
    }

    private func post(
        _ client: Client,
        _ token: String,
        to userID: String,
        _ amount: Int,
        key: String,
        currency: String = "kredits",
        extra: [String: any Sendable] = [:]
    ) async throws -> TestResponse {
        let body: [String: any Sendable] = ["currency": currency, "amount": amount, "idempotencyKey": key].merging(extra) { $1 }
        return try await client.send(.post, "/v1/wallet/users/\(userID)/transactions", json: body, token: token)
    }

    private func balance(_ client: Client, _ user: User, _ currency: String = "kredits") async throws -> Int64? {
        let wallet = try await client.send(.get, "/v1/me/wallet", token: user.access)
        let balances = (wallet.value("balances") as? [[String: Any]]) ?? []
        return (balances.first { $0["currency"] as? String == currency }?["balance"] as? NSNumber)?.int64Value
    }

    /// Every entry of the user's ledger, newest first, paging `size` at a time.
    private func ledger(_ client: Client, _ token: String, path: String, size: Int) async throws -> [[String: Any]] {
        var entries: [[String: Any]] = []
        var cursor: String?
        repeat {
            let query = "?limit=\(size)" + (cursor.map { "&cursor=\($0)" } ?? "")
            let page = try await client.send(.get, path + query, token: token)
            #expect(page.status == .ok)
            entries += (page.value("entries") as? [[String: Any]]) ?? []
            cursor = page.string("nextCursor")
        } while cursor != nil
        return entries
    }

    @Test(arguments: TestStore.enabled) func aServerAwardsAndSpendsAndTheLedgerRecordsEachChange(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.wallet.walletCurrencies = ["kredits", "gems"] }
        try await harness.run { client in
            let kim = try await user("kim", client)
            let token = try await harness.clientToken(client, scope: "wallet:read wallet:write")
            #expect(try await balance(client, kim) == 0)

            let award = try await post(
                client,
                token,
                to: kim.id,
                100,
                key: "signup-bonus",
                extra: ["reason": "sign-up bonus", "metadata": ["campaign": "launch", "level": 3] as [String: any Sendable]]
            )
            #expect(award.status == .created)
            #expect(award.value("amount") as? Int == 100 && award.value("balanceAfter") as? Int == 100)
            #expect(award.string("kind") == "award" && award.string("reason") == "sign-up bonus")
            #expect(award.string("metadata.campaign") == "launch" && award.value("metadata.level") as? Int == 3)
            #expect(award.string("actor") == "client:\(harness.app.clientID)" && award.string("idempotencyKey") == "signup-bonus")
            let spend = try await post(client, token, to: kim.id, -30, key: "shop-1")
            #expect(spend.status == .created && spend.string("kind") == "spend" && spend.value("balanceAfter") as? Int == 70)
            #expect(try await post(client, token, to: kim.id, 5, key: "gems-1", currency: "gems").status == .created)

            // Refused debits and bad input write nothing.
            let overdraft = try await post(client, token, to: kim.id, -71, key: "shop-2")
            #expect(overdraft.status == .conflict && overdraft.string("code") == "insufficient_funds")
            let unknown = try await post(client, token, to: kim.id, 1, key: "k1", currency: "gold")
            #expect(unknown.status == .unprocessableContent && unknown.string("code") == "unknown_currency")
            let zero = try await post(client, token, to: kim.id, 0, key: "k2")
            #expect(zero.status == .unprocessableContent && zero.fieldCodes == ["invalid_field"])
            let several = try await post(client, token, to: kim.id, 0, key: "", extra: ["reason": String(repeating: "x", count: 201)])
            #expect(several.string("code") == "validation_failed" && several.fieldCodes.count == 3)
            let bigMetadata = try await post(
                client,
                token,
                to: kim.id,
                1,
                key: "k3",
                extra: ["metadata": ["blob": String(repeating: "x", count: 1_100)]]
            )
            #expect(bigMetadata.status == .unprocessableContent)
            let tooLarge = try await client.send(
                .post,
                "/v1/wallet/users/\(kim.id)/transactions",
                raw: Data(#"{"currency":"kredits","amount":9223372036854775808,"idempotencyKey":"k4"}"#.utf8),
                token: token
            )
            #expect(tooLarge.status == .badRequest)
            let missing = try await post(client, token, to: "no-such-user", 1, key: "k5")
            #expect(missing.status == .notFound)

            // Int64's bounds: reaching the maximum is fine, passing it is a typed error.
            #expect(
                try await post(client, token, to: kim.id, Int.max - 70, key: "max").value("balanceAfter") as? NSNumber == NSNumber(value: Int64.max)
            )
            let overflow = try await post(client, token, to: kim.id, 1, key: "overflow")
            #expect(overflow.status == .unprocessableContent && overflow.string("code") == "balance_out_of_range")
            #expect(try await post(client, token, to: kim.id, Int.min, key: "min").status == .unprocessableContent)
            #expect(try await balance(client, kim) == Int64.max)

            // The user sees balances per currency and the ledger, newest first; the server reads the same.
            #expect(try await balance(client, kim, "gems") == 5)
            let mine = try await ledger(client, kim.access, path: "/v1/me/wallet/ledger", size: 2)
            #expect(mine.compactMap { $0["idempotencyKey"] as? String } == ["max", "gems-1", "shop-1", "signup-bonus"])
            let theirs = try await ledger(client, token, path: "/v1/wallet/users/\(kim.id)/ledger", size: 100)
            #expect(theirs.compactMap { $0["id"] as? String } == mine.compactMap { $0["id"] as? String })
            let gems = try await client.send(.get, "/v1/me/wallet/ledger?currency=gems", token: kim.access)
            #expect((gems.value("entries") as? [[String: Any]])?.count == 1)
            let server = try await client.send(.get, "/v1/wallet/users/\(kim.id)", token: token)
            #expect(server.status == .ok && server.string("userId") == kim.id)
            #expect(try await client.send(.get, "/v1/me/wallet/ledger?limit=0", token: kim.access).status == .unprocessableContent)
            #expect(try await client.send(.get, "/v1/me/wallet/ledger?limit=101", token: kim.access).status == .unprocessableContent)
            #expect(try await client.send(.get, "/v1/me/wallet/ledger?cursor=bogus", token: kim.access).status == .unprocessableContent)
        }
    }

    @Test(arguments: TestStore.enabled) func anIdempotencyKeyReplaysItsEntryAndRefusesAnotherRequest(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let ana = try await user("ana", client)
            let ben = try await user("ben", client)
            let token = try await harness.clientToken(client, scope: "wallet:write")
            let first = try await post(client, token, to: ana.id, 25, key: "quest-7", extra: ["reason": "quest"])
            #expect(first.status == .created && first.headers[.idempotentReplayed] == nil)
            let again = try await post(client, token, to: ana.id, 25, key: "quest-7", extra: ["reason": "quest"])
            #expect(again.status == .ok && again.headers[.idempotentReplayed] == "true")
            #expect(again.string("id") == first.string("id") && again.value("balanceAfter") as? Int == 25)
            let different = try await post(client, token, to: ana.id, 26, key: "quest-7", extra: ["reason": "quest"])
            #expect(different.status == .conflict && different.string("code") == "idempotency_key_reused")
            let otherReason = try await post(client, token, to: ana.id, 25, key: "quest-7")
            #expect(otherReason.string("code") == "idempotency_key_reused")
            // Keys are scoped per wallet: another user's wallet takes the same key as a new operation.
            #expect(try await post(client, token, to: ben.id, 25, key: "quest-7", extra: ["reason": "quest"]).status == .created)
            #expect(try await balance(client, ana) == 25)
            #expect(try await ledger(client, ana.access, path: "/v1/me/wallet/ledger", size: 10).count == 1)
        }
    }

    /// The figure of the issue: 1,000 parallel awards carrying 100 distinct keys write exactly
    /// 100 entries and the balance of 100 awards.
    @Test(arguments: TestStore.enabled) func aThousandParallelAwardsWithAHundredKeysWriteAHundredEntries(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let cai = try await user("cai", client)
            let token = try await harness.clientToken(client, scope: "wallet:write")
            // As a client does, a request the server shed (503 with Retry-After: its write queue
            // or database pool full on a loaded machine) is sent again with the same key.
            let statuses = try await Self.atOnce(1_000) { index in
                var answer = try await post(client, token, to: cai.id, 7, key: "award-\(index % 100)")
                for _ in 0..<60 where answer.status == .serviceUnavailable {
                    #expect(answer.headers[.retryAfter] != nil)
                    try await Task.sleep(for: .seconds(1))
                    answer = try await post(client, token, to: cai.id, 7, key: "award-\(index % 100)")
                }
                return answer.status
            }
            #expect(statuses.filter { $0 == .created }.count == 100)
            #expect(statuses.filter { $0 == .ok }.count == 900)
            let entries = try await ledger(client, cai.access, path: "/v1/me/wallet/ledger", size: 100)
            #expect(entries.count == 100)
            #expect(Set(entries.compactMap { $0["idempotencyKey"] as? String }).count == 100)
            #expect(try await balance(client, cai) == 700)
            // Newest first, each entry's balance the one before plus its amount.
            let after = entries.reversed().compactMap { ($0["balanceAfter"] as? NSNumber)?.int64Value }
            #expect(after == (1...100).map { Int64($0 * 7) })
        }
    }

    @Test(arguments: TestStore.enabled) func parallelSpendsNeverTakeABalanceBelowZero(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.wallet.walletSelfSpend = true }
        try await harness.run { client in
            let dee = try await user("dee", client)
            let token = try await harness.clientToken(client, scope: "wallet:write")
            #expect(try await post(client, token, to: dee.id, 100, key: "seed").status == .created)
            // Half from the app's server, half by the user, all at once: 7 × 14 = 98 fit, no more.
            let statuses = try await Self.atOnce(60) { index in
                guard index % 2 == 0 else {
                    let body: [String: any Sendable] = ["currency": "kredits", "amount": 7, "idempotencyKey": "self-\(index)"]
                    return try await client.send(.post, "/v1/me/wallet/spend", json: body, token: dee.access).status
                }
                return try await post(client, token, to: dee.id, -7, key: "spend-\(index)").status
            }
            #expect(statuses.filter { $0 == .created }.count == 14)
            #expect(statuses.filter { $0 == .conflict }.count == 46)
            #expect(try await balance(client, dee) == 2)
            let entries = try await ledger(client, dee.access, path: "/v1/me/wallet/ledger", size: 100)
            #expect(entries.count == 15 && entries.allSatisfy { (($0["balanceAfter"] as? NSNumber)?.int64Value ?? -1) >= 0 })
        }
    }

    @Test(arguments: TestStore.enabled) func anAppThatAllowsItMayTakeABalanceBelowZero(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.wallet.walletAllowNegative = true }
        try await harness.run { client in
            let max = try await user("max", client)
            let token = try await harness.clientToken(client, scope: "wallet:write")
            #expect(try await post(client, token, to: max.id, -40, key: "credit").value("balanceAfter") as? Int == -40)
            #expect(try await post(client, token, to: max.id, 50, key: "repay").value("balanceAfter") as? Int == 10)
            // Below Int64.min is out of range all the same.
            #expect(
                try await post(client, token, to: max.id, -Int.max, key: "deep").value("balanceAfter") as? NSNumber == NSNumber(value: 10 - Int64.max)
            )
            #expect(try await post(client, token, to: max.id, -12, key: "deeper").string("code") == "balance_out_of_range")
        }
    }

    @Test(arguments: TestStore.enabled) func aTransferWritesBothLegsOrNeither(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let eli = try await user("eli", client)
            let fay = try await user("fay", client)
            let token = try await harness.clientToken(client, scope: "wallet:write")
            _ = try await post(client, token, to: eli.id, 100, key: "seed")
            _ = try await post(client, token, to: fay.id, 100, key: "seed")
            @Sendable func transfer(_ from: String, _ to: String, _ amount: Int, key: String) async throws -> TestResponse {
                let body: [String: any Sendable] = ["from": from, "to": to, "currency": "kredits", "amount": amount, "idempotencyKey": key]
                return try await client.send(.post, "/v1/wallet/transfers", json: body, token: token)
            }
            let moved = try await transfer(eli.id, fay.id, 40, key: "gift-1")
            #expect(moved.status == .created)
            #expect(moved.value("from.amount") as? Int == -40 && moved.value("from.balanceAfter") as? Int == 60)
            #expect(moved.value("to.amount") as? Int == 40 && moved.value("to.balanceAfter") as? Int == 140)
            #expect(moved.string("from.transferId") == moved.string("transferId") && moved.string("to.counterparty") == eli.id)
            let replay = try await transfer(eli.id, fay.id, 40, key: "gift-1")
            #expect(replay.status == .ok && replay.string("to.id") == moved.string("to.id"))

            // Too much, an unknown receiver, or oneself: nothing moves.
            #expect(try await transfer(eli.id, fay.id, 61, key: "gift-2").string("code") == "insufficient_funds")
            #expect(try await transfer(eli.id, "nobody", 1, key: "gift-3").status == .notFound)
            #expect(try await transfer(eli.id, eli.id, 1, key: "gift-4").status == .unprocessableContent)
            #expect(try await balance(client, eli) == 60)
            #expect(try await balance(client, fay) == 140)

            // Opposite transfers at once neither deadlock nor lose a unit.
            let statuses = try await Self.atOnce(40) { index in
                index % 2 == 0
                    ? try await transfer(eli.id, fay.id, 1, key: "ping-\(index)").status
                    : try await transfer(fay.id, eli.id, 1, key: "pong-\(index)").status
            }
            #expect(statuses.allSatisfy { $0 == .created })
            #expect(try await balance(client, eli) == 60)
            #expect(try await balance(client, fay) == 140)
            #expect(try await ledger(client, eli.access, path: "/v1/me/wallet/ledger", size: 100).count == 42)

            // Users may not transfer unless the app allows it.
            let own: [String: any Sendable] = ["to": fay.id, "currency": "kredits", "amount": 1, "idempotencyKey": "mine"]
            let refused = try await client.send(.post, "/v1/me/wallet/transfers", json: own, token: eli.access)
            #expect(refused.status == .forbidden && refused.string("code") == "wallet_operation_disabled")
        }
    }

    @Test(arguments: TestStore.enabled) func usersTransferAndSpendOnlyWhereTheAppAllows(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { settings in
            settings.wallet.walletUserTransfers = true
            settings.wallet.walletSelfSpend = true
        }
        try await harness.run { client in
            let gus = try await user("gus", client)
            let hal = try await user("hal", client)
            let token = try await harness.clientToken(client, scope: "wallet:write")
            _ = try await post(client, token, to: gus.id, 10, key: "seed")
            let own: [String: any Sendable] = ["to": hal.id, "currency": "kredits", "amount": 4, "idempotencyKey": "t1"]
            let moved = try await client.send(.post, "/v1/me/wallet/transfers", json: own, token: gus.access)
            #expect(moved.status == .created && moved.string("from.actor") == "user:\(gus.id)")
            let naming = own.merging(["from": hal.id, "idempotencyKey": "t2"]) { $1 }
            #expect(try await client.send(.post, "/v1/me/wallet/transfers", json: naming, token: gus.access).string("code") == "unknown_field")
            let spend: [String: any Sendable] = ["currency": "kredits", "amount": 7, "idempotencyKey": "s1"]
            #expect(try await client.send(.post, "/v1/me/wallet/spend", json: spend, token: gus.access).string("code") == "insufficient_funds")
            let negative = spend.merging(["amount": -1]) { $1 }
            #expect(try await client.send(.post, "/v1/me/wallet/spend", json: negative, token: gus.access).status == .unprocessableContent)
            #expect(try await balance(client, gus) == 6)
            #expect(try await balance(client, hal) == 4)

            // A child awaiting parental consent (a token without `public`) reads the wallet but may not spend.
            let kid = try await client.signUpChild("kiddo").access
            let kidID = try #require(try await client.send(.get, "/v1/me", token: kid).string("id"))
            #expect(try await post(client, token, to: kidID, 3, key: "pocket-money").status == .created)
            let kidWallet = try await client.send(.get, "/v1/me/wallet", token: kid)
            #expect(kidWallet.status == .ok && (kidWallet.value("balances") as? [[String: Any]])?.first?["balance"] as? Int == 3)
            #expect(try await client.send(.get, "/v1/me/wallet/ledger", token: kid).status == .ok)
            let blocked = try await client.send(.post, "/v1/me/wallet/spend", json: spend.merging(["amount": 1]) { $1 }, token: kid)
            #expect(blocked.status == .forbidden && blocked.headers[.wwwAuthenticate]?.contains("insufficient_scope") == true)
            let gift: [String: any Sendable] = ["to": gus.id, "currency": "kredits", "amount": 1, "idempotencyKey": "gift"]
            #expect(try await client.send(.post, "/v1/me/wallet/transfers", json: gift, token: kid).status == .forbidden)
            #expect(try await balance(client, gus) == 6)
        }
    }

    @Test(arguments: TestStore.enabled) func walletRoutesOfTheServerNeedTheirScopes(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let other = try await harness.makeApp(name: "Other")
        try await harness.run { client in
            let ivy = try await user("ivy", client)
            let reader = try await harness.clientToken(client, scope: "wallet:read")
            let writer = try await harness.clientToken(client, scope: "wallet:write")
            let admin = try await harness.clientToken(client, scope: "users:read users:write")
            // A user's token on a server route, a token without wallet:write, and no token are refused.
            let byUser = try await post(client, ivy.access, to: ivy.id, 1_000, key: "self-award")
            #expect(byUser.status == .forbidden && byUser.headers[.wwwAuthenticate]?.contains("insufficient_scope") == true)
            #expect(try await post(client, reader, to: ivy.id, 1, key: "a").status == .forbidden)
            #expect(try await post(client, admin, to: ivy.id, 1, key: "a").status == .forbidden)
            #expect(try await client.send(.post, "/v1/wallet/users/\(ivy.id)/transactions", json: ["amount": 1]).status == .unauthorized)
            #expect(try await client.send(.get, "/v1/wallet/users/\(ivy.id)", token: ivy.access).status == .forbidden)
            #expect(try await client.send(.get, "/v1/wallet/users/\(ivy.id)", token: writer).status == .forbidden)
            #expect(try await client.send(.get, "/v1/wallet/users/\(ivy.id)/ledger", token: admin).status == .forbidden)
            #expect(try await client.send(.get, "/v1/wallet/users/\(ivy.id)", token: reader).status == .ok)
            #expect(try await post(client, writer, to: ivy.id, 1, key: "a").status == .created)
            // Another app's client reaches none of this app's wallets.
            let foreign = try #require(
                try await client.send(
                    .post,
                    "/oauth/token",
                    form: ["grant_type": "client_credentials", "client_id": other.app.clientID, "client_secret": other.clientSecret]
                ).string("access_token")
            )
            #expect(try await post(client, foreign, to: ivy.id, 1, key: "b").status == .notFound)
            #expect(try await client.send(.get, "/v1/wallet/users/\(ivy.id)/ledger", token: foreign).status == .notFound)
            #expect(try await balance(client, ivy) == 1)
        }
    }

    /// A deleted user's wallet goes with them, and other wallets' transfer legs stop naming them.
    @Test(arguments: TestStore.enabled) func aDeletedUsersWalletGoesWithThem(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.wallet.walletUserTransfers = true }
        try await harness.run { client in
            let jo = try await user("joy", client)
            let kai = try await user("kai", client)
            let token = try await harness.clientToken(client, scope: "wallet:write")
            _ = try await post(client, token, to: jo.id, 10, key: "seed")
            let own: [String: any Sendable] = ["to": kai.id, "currency": "kredits", "amount": 3, "idempotencyKey": "t"]
            #expect(try await client.send(.post, "/v1/me/wallet/transfers", json: own, token: jo.access).status == .created)
            let export = try await client.send(.get, "/v1/me/export", token: jo.access)
            #expect((export.value("wallet.ledger") as? [[String: Any]])?.count == 2)
            #expect((export.value("wallet.balances") as? [[String: Any]])?.first?["balance"] as? Int == 7)
            #expect(try await client.send(.delete, "/v1/me", token: jo.access).status == .noContent)
            let rows = try await harness.backend.driver.read { db in
                try await db.raw(
                    """
                    SELECT (SELECT COUNT(*) FROM wallet_ledger WHERE user_id = \(bind: jo.id) OR counterparty = \(bind: jo.id)
                        OR actor = \(bind: "user:" + jo.id))
                        + (SELECT COUNT(*) FROM wallet_balances WHERE user_id = \(bind: jo.id))
                        + (SELECT COUNT(*) FROM wallet_accounts WHERE user_id = \(bind: jo.id)) AS n
                    """
                ).first()?.decode(column: "n", as: Int.self)
            }
            #expect(rows == 0)
            let kept = try await ledger(client, kai.access, path: "/v1/me/wallet/ledger", size: 10)
            #expect(kept.count == 1 && kept.first?["actor"] as? String == "user:deleted" && kept.first?["counterparty"] == nil)
            #expect(try await balance(client, kai) == 3)
        }
    }

    /// `latchkey wallet show|ledger` reads what the API wrote, through the same service.
    @Test(arguments: TestStore.enabled) func theCLIShowsBalancesAndTheLedger(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let location = harness.databaseURL.map { ["--database", $0] } ?? ["--data-dir", harness.directory.path]
        try await harness.run { client in
            let liv = try await user("liv", client)
            let token = try await harness.clientToken(client, scope: "wallet:write")
            for index in 0..<3 { _ = try await post(client, token, to: liv.id, index + 1, key: "k\(index)", extra: ["reason": "r\(index)"]) }
            let wallet = ["--app", harness.app.clientID, "--user", liv.id] + location
            let shown = try #require(try await LatchkeyBinary.json(["wallet", "show"] + wallet) as? [String: Any])
            #expect((shown["balances"] as? [[String: Any]])?.first?["balance"] as? Int == 6)
            let page = try #require(try await LatchkeyBinary.json(["wallet", "ledger", "--limit", "2"] + wallet) as? [String: Any])
            #expect((page["entries"] as? [[String: Any]])?.compactMap { $0["reason"] as? String } == ["r2", "r1"])
            let cursor = try #require(page["nextCursor"] as? String)
            let rest = try #require(try await LatchkeyBinary.json(["wallet", "ledger", "--cursor", cursor] + wallet) as? [String: Any])
            #expect((rest["entries"] as? [[String: Any]])?.compactMap { $0["reason"] as? String } == ["r0"] && rest["nextCursor"] == nil)
            let text = try await LatchkeyBinary.run(["wallet", "show"] + wallet)
            #expect(text.status == 0 && text.stdout.contains("kredits  6"))
            let unknown = try await LatchkeyBinary.run(["wallet", "show", "--app", harness.app.clientID, "--user", "nobody"] + location)
            #expect(unknown.status != 0 && unknown.stderr.contains("nobody"))
        }
    }

    /// Sends `count` requests at once (`request(index)` each); their statuses.
    private static func atOnce(
        _ count: Int,
        _ request: @escaping @Sendable (Int) async throws -> HTTPResponse.Status
    ) async throws -> [HTTPResponse.Status] {
        try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
            for index in 0..<count { group.addTask { try await request(index) } }
            return try await group.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
        }
    }
}
