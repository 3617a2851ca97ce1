import Foundation
import HTTPTypes
import Testing

@testable import LatchkeyServer

/// The console's leaderboard pages and a user's wallet over HTTP: an app's boards, a board's
/// ranked entries a page at a time and by period, an admin removing an entry (audited) where a
/// viewer only looks, and a user's balances and ledger a page at a time.
@Suite struct ConsoleBoardsPagesTests {
    typealias Browser = ConsolePagesTests.Browser

    /// The user links of a board page's entries, in rank order: `(rank, name)`.
    static func ranked(_ page: TestResponse) -> [(rank: Int, name: String)] {
        page.text.matches(of: /<tr><td class="numeric">(\d+)<\/td><th scope="row"><a href="\/console\/apps\/[^"]+\/users\/[^"]+">([^<]+)<\/a>/).map {
            (Int($0.1) ?? 0, String($0.2))
        }
    }

    @Test(arguments: TestStore.enabled) func boardsListAndABoardsEntriesPageByPage(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let viewer = try await harness.makeOperator("vera", role: .viewer)
        try await harness.run { client in
            var vera = Browser()
            try await vera.signIn(client, harness, viewer)
            let list = "/console/apps/\(harness.app.id)/leaderboards"
            let empty = try await vera.get(client, list)
            #expect(empty.status == .ok && empty.text.contains(#"id="no-boards""#), "\(empty.text)")
            #expect(try await vera.get(client, "/console/apps/\(harness.app.id)").text.contains(#"href="\#(list)""#))

            let board = try await LeaderboardTests.Board.make(client, harness)
            try await board.define("stars", ["sortOrder": "asc", "operator": "increment", "resetSchedule": "weekly"])
            try await board.define("top", ["maxScore": 1_000])
            _ = try await harness.backend.seedUsers(app: harness.app, total: 52, prefix: "p", passwordHash: "unused", by: .commandLine())
            let users = try await harness.backend.users.list(appID: harness.app.id, limit: 100)
            #expect(users.count == 52)
            for (index, user) in users.enumerated() { _ = try await board.serverSubmit("top", user.id, ["score": index * 10]) }

            let boards = try await vera.get(client, list)
            #expect(boards.status == .ok && !boards.text.contains("no-boards"))
            let rows = boards.text.matches(of: /<a href="\/console\/apps\/[^"]+\/leaderboards\/([a-z]+)">/).map { String($0.1) }
            #expect(rows == ["stars", "top"], "\(boards.text)")
            #expect(boards.text.contains("Lowest first") && boards.text.contains("Add up") && boards.text.contains("<code>weekly</code>"))
            #expect(boards.text.contains(#"<td class="numeric">52</td>"#) && boards.text.contains(#"<td class="numeric">0</td>"#))

            // The first page: ranks 1–50, highest first, each user linked to their page.
            let first = try await vera.get(client, "\(list)/top")
            #expect(first.status == .ok && first.text.contains(#"<span id="entry-total">52</span>"#))
            // The board's own settings, not the signed-in operator the navigation names.
            #expect(first.text.contains(#"<dd id="on-new-score">Keep the best</dd>"#), "\(first.text)")
            let firstRanks = Self.ranked(first)
            #expect(firstRanks.map(\.rank) == Array(1...50), "\(first.text)")
            #expect(firstRanks.first?.name == users[51].username && firstRanks.last?.name == users[2].username)
            #expect(first.text.contains("/console/apps/\(harness.app.id)/users/\(users[51].id)"))
            #expect(!first.text.contains("previous-entries") && !first.text.contains("period-form"))
            // A viewer sees no button that changes anything.
            #expect(!first.text.contains("/remove"))
            #expect(first.text.contains(#"href="\#(list)/top?page=2" id="next-entries""#))
            let second = try await vera.get(client, "\(list)/top?page=2")
            #expect(Self.ranked(second).map(\.rank) == [51, 52] && Self.ranked(second).last?.name == users[0].username)
            #expect(second.text.contains(#"href="\#(list)/top?page=1" id="previous-entries""#) && !second.text.contains("next-entries"))
            let beyond = try await vera.get(client, "\(list)/top?page=3")
            #expect(beyond.status == .ok && beyond.text.contains(#"id="no-entries""#))
            for bad in ["page=0", "page=x", "period=2020-01-01T00:00:00Z"] {
                #expect(try await vera.get(client, "\(list)/top?\(bad)").status == .unprocessableContent, "\(bad)")
            }
            #expect(try await vera.get(client, "\(list)/nothing").status == .notFound)
            #expect(try await vera.get(client, "/console/apps/none/leaderboards").status == .notFound)

            // Each read of a board's entries is audited.
            let audit = try await harness.backend.admin.auditLog(by: .commandLine())
            #expect(audit.filter { $0.action == "leaderboard.read" && $0.target == "\(harness.app.id) top" }.count == 3)

            // Signed out, every board page sends the browser to sign in.
            for path in [list, "\(list)/top"] {
                let away = try await client.send(.get, path)
                #expect(away.status == .seeOther && away.headers[.location] == "/console/sign-in", "\(path)")
            }
        }
    }

    /// A board that resets shows its current period and offers the earlier ones with entries;
    /// an admin removes an entry from the period shown, and the audit log says who did.
    @Test(arguments: TestStore.enabled) func aResettingBoardShowsEachPeriodAndAnAdminRemovesAnEntry(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let admin = try await harness.makeOperator("adam", role: .admin)
        let viewer = try await harness.makeOperator("vera", role: .viewer)
        try await harness.run { client in
            let board = try await LeaderboardTests.Board.make(client, harness)
            let users = try await board.users(["amy", "ben"])
            try await board.define("daily", ["resetSchedule": "daily"])
            _ = try await board.serverSubmit("daily", users[0].id, ["score": 30])
            // A day later the first tokens have expired: the server's second submit uses new ones.
            harness.clock.advance(by: 86_400)
            _ = try await LeaderboardTests.Board.make(client, harness).serverSubmit("daily", users[1].id, ["score": 20])

            var adam = Browser()
            try await adam.signIn(client, harness, admin)
            let path = "/console/apps/\(harness.app.id)/leaderboards/daily"
            let today = try await adam.get(client, path)
            #expect(Self.ranked(today).map(\.name) == ["ben"], "\(today.text)")
            let choices = today.text.matches(of: /<option value="([^"]+)"( selected)?>/).map { (String($0.1), $0.2 != nil) }
            #expect(choices.map(\.0) == ["2027-01-16T00:00:00Z", "2027-01-15T00:00:00Z"] && choices.first?.1 == true, "\(choices)")
            let yesterday = try await adam.get(client, "\(path)?period=2027-01-15T00:00:00Z")
            #expect(Self.ranked(yesterday).map(\.name) == ["amy"])
            #expect(yesterday.text.contains(#"<option value="2027-01-15T00:00:00Z" selected>"#))

            // The remove form names the period shown; the entry leaves that period only.
            #expect(yesterday.text.contains(#"<input type="hidden" name="period" value="2027-01-15T00:00:00Z">"#))
            let removed = try await adam.post(client, "\(path)/remove", ["user": users[0].id, "period": "2027-01-15T00:00:00Z"])
            #expect(removed.status == .seeOther && removed.headers[.location] == "\(path)?period=2027-01-15T00%3A00%3A00Z")
            let after = try await adam.get(client, "\(path)?period=2027-01-15T00:00:00Z")
            #expect(after.text.contains(#"id="no-entries""#) && Self.ranked(after).isEmpty)
            #expect(Self.ranked(try await adam.get(client, path)).map(\.name) == ["ben"])
            let again = try await adam.post(client, "\(path)/remove", ["user": users[0].id, "period": "2027-01-15T00:00:00Z"])
            #expect(again.status == .notFound)
            let entries = try await harness.backend.admin.auditLog(by: .commandLine())
            let removal = try #require(entries.first { $0.action == "leaderboard.score.remove" })
            #expect(removal.actor == "adam" && removal.target == "\(harness.app.id) daily \(users[0].id)", "\(removal)")

            // A viewer's post is refused and removes nothing; so is an admin's without the form's token.
            var vera = Browser()
            try await vera.signIn(client, harness, viewer)
            _ = try await vera.get(client, path)
            #expect(try await vera.post(client, "\(path)/remove", ["user": users[1].id, "period": ""]).status == .forbidden)
            #expect(try await adam.post(client, "\(path)/remove", ["user": users[1].id, "period": ""], withToken: false).status == .forbidden)
            #expect(Self.ranked(try await adam.get(client, path)).map(\.name) == ["ben"])
        }
    }

    /// The user page shows every balance and the ledger newest first, 25 entries a page, and the
    /// user's board entries linked to their boards; a user with no transactions says so.
    @Test(arguments: TestStore.enabled) func theUserPageShowsTheWalletAndItsLedgerPageByPage(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.wallet.walletCurrencies = ["kredits", "gems"] }
        let viewer = try await harness.makeOperator("vera", role: .viewer)
        try await harness.run { client in
            let board = try await LeaderboardTests.Board.make(client, harness)
            let users = try await board.users(["kim", "lee"])
            try await board.define("top", [:])
            _ = try await board.serverSubmit("top", users[0].id, ["score": 77])
            let wallet = try await harness.clientToken(client, scope: "wallet:write")
            for index in 1...30 {
                let body: [String: any Sendable] = [
                    "currency": "kredits", "amount": index, "reason": "quest \(index)", "idempotencyKey": "k\(index)",
                ]
                let posted = try await client.send(.post, "/v1/wallet/users/\(users[0].id)/transactions", json: body, token: wallet)
                #expect(posted.status.code < 300, "\(posted.text)")
            }

            var vera = Browser()
            try await vera.signIn(client, harness, viewer)
            let path = "/console/apps/\(harness.app.id)/users/\(users[0].id)"
            let page = try await vera.get(client, path)
            #expect(page.status == .ok)
            #expect(page.text.contains(#"<tr><th scope="row">kredits</th><td class="numeric">465</td></tr>"#), "\(page.text)")
            #expect(page.text.contains(#"<tr><th scope="row">gems</th><td class="numeric">0</td></tr>"#))
            let reasons = page.text.matches(of: /<td>quest (\d+)<\/td>/).map { Int($0.1) ?? 0 }
            #expect(reasons == Array((6...30).reversed()), "\(reasons)")
            #expect(page.text.contains("<td class=\"numeric\">+30</td>") && page.text.contains("Award"))
            // An award has no other user: its row links nobody.
            #expect(!page.text.contains("/users/\"></a>") && !page.text.contains("<br><a"), "\(page.text)")
            #expect(!page.text.contains("newest-ledger"))
            let older = try #require(page.text.firstMatch(of: /href="([^"]+)" id="older-ledger"/).map { String($0.1) })
            #expect(older.hasPrefix("\(path)?before=") && older.hasSuffix("#wallet"))
            let second = try await vera.get(client, String(older.prefix { $0 != "#" }))
            #expect(second.text.matches(of: /<td>quest (\d+)<\/td>/).map { Int($0.1) ?? 0 } == [5, 4, 3, 2, 1])
            #expect(second.text.contains(#"id="newest-ledger""#) && !second.text.contains("older-ledger"))
            #expect(page.text.contains(#"href="/console/apps/\#(harness.app.id)/leaderboards/top?period=1970-01-01T00:00:00Z">top</a>"#))
            #expect(page.text.contains(#"<td class="numeric">77</td>"#))
            for bad in ["0", "-1", "x"] {
                #expect(try await vera.get(client, "\(path)?before=\(bad)").status == .unprocessableContent, "\(bad)")
            }

            vera.language = "ja"
            let empty = try await vera.get(client, "/console/apps/\(harness.app.id)/users/\(users[1].id)")
            #expect(empty.text.contains(#"id="no-transactions""#) && empty.text.contains("取引はありません。"))
            #expect(empty.text.contains(#"id="no-board-entries""#))
        }
    }
}
