import Foundation
import HTTPTypes
import LatchkeyTestSupport
import Testing

@testable import LatchkeyServer

/// Points and leaderboards through HTTP: boards defined by the app's servers, scores submitted by
/// users and servers under each operator and order, periods that reset on a schedule, reads by
/// rank, limits on users' own submits and kid-safe names.
@Suite struct LeaderboardTests {
    /// The harness clock starts at Friday 2027-01-15 08:00:00 UTC.
    static let start = "2027-01-15T08:00:00Z"

    @Test(arguments: TestStore.enabled) func boardsAreDefinedAndDeletedByConfidentialClientsWithTheScope(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let admin = try await Self.clientToken(client, harness, scope: "leaderboards:admin")
            let writer = try await Self.clientToken(client, harness, scope: "leaderboards:write")
            let user = try await client.signUpUser("gina")
            let definition: [String: Any] = ["sortOrder": "asc", "operator": "set", "resetSchedule": "daily", "allowUserSubmits": true]

            let created = try await client.send(.put, "/v1/leaderboards/race", json: definition, token: admin)
            #expect(created.status == .created)
            #expect(created.string("sortOrder") == "asc" && created.string("operator") == "set")
            #expect(created.string("currentPeriod") == "2027-01-15T00:00:00Z")
            #expect(created.value("userSubmitsPerMinute") as? Int == 60)
            // A new definition changes what it names; the members it leaves out keep their values.
            let updated = try await client.send(.put, "/v1/leaderboards/race", json: ["maxScore": 500], token: admin)
            #expect(updated.status == .ok)
            #expect(updated.string("sortOrder") == "asc" && updated.string("operator") == "set" && updated.value("maxScore") as? Int == 500)
            #expect(updated.string("resetSchedule") == "daily" && updated.value("allowUserSubmits") as? Bool == true)
            #expect(updated.string("createdAt") == created.string("createdAt"))
            let cleared = try await client.send(.put, "/v1/leaderboards/race", json: ["maxScore": NSNull(), "minScore": -5], token: admin)
            #expect(cleared.status == .ok && cleared.value("maxScore") == nil && cleared.value("minScore") as? Int == -5)
            #expect(cleared.string("sortOrder") == "asc" && cleared.string("resetSchedule") == "daily")

            // A user's token and a client without the admin scope are refused.
            #expect(try await client.send(.put, "/v1/leaderboards/other", json: definition, token: user.access).status == .forbidden)
            let wrongScope = try await client.send(.put, "/v1/leaderboards/other", json: definition, token: writer)
            #expect(wrongScope.status == .forbidden && wrongScope.headers[.wwwAuthenticate]?.contains("insufficient_scope") == true)
            #expect(try await client.send(.delete, "/v1/leaderboards/race", token: user.access).status == .forbidden)

            // Bad definitions are refused with the field named.
            for (id, body, field) in [
                ("Bad Id", definition, "id"), ("x", ["resetSchedule": "0 0 31 2 *"], "resetSchedule"),
                ("x", ["resetSchedule": "61 * * * *"], "resetSchedule"), ("x", ["resetSchedule": "* * * *"], "resetSchedule"),
                ("x", ["userSubmitsPerMinute": 0], "userSubmitsPerMinute"),
            ] as [(String, [String: Any], String)] {
                let path = "/v1/leaderboards/" + (id.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? id)
                let refused = try await client.send(.put, path, json: body, token: admin)
                #expect(refused.status == .unprocessableContent && refused.fieldCodes.isEmpty == false, "\(body)")
                #expect((refused.value("errors") as? [[String: Any]])?.first?["field"] as? String == field)
            }
            let unknownOrder = try await client.send(.put, "/v1/leaderboards/x", json: ["sortOrder": "up"], token: admin)
            #expect(unknownOrder.status == .unprocessableContent && unknownOrder.fieldCodes == ["invalid_field"])
            #expect(try await client.send(.put, "/v1/leaderboards/x", json: ["rank": 1], token: admin).status == .badRequest)

            // Users read the boards of their app.
            let list = try await client.send(.get, "/v1/leaderboards", token: user.access)
            #expect((list.value("leaderboards") as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["race"])
            #expect(try await client.send(.get, "/v1/leaderboards/race", token: user.access).string("id") == "race")

            #expect(try await client.send(.delete, "/v1/leaderboards/race", token: admin).status == .noContent)
            #expect(try await client.send(.get, "/v1/leaderboards/race", token: user.access).status == .notFound)
            #expect(try await client.send(.delete, "/v1/leaderboards/race", token: admin).status == .notFound)
        }
    }

    /// A board with entries keeps its sort order (its ranks would turn over): `409
    /// leaderboard_sort_order_locked`, and nothing changes; an empty board may still turn.
    @Test(arguments: TestStore.enabled) func aBoardWithEntriesKeepsItsSortOrder(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let board = try await Board.make(client, harness)
            let users = try await board.users(["amy", "ben"])
            try await board.define("race", ["sortOrder": "desc"])
            try await board.define("race", ["sortOrder": "asc"])
            _ = try await board.serverSubmit("race", users[0].id, ["score": 30])
            _ = try await board.serverSubmit("race", users[1].id, ["score": 20])
            let turned = try await client.send(.put, "/v1/leaderboards/race", json: ["sortOrder": "desc", "maxScore": 9], token: board.admin)
            #expect(turned.status == .conflict && turned.string("code") == "leaderboard_sort_order_locked", "\(turned.text)")
            let kept = try await client.send(.get, "/v1/leaderboards/race", token: users[0].access)
            #expect(kept.string("sortOrder") == "asc" && kept.value("maxScore") == nil)
            #expect(try await board.order("race", users[0].access) == ["ben", "amy"])
            // The same order, given again with another change, is no change of order.
            let same = try await client.send(.put, "/v1/leaderboards/race", json: ["sortOrder": "asc", "maxScore": 9], token: board.admin)
            #expect(same.status == .ok && same.value("maxScore") as? Int == 9)
        }
    }

    /// Submissions take an idempotency key, as the wallet's operations do: a retry with the same
    /// key and body gets the first answer and adds nothing; the same key with another body is
    /// `409 idempotency_key_reused`; keys are each user's, per board; a bad key is refused.
    @Test(arguments: TestStore.enabled) func scoreSubmissionsTakeAnIdempotencyKey(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let board = try await Board.make(client, harness)
            let users = try await board.users(["amy", "ben"])
            try await board.define("coins", ["operator": "increment", "allowUserSubmits": true])
            func submit(_ user: Int, _ body: [String: Any]) async throws -> TestResponse {
                try await client.send(.post, "/v1/leaderboards/coins/scores", json: body, token: users[user].access)
            }
            let first = try await submit(0, ["score": 5, "idempotencyKey": "round-1"])
            #expect(first.status == .ok && first.value("score") as? Int == 5)
            harness.clock.advance(by: 5)
            _ = try await board.serverSubmit("coins", users[1].id, ["score": 50])
            let retry = try await submit(0, ["score": 5, "idempotencyKey": "round-1"])
            #expect(retry.status == .ok && retry.text == first.text, "the first answer, unchanged: \(retry.text)")
            let reused = try await submit(0, ["score": 6, "idempotencyKey": "round-1"])
            #expect(reused.status == .conflict && reused.string("code") == "idempotency_key_reused")
            let mine = try await client.send(.get, "/v1/leaderboards/coins/entries/me", token: users[0].access)
            #expect(mine.value("score") as? Int == 5 && mine.value("rank") as? Int == 2)
            // Another user's key of the same name is theirs; a new key submits again.
            #expect(try await submit(1, ["score": 1, "idempotencyKey": "round-1"]).value("score") as? Int == 51)
            #expect(try await submit(0, ["score": 5, "idempotencyKey": "round-2"]).value("score") as? Int == 10)
            // The app's server retries the same way.
            for _ in 0..<2 {
                let awarded = try await board.serverSubmit("coins", users[0].id, ["score": 100, "idempotencyKey": "bonus-7"])
                #expect(awarded.value("score") as? Int == 110)
            }
            for bad in ["", String(repeating: "k", count: 129), "has space", "ключ"] {
                let refused = try await submit(0, ["score": 1, "idempotencyKey": bad])
                #expect(refused.status == .unprocessableContent && refused.fieldCodes == ["invalid_field"], "\(bad)")
            }
            // The user's export lists the keys kept for them; another user's are not in it.
            let export = try await client.send(.get, "/v1/me/export", token: users[0].access)
            let keys = try #require(export.value("leaderboardSubmissionKeys") as? [[String: Any]])
            #expect(keys.compactMap { $0["idempotencyKey"] as? String } == ["round-1", "bonus-7", "round-2"], "\(export.text)")
            #expect(keys.allSatisfy { $0["leaderboardId"] as? String == "coins" && $0["createdAt"] is String })
            // Keys are kept a day.
            harness.clock.advance(by: 86_401)
            #expect(try await harness.backend.janitor.sweep()["leaderboardSubmissionKeys"] == 4)
            let later = try await Board.make(client, harness).serverSubmit("coins", users[0].id, ["score": 100, "idempotencyKey": "bonus-7"])
            #expect(later.value("score") as? Int == 210)
        }
    }

    /// One user's score is removed by the app's server (`leaderboards:write`), an operator (the
    /// admin API, audited) or `latchkey leaderboards remove-score` (the same audited service):
    /// it leaves the ranks, and the user may submit again.
    @Test(arguments: TestStore.enabled) func oneUsersScoreIsRemovedByTheServerOrAnOperator(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let board = try await Board.make(client, harness)
            let users = try await board.users(["amy", "ben", "cat", "dan"])
            try await board.define("top", ["allowUserSubmits": true])
            for (index, score) in [40, 30, 20, 10].enumerated() { _ = try await board.serverSubmit("top", users[index].id, ["score": score]) }
            #expect(try await board.order("top", users[0].access) == ["amy", "ben", "cat", "dan"])

            #expect(try await client.send(.delete, "/v1/leaderboards/top/scores/\(users[0].id)", token: users[0].access).status == .forbidden)
            #expect(try await client.send(.delete, "/v1/leaderboards/top/scores/\(users[0].id)", token: board.writer).status == .noContent)
            #expect(try await client.send(.delete, "/v1/leaderboards/top/scores/\(users[0].id)", token: board.writer).status == .notFound)
            #expect(
                try await client.send(.delete, "/v1/leaderboards/top/scores/\(users[1].id)?period=2020-01-01T00:00:00Z", token: board.writer).status
                    == .unprocessableContent
            )
            #expect(try await board.order("top", users[1].access) == ["ben", "cat", "dan"])
            #expect(try await client.send(.get, "/v1/leaderboards/top/entries/me", token: users[0].access).status == .notFound)

            let (_, admin, viewer) = try await harness.operatorTokens(client)
            let path = "/v1/operator/apps/\(harness.app.id)/leaderboards/top/scores/\(users[1].id)"
            #expect(try await client.send(.delete, path, token: viewer).status == .forbidden)
            #expect(try await client.send(.delete, path, token: admin).status == .noContent)
            try await harness.backend.admin.removeLeaderboardScore(
                board: "top",
                userID: users[2].id,
                period: nil,
                appID: harness.app.id,
                by: .commandLine()
            )
            #expect(try await board.order("top", users[3].access) == ["dan"])
            let audit = try await harness.backend.admin.auditLog(by: .commandLine())
            #expect(audit.filter { $0.action == "leaderboard.score.remove" }.count == 2)

            // A removed user submits again and ranks by the new score alone.
            let again = try await client.send(.post, "/v1/leaderboards/top/scores", json: ["score": 5], token: users[0].access)
            #expect(again.status == .ok && again.value("score") as? Int == 5, "\(again.text)")
            #expect(try await board.order("top", users[3].access) == ["dan", "amy"])
        }
    }

    @Test(arguments: TestStore.enabled) func eachOperatorAndOrderRanksScoresWithSubscoresBreakingTies(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let board = try await Board.make(client, harness)
            let users = try await board.users(["amy", "ben", "cat"])

            // best, highest first: a lower score does not replace a higher one.
            try await board.define("best", ["operator": "best"])
            _ = try await board.serverSubmit("best", users[0].id, ["score": 50])
            _ = try await board.serverSubmit("best", users[1].id, ["score": 70])
            let kept = try await board.serverSubmit("best", users[1].id, ["score": 10])
            #expect(kept.value("score") as? Int == 70 && kept.value("rank") as? Int == 1)
            _ = try await board.serverSubmit("best", users[2].id, ["score": 50, "subscore": 9])
            #expect(try await board.order("best", users[0].access) == ["ben", "cat", "amy"])

            // best, lowest first (race times): the subscore breaks the tie, lower first too.
            try await board.define("race", ["operator": "best", "sortOrder": "asc"])
            _ = try await board.serverSubmit("race", users[0].id, ["score": 30, "subscore": 2])
            _ = try await board.serverSubmit("race", users[1].id, ["score": 30, "subscore": 1])
            _ = try await board.serverSubmit("race", users[2].id, ["score": 40])
            _ = try await board.serverSubmit("race", users[2].id, ["score": 20])
            #expect(try await board.order("race", users[0].access) == ["cat", "ben", "amy"])

            // set replaces, even with a worse score.
            try await board.define("set", ["operator": "set"])
            _ = try await board.serverSubmit("set", users[0].id, ["score": 90])
            _ = try await board.serverSubmit("set", users[1].id, ["score": 80])
            let replaced = try await board.serverSubmit("set", users[0].id, ["score": 5])
            #expect(replaced.value("score") as? Int == 5 && replaced.value("rank") as? Int == 2)

            // increment adds score and subscore; an overflow is refused and changes nothing.
            try await board.define("points", ["operator": "increment"])
            _ = try await board.serverSubmit("points", users[0].id, ["score": 10, "subscore": 1])
            let added = try await board.serverSubmit("points", users[0].id, ["score": 15, "subscore": 2])
            #expect(added.value("score") as? Int == 25 && added.value("subscore") as? Int == 3)
            let overflow = try await client.send(
                .put,
                "/v1/leaderboards/points/scores/\(users[0].id)",
                json: ["score": Int64.max],
                token: board.writer
            )
            #expect(overflow.status == .unprocessableContent)
            let me = try await client.send(.get, "/v1/leaderboards/points/entries/me", token: users[0].access)
            #expect(me.value("score") as? Int == 25 && me.value("rank") as? Int == 1)

            // Metadata is kept (1 KiB at most) and a server may submit only for its app's users.
            let tagged = try await board.serverSubmit("points", users[1].id, ["score": 1, "metadata": ["level": 3, "tags": ["a"]]])
            #expect((tagged.value("metadata") as? [String: Any])?["level"] as? Int == 3)
            let large = try await client.send(
                .put,
                "/v1/leaderboards/points/scores/\(users[1].id)",
                json: ["score": 1, "metadata": ["x": String(repeating: "a", count: 1100)]],
                token: board.writer
            )
            #expect(large.status == .unprocessableContent && large.fieldCodes == ["invalid_field"])
            #expect(try await client.send(.put, "/v1/leaderboards/points/scores/nobody", json: ["score": 1], token: board.writer).status == .notFound)
            #expect(
                try await client.send(.put, "/v1/leaderboards/points/scores/\(users[1].id)", json: ["score": 1], token: users[1].access).status
                    == .forbidden
            )
        }
    }

    @Test(arguments: TestStore.enabled) func usersOwnSubmitsHonourTheBoardsSwitchMaximumAndRate(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let board = try await Board.make(client, harness)
            let user = try await board.users(["dan"])[0]

            try await board.define("closed", [:])
            let closed = try await client.send(.post, "/v1/leaderboards/closed/scores", json: ["score": 1], token: user.access)
            #expect(closed.status == .forbidden && closed.string("code") == "leaderboard_user_submits_disabled")

            try await board.define("open", ["allowUserSubmits": true, "maxScore": 300, "userSubmitsPerMinute": 3, "operator": "increment"])
            let tooHigh = try await client.send(.post, "/v1/leaderboards/open/scores", json: ["score": 301], token: user.access)
            #expect(tooHigh.status == .unprocessableContent && tooHigh.string("code") == "leaderboard_score_too_high")
            for _ in 0..<3 {
                #expect(try await client.send(.post, "/v1/leaderboards/open/scores", json: ["score": 100], token: user.access).status == .ok)
            }
            let limited = try await client.send(.post, "/v1/leaderboards/open/scores", json: ["score": 1], token: user.access)
            #expect(limited.status == .tooManyRequests && limited.string("code") == "leaderboard_submits_too_frequent")
            #expect(limited.headers[.retryAfter] == "60")
            // The app's servers are not limited, and the window moves on.
            #expect(try await board.serverSubmit("open", user.id, ["score": 1000]).value("score") as? Int == 1300)
            harness.clock.advance(by: 60)
            // A user's increment is bounded by the total it makes, not the increment alone.
            let past = try await client.send(.post, "/v1/leaderboards/open/scores", json: ["score": 1], token: user.access)
            #expect(past.status == .unprocessableContent && past.string("code") == "leaderboard_score_too_high", "\(past.text)")
            let back = try await client.send(.post, "/v1/leaderboards/open/scores", json: ["score": -1000], token: user.access)
            #expect(back.status == .ok && back.value("score") as? Int == 300, "\(back.text)")
        }
    }

    /// A user's own score is bounded at both ends — by default at 0 from below, so no one ranks
    /// first on a lowest-first board with a negative score — and so is an increment board's total.
    @Test(arguments: TestStore.enabled) func usersOwnScoresAreBoundedBelowToo(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let board = try await Board.make(client, harness)
            let user = try await board.users(["eve"])[0]
            func submit(_ id: String, _ score: Int64) async throws -> TestResponse {
                try await client.send(.post, "/v1/leaderboards/\(id)/scores", json: ["score": score], token: user.access)
            }
            try await board.define("race", ["allowUserSubmits": true, "sortOrder": "asc"])
            for score in [Int64.min, -9_200_000_000_000_000_000, -1] {
                let low = try await submit("race", score)
                #expect(low.status == .unprocessableContent && low.string("code") == "leaderboard_score_too_low", "\(low.text)")
            }
            #expect(try await submit("race", 0).status == .ok)
            let listed = try await client.send(.get, "/v1/leaderboards/race", token: user.access)
            #expect(listed.value("minScore") as? Int == 0, "\(listed.text)")

            try await board.define("golf", ["allowUserSubmits": true, "sortOrder": "asc", "minScore": -10, "maxScore": 10])
            #expect(try await submit("golf", -10).status == .ok)
            #expect(try await submit("golf", -11).string("code") == "leaderboard_score_too_low")
            #expect(try await submit("golf", 11).string("code") == "leaderboard_score_too_high")

            try await board.define("coins", ["allowUserSubmits": true, "operator": "increment", "maxScore": 50])
            #expect(try await submit("coins", -1).string("code") == "leaderboard_score_too_low")
            #expect(try await submit("coins", 30).status == .ok)
            #expect(try await submit("coins", -31).string("code") == "leaderboard_score_too_low")
            #expect(try await submit("coins", 21).string("code") == "leaderboard_score_too_high")
            #expect(try await submit("coins", 20).value("score") as? Int == 50)

            let inverted = try await client.send(
                .put,
                "/v1/leaderboards/bad",
                json: ["minScore": 5, "maxScore": 4],
                token: board.admin
            )
            #expect(inverted.status == .unprocessableContent && inverted.fieldCodes == ["invalid_field"], "\(inverted.text)")
        }
    }

    @Test(arguments: TestStore.enabled) func resetSchedulesStartNewPeriodsAndKeepThePastOnesReadable(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let board = try await Board.make(client, harness)
            // Cron expressions are evaluated in UTC at the harness's Friday 2027-01-15 08:00.
            for (schedule, period) in [
                ("none", "1970-01-01T00:00:00Z"), ("daily", "2027-01-15T00:00:00Z"), ("weekly", "2027-01-11T00:00:00Z"),
                ("monthly", "2027-01-01T00:00:00Z"), ("30 6 * * 5", "2027-01-15T06:30:00Z"), ("0 9 * * *", "2027-01-14T09:00:00Z"),
                ("*/25 7-8 * * *", "2027-01-15T08:00:00Z"), ("0 0 29 2 *", "2024-02-29T00:00:00Z"),
                ("0 12 13 * 5", "2027-01-13T12:00:00Z"), ("0 0 1,15 1-6/2 *", "2027-01-15T00:00:00Z"),
                ("59 23 * * 0", "2027-01-10T23:59:00Z"), ("0 0 * * 7", "2027-01-10T00:00:00Z"),
            ] {
                let defined = try await client.send(.put, "/v1/leaderboards/cron", json: ["resetSchedule": schedule], token: board.admin)
                #expect(defined.string("currentPeriod") == period, "\(schedule)")
            }

            try await board.define("daily", ["resetSchedule": "daily"])
            let users = try await board.users(["eli", "fay"])
            _ = try await board.serverSubmit("daily", users[0].id, ["score": 10])
            _ = try await board.serverSubmit("daily", users[1].id, ["score": 20])
            harness.clock.advance(by: 16 * 3600)
            // Tokens of the day before have expired.
            let nextDay = try await Board.make(client, harness)
            let eli = try #require(try await client.signIn("eli").string("session.accessToken"))
            let fresh = try await nextDay.serverSubmit("daily", users[0].id, ["score": 5])
            #expect(fresh.value("rank") as? Int == 1)
            #expect(try await board.order("daily", eli) == ["eli"])
            #expect(try await board.order("daily", eli, period: "2027-01-15T00:00:00Z") == ["fay", "eli"])
            let periods = try await client.send(.get, "/v1/leaderboards/daily/periods", token: eli)
            #expect(periods.value("periods") as? [String] == ["2027-01-16T00:00:00Z", "2027-01-15T00:00:00Z"])
            for period in ["2027-01-15T01:00:00Z", "2027-01-17T00:00:00Z", "yesterday", "1800000000"] {
                let refused = try await client.send(.get, "/v1/leaderboards/daily/entries?period=\(period)", token: eli)
                #expect(refused.status == .unprocessableContent, "\(period)")
            }
        }
    }

    @Test(arguments: TestStore.enabled) func pagesAndAroundMeStopAtTheEdges(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let board = try await Board.make(client, harness)
            try await board.define("top", [:])
            let names = (0..<12).map { "p\($0 + 10)" }
            let users = try await board.users(names)
            for (index, user) in users.enumerated() { _ = try await board.serverSubmit("top", user.id, ["score": 100 - index]) }

            let first = try await client.send(.get, "/v1/leaderboards/top/entries?limit=5", token: users[0].access)
            #expect(first.value("total") as? Int == 12 && first.value("nextOffset") as? Int == 5)
            #expect(Self.names(first) == Array(names[0..<5]))
            let last = try await client.send(.get, "/v1/leaderboards/top/entries?limit=5&offset=10", token: users[0].access)
            #expect(Self.names(last) == Array(names[10...]) && last.value("nextOffset") == nil)
            #expect(Self.ranks(last) == [11, 12])
            for query in ["limit=0", "limit=101", "offset=-1", "limit=x", "offset=99999999999"] {
                #expect(try await client.send(.get, "/v1/leaderboards/top/entries?\(query)", token: users[0].access).status == .unprocessableContent)
            }

            let top = try await client.send(.get, "/v1/leaderboards/top/entries/around-me?count=2", token: users[0].access)
            #expect(Self.names(top) == Array(names[0...2]))
            let middle = try await client.send(.get, "/v1/leaderboards/top/entries/around-me?count=2", token: users[6].access)
            #expect(Self.names(middle) == Array(names[4...8]) && Self.ranks(middle) == [5, 6, 7, 8, 9])
            let bottom = try await client.send(.get, "/v1/leaderboards/top/entries/around-me?count=3", token: users[11].access)
            #expect(Self.names(bottom) == Array(names[8...11]))
            #expect(
                try await client.send(.get, "/v1/leaderboards/top/entries/around-me?count=51", token: users[0].access).status == .unprocessableContent
            )

            let stranger = try await client.signUpUser("stranger")
            #expect(try await client.send(.get, "/v1/leaderboards/top/entries/me", token: stranger.access).status == .notFound)
            #expect(try await client.send(.get, "/v1/leaderboards/top/entries/around-me", token: stranger.access).status == .notFound)
            #expect(try await client.send(.get, "/v1/leaderboards/none/entries", token: stranger.access).status == .notFound)
        }
    }

    @Test(arguments: TestStore.enabled) func ranksFollowUpdatesAndDeletionsAndTheExportCarriesEntries(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let board = try await Board.make(client, harness)
            try await board.define("live", ["operator": "set", "allowUserSubmits": true])
            let users = try await board.users(["gus", "hal", "ivy"])
            for (index, user) in users.enumerated() { _ = try await board.serverSubmit("live", user.id, ["score": 10 * (index + 1)]) }
            #expect(try await board.order("live", users[0].access) == ["ivy", "hal", "gus"])
            _ = try await client.send(
                .post,
                "/v1/leaderboards/live/scores",
                json: ["score": 99, "displayName": "Gus the Great"],
                token: users[0].access
            )
            #expect(try await board.order("live", users[0].access) == ["Gus the Great", "ivy", "hal"])

            let export = try await client.send(.get, "/v1/me/export", token: users[0].access)
            let entries = try #require(export.value("leaderboards") as? [[String: Any]])
            #expect(entries.count == 1 && entries.first?["score"] as? Int == 99 && entries.first?["displayName"] as? String == "Gus the Great")

            let usersAdmin = try await Self.clientToken(client, harness, scope: "users:write")
            #expect(try await client.send(.delete, "/v1/admin/users/\(users[2].id)", token: usersAdmin).status == .noContent)
            let after = try await client.send(.get, "/v1/leaderboards/live/entries", token: users[1].access)
            #expect(Self.names(after) == ["Gus the Great", "hal"] && after.value("total") as? Int == 2)
            #expect(try await client.send(.get, "/v1/leaderboards/live/entries/me", token: users[1].access).value("rank") as? Int == 2)

            // Deleting the board takes its entries.
            #expect(try await client.send(.delete, "/v1/leaderboards/live", token: board.admin).status == .noContent)
            try await board.define("live", [:])
            #expect(try await client.send(.get, "/v1/leaderboards/live/entries", token: users[1].access).value("total") as? Int == 0)
        }
    }

    /// Who is shown follows the account's consent as it stands, on every read, whoever submitted:
    /// a pending child awarded points by the app's server is `Player NNNN` without metadata; the
    /// parent's grant shows the name with no new submit; a revoke hides it again, including a
    /// display name the child chose while consent was granted.
    @Test(arguments: TestStore.enabled) func aChildIsShownAsTheirConsentNowStandsWhoeverSubmitted(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let board = try await Board.make(client, harness)
            try await board.define("kids", ["allowUserSubmits": true])
            let grownUp = try await board.users(["grownup"])[0]
            let signUp = try await KidsConsentTests.signUpChild("kiddo", client: client)
            let childID = try #require(signUp.string("user.id"))
            let pending = try #require(signUp.string("session.accessToken"))

            // The app's server awards points (and a name) to the pending child.
            let awarded = try await board.serverSubmit("kids", childID, ["score": 5, "metadata": ["city": "Leeds"], "displayName": "Kiddo"])
            let shown = try #require(awarded.string("displayName"))
            #expect(shown.hasPrefix("Player ") && shown.count == 11 && awarded.value("metadata") == nil)
            _ = try await client.send(.post, "/v1/leaderboards/kids/scores", json: ["score": 3, "displayName": "Grown Up"], token: grownUp.access)
            #expect(try await board.order("kids", grownUp.access) == [shown, "Grown Up"])
            #expect(try await Self.firstMetadata("kids", grownUp.access, client) == nil)
            // The pending child may submit, but not choose a name.
            let named = try await client.send(.post, "/v1/leaderboards/kids/scores", json: ["score": 6, "displayName": "Kid"], token: pending)
            #expect(named.status == .forbidden && named.string("code") == "leaderboard_display_name_restricted")

            // The parent grants: the server's name and metadata show, with no new submit.
            try await KidsConsentTests.parentActs("grant", on: "kiddo", harness: harness, client: client)
            #expect(try await board.order("kids", grownUp.access) == ["Kiddo", "Grown Up"])
            #expect(try await Self.firstMetadata("kids", grownUp.access, client) == "Leeds")
            // With the full scope the child chooses a name of their own.
            let refreshToken = try #require(signUp.string("session.refreshToken"))
            let full = try #require(try await client.refresh(refreshToken).string("session.accessToken"))
            let chosen = try await client.send(
                .post,
                "/v1/leaderboards/kids/scores",
                json: ["score": 7, "displayName": "Kiddo the Kid"],
                token: full
            )
            #expect(chosen.status == .ok && chosen.string("displayName") == "Kiddo the Kid")
            #expect(try await board.order("kids", grownUp.access) == ["Kiddo the Kid", "Grown Up"])
            let bad = try await client.send(.post, "/v1/leaderboards/kids/scores", json: ["score": 7, "displayName": "a\u{0007}b"], token: full)
            #expect(bad.status == .unprocessableContent && bad.fieldCodes == ["invalid_field"])

            // The parent revokes: anonymized again, the chosen name and metadata included.
            let manage = try await KidsConsentTests.manageLink(harness: harness, client: client)
            #expect(
                try await client.submit(["token": manage, "action": "revoke"], to: "/v1/consent", from: "/v1/consent?token=\(manage)").status == .ok
            )
            #expect(try await board.order("kids", grownUp.access) == [shown, "Grown Up"])
            #expect(try await Self.firstMetadata("kids", grownUp.access, client) == nil)
            let restricted = try #require(try await client.signIn("kiddo").string("session.accessToken"))
            let mine = try await client.send(.get, "/v1/leaderboards/kids/entries/me", token: restricted)
            #expect(mine.string("displayName") == shown)
            let renamed = try await client.send(.post, "/v1/leaderboards/kids/scores", json: ["score": 8, "displayName": "Kid"], token: restricted)
            #expect(renamed.status == .forbidden && renamed.string("code") == "leaderboard_display_name_restricted")
        }
    }

    /// More entries than one chunk of the rank list holds, written one at a time in parallel,
    /// then moved and deleted: every page and every rank matches the order the scores define.
    @Test(arguments: TestStore.enabled) func ranksStayExactThroughManyInsertsUpdatesAndDeletions(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let board = try await Board.make(client, harness)
            try await board.define("many", ["operator": "set"])
            _ = try await harness.backend.seedUsers(app: harness.app, total: 1_100, prefix: "many", passwordHash: "unused", by: .commandLine())
            let ids = try await harness.backend.users.list(appID: harness.app.id, limit: 2_000).map(\.id)
            var scores = Dictionary(uniqueKeysWithValues: ids.map { ($0, (Int.random(in: 0..<300), Int.random(in: 0..<3))) })

            let reader = try await client.signUpUser("reader").access

            func submit(_ batch: [String: (Int, Int)]) async throws {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for (index, (id, score)) in batch.enumerated() {
                        group.addTask { _ = try await board.serverSubmit("many", id, ["score": score.0, "subscore": score.1]) }
                        if index >= 8 { try await group.next() }
                    }
                    try await group.waitForAll()
                }
            }
            func check() async throws {
                let expected = scores.sorted { a, b in
                    a.value.0 != b.value.0 ? a.value.0 > b.value.0 : a.value.1 != b.value.1 ? a.value.1 > b.value.1 : a.key < b.key
                }.map(\.key)
                var read: [String] = []
                var offset: Int? = 0
                while let next = offset {
                    let page = try await client.send(.get, "/v1/leaderboards/many/entries?limit=100&offset=\(next)", token: reader)
                    let entries = try #require(page.value("entries") as? [[String: Any]])
                    #expect(entries.compactMap { $0["rank"] as? Int } == Array((next + 1)...(next + entries.count)))
                    read += entries.compactMap { $0["userId"] as? String }
                    offset = page.value("nextOffset") as? Int
                }
                #expect(read == expected)
            }

            try await submit(scores)
            try await check()
            // Move a third of the entries, then delete some users.
            var moved: [String: (Int, Int)] = [:]
            for id in ids.shuffled().prefix(ids.count / 3) { moved[id] = (Int.random(in: 0..<300), Int.random(in: 0..<3)) }
            scores.merge(moved) { $1 }
            try await submit(moved)
            let usersAdmin = try await Self.clientToken(client, harness, scope: "users:write")
            for id in ids.shuffled().prefix(20) {
                #expect(try await client.send(.delete, "/v1/admin/users/\(id)", token: usersAdmin).status == .noContent)
                scores[id] = nil
            }
            try await check()
        }
    }

    // MARK: Helpers

    static func clientToken(_ client: Client, _ harness: TestHarness, scope: String) async throws -> String {
        let answer = try await client.send(
            .post,
            "/oauth/token",
            form: ["grant_type": "client_credentials", "client_id": harness.app.clientID, "client_secret": harness.clientSecret, "scope": scope]
        )
        return try #require(answer.string("access_token"), "\(answer.text)")
    }

    /// A token for the same session without `public`: what a child awaiting consent holds.
    /// The `city` of the metadata of a board's first entry, as another player reads it.
    static func firstMetadata(_ board: String, _ token: String, _ client: Client) async throws -> String? {
        let entries = try await client.send(.get, "/v1/leaderboards/\(board)/entries", token: token).value("entries") as? [[String: Any]]
        return (entries?.first?["metadata"] as? [String: Any])?["city"] as? String
    }

    static func names(_ page: TestResponse) -> [String] {
        (page.value("entries") as? [[String: Any]] ?? []).compactMap { $0["displayName"] as? String }
    }

    static func ranks(_ page: TestResponse) -> [Int] {
        (page.value("entries") as? [[String: Any]] ?? []).compactMap { $0["rank"] as? Int }
    }

    /// Boards of the harness's app, defined and written by its servers.
    struct Board {
        let client: Client
        let admin: String
        let writer: String

        static func make(_ client: Client, _ harness: TestHarness) async throws -> Board {
            Board(
                client: client,
                admin: try await LeaderboardTests.clientToken(client, harness, scope: "leaderboards:admin"),
                writer: try await LeaderboardTests.clientToken(client, harness, scope: "leaderboards:write")
            )
        }

        func define(_ id: String, _ definition: [String: Any]) async throws {
            let answer = try await client.send(.put, "/v1/leaderboards/\(id)", json: definition, token: admin)
            guard answer.status == .created || answer.status == .ok else { throw HarnessError.unexpected(answer.text) }
        }

        func users(_ names: [String]) async throws -> [(id: String, access: String)] {
            var users: [(id: String, access: String)] = []
            for name in names {
                let access = try await client.signUpUser(name).access
                let id = try #require(try await client.send(.get, "/v1/me", token: access).string("id"))
                users.append((id, access))
            }
            return users
        }

        func serverSubmit(_ board: String, _ userID: String, _ body: [String: Any]) async throws -> TestResponse {
            let answer = try await client.send(.put, "/v1/leaderboards/\(board)/scores/\(userID)", json: body, token: writer)
            guard answer.status == .ok else { throw HarnessError.unexpected(answer.text) }
            return answer
        }

        func order(_ board: String, _ token: String, period: String? = nil) async throws -> [String] {
            let query = period.map { "?period=\($0)" } ?? ""
            return LeaderboardTests.names(try await client.send(.get, "/v1/leaderboards/\(board)/entries\(query)", token: token))
        }
    }
}
