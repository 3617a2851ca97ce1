import Foundation
import Latchkey
import LatchkeyTestSupport
import LatchkeyWire
import Testing

@testable import LatchkeyServer

/// `latchkey.leaderboards` against a live server: boards defined through the backend (as the CLI
/// does), users' submits, reads by rank and period, typed errors and the completion forms.
@Suite struct SDKLeaderboardTests {
    @Test func playersSubmitAndReadBoardsWithTypedErrors() async throws {
        let clock = ManualTimeSource(start: Date(timeIntervalSince1970: 1_800_000_000))
        try await serving(try await LiveServer.start(time: clock) { $0.auth.sessionTTL = 30 * 86_400 }) { server in
            let appID = server.app.id
            _ = try await server.backend.defineLeaderboard(
                appID: appID,
                id: "weekly",
                LeaderboardDefinition(resetSchedule: "weekly", allowUserSubmits: true, maxScore: 1000, userSubmitsPerMinute: 2),
                by: .commandLine()
            )
            _ = try await server.backend.defineLeaderboard(appID: appID, id: "servers-only", LeaderboardDefinition(), by: .commandLine())

            var players: [Latchkey] = []
            for (index, name) in ["ann", "bob", "cyd"].enumerated() {
                let sdk = server.client(clock: { clock.now() })
                try await sdk.auth.signUp(username: name, password: "correct horse battery")
                let entry = try await sdk.leaderboards.submit(Int64(100 * (index + 1)), metadata: ["level": .integer(Int64(index))], to: "weekly")
                #expect(entry.userId == sdk.currentUser?.id && entry.metadata?["level"] == .integer(Int64(index)))
                players.append(sdk)
            }
            let ann = players[0]
            #expect(try await ann.leaderboards.list().map(\.id) == ["servers-only", "weekly"])
            let board = try await ann.leaderboards.leaderboard("weekly")
            #expect(board.currentPeriod == Date(timeIntervalSince1970: 1_799_625_600))

            let top = try await ann.leaderboards.top("weekly", limit: 2)
            #expect(top.entries.map(\.displayName) == ["cyd", "bob"] && top.total == 3 && top.nextOffset == 2)
            #expect(try await ann.leaderboards.top("weekly", limit: 2, offset: 2).entries.map(\.rank) == [3])
            #expect(try await ann.leaderboards.aroundMe("weekly", count: 1).entries.map(\.displayName) == ["bob", "ann"])
            #expect(try await ann.leaderboards.myEntry("weekly")?.rank == 3)

            // Typed errors.
            await #expect(throws: LatchkeyError.scoreTooHigh) { try await ann.leaderboards.submit(1001, to: "weekly") }
            await #expect(throws: LatchkeyError.scoreTooLow) { try await ann.leaderboards.submit(-1, to: "weekly") }
            await #expect(throws: LatchkeyError.leaderboardClosed) { try await ann.leaderboards.submit(1, to: "servers-only") }
            try await ann.leaderboards.submit(500, displayName: "Annie", to: "weekly")
            await #expect(throws: LatchkeyError.rateLimited(retryAfter: 0)) { try await ann.leaderboards.submit(1, to: "weekly") }
            await #expect(throws: LatchkeyError.server(code: "not_found", message: "")) { try await ann.leaderboards.top("nope") }
            await #expect(throws: LatchkeyError.server(code: "not_found", message: "")) { try await ann.leaderboards.myEntry("nope") }
            #expect(try await ann.leaderboards.myEntry("servers-only") == nil)

            // On Monday the board starts over; last week stays readable.
            clock.advance(by: 3 * 86_400)
            let bob = players[1]
            try await bob.auth.refreshSession()
            try await bob.leaderboards.submit(7, to: "weekly")
            let periods = try await bob.leaderboards.periods("weekly")
            #expect(periods == [Date(timeIntervalSince1970: 1_800_230_400), Date(timeIntervalSince1970: 1_799_625_600)])
            #expect(try await bob.leaderboards.top("weekly").entries.map(\.displayName) == ["bob"])
            #expect(try await bob.leaderboards.top("weekly", period: periods[1]).entries.map(\.displayName) == ["Annie", "cyd", "bob"])
        }
    }

    @Test func aPlayerAwaitingConsentIsAnonymizedAndCompletionHandlersRunOnTheMainQueue() async throws {
        try await serving(try await LiveServer.start()) { server in
            _ = try await server.backend.defineLeaderboard(
                appID: server.app.id,
                id: "kids",
                LeaderboardDefinition(allowUserSubmits: true),
                by: .commandLine()
            )
            let grown = server.client()
            try await grown.auth.signUp(username: "grownup", password: "correct horse battery")
            // A ten-year-old awaiting their parent's consent.
            let child = server.client()
            try await child.auth.signUp(
                username: "kiddo",
                password: "correct horse battery",
                dateOfBirth: "2016-05-01",
                country: "US",
                parentEmail: "parent@example.com"
            )
            await #expect(throws: LatchkeyError.displayNameRestricted) { try await child.leaderboards.submit(3, displayName: "Kid", to: "kids") }

            let submitted = await completion { child.leaderboards.submit(3, to: "kids", completion: $0) }
            #expect(submitted.onMain)
            let shown = try submitted.value.get().displayName
            #expect(shown.hasPrefix("Player ") && shown != "kiddo")
            let top = await completion { grown.leaderboards.top("kids", completion: $0) }
            #expect(top.onMain && (try? top.value.get())?.entries.map(\.displayName) == [shown])
            let mine = await completion { child.leaderboards.myEntry("kids", completion: $0) }
            #expect((try? mine.value.get())??.rank == 1)
            let closed = await completion { child.leaderboards.periods("nope", completion: $0) }
            #expect(throws: LatchkeyError.server(code: "not_found", message: "")) { try closed.value.get() }
        }
    }
}
