import Foundation
import HTTPTypes
import SQLKit
import Testing

@testable import LatchkeyServer

/// What one password check may cost an attacker's target: an imported hash at most a few of the
/// app's bcrypt checks (``ForeignPasswordHash/Limits``), one beyond them refused at import and,
/// stored before the limits were lowered, never checked; an unknown name the app's own bcrypt.
@Suite struct PasswordCheckCostTests {
    /// One hash of each form with its cost parameters just at the limits.
    static let atLimits = [
        "$2b$13$KR0.6hJiy6gbwBAKPJjXzeTwWva/vwf7SLEHe6fHWlD3Df44PODLW",
        "$scrypt$ln=16,r=8,p=2$qzUGAODcm1NqTWktZcxZiw$DqDHOCtdGA9v3Be2q+zKRT/+yy6EuM0xGSLjHJIJY+U",
        "$pbkdf2-sha256$1000000$dI4RwhjjvFcKofQeQwghRA$9n3CfIm/NhLk06gxh1kIJnrI1rVNK6mWcyivcqmW6qY",
        "$pbkdf2-sha512$500000$0tobw1iLkXKu1XrPmZNy7g$IhubrK//QdPZ.fAQq.G80bgIVIfW5jjgSWIJ7Fz4R3W6MYWwA3S.7WO5gMnNQKzSPUjECV1vrnHPSprobSrnCw",
        "$6$rounds=500000$NeUO8ReTJV.Ix2fD$v/jchlDnA2Ywso2keGuLVhdDWbUpkX0WKUeNds2x.PJG24b.1zKvTVuuZnZdfGQ7tg/mpNkNZe0dTX.u8PI281",
        "$argon2id$v=19$m=65536,t=3,p=4$BBqx8KWxzM3siItONl+vCg$xKFcAdUJLIAaNmZg8i7/7J5AZrhQgjnIGl84+DM22Ho",
    ]

    /// The same forms one step beyond a limit each (the review's costly hashes among them).
    static let beyondLimits = [
        "$2b$14$KR0.6hJiy6gbwBAKPJjXzeTwWva/vwf7SLEHe6fHWlD3Df44PODLW",
        "$2y$16$KR0.6hJiy6gbwBAKPJjXzeTwWva/vwf7SLEHe6fHWlD3Df44PODLW",
        "$scrypt$ln=17,r=8,p=1$qzUGAODcm1NqTWktZcxZiw$DqDHOCtdGA9v3Be2q+zKRT/+yy6EuM0xGSLjHJIJY+U",
        "$scrypt$ln=16,r=8,p=3$qzUGAODcm1NqTWktZcxZiw$DqDHOCtdGA9v3Be2q+zKRT/+yy6EuM0xGSLjHJIJY+U",
        "$pbkdf2-sha256$1000001$dI4RwhjjvFcKofQeQwghRA$9n3CfIm/NhLk06gxh1kIJnrI1rVNK6mWcyivcqmW6qY",
        // Two output blocks: each costs the iterations again.
        "$pbkdf2-sha256$600000$dI4RwhjjvFcKofQeQwghRA$IhubrK//QdPZ.fAQq.G80bgIVIfW5jjgSWIJ7Fz4R3W6MYWwA3S.7WO5gMnNQKzSPUjECV1vrnHPSprobSrnCw",
        "$pbkdf2-sha512$500001$0tobw1iLkXKu1XrPmZNy7g$IhubrK//QdPZ.fAQq.G80bgIVIfW5jjgSWIJ7Fz4R3W6MYWwA3S.7WO5gMnNQKzSPUjECV1vrnHPSprobSrnCw",
        "$6$rounds=500001$NeUO8ReTJV.Ix2fD$v/jchlDnA2Ywso2keGuLVhdDWbUpkX0WKUeNds2x.PJG24b.1zKvTVuuZnZdfGQ7tg/mpNkNZe0dTX.u8PI281",
        "$argon2id$v=19$m=131072,t=1,p=1$BBqx8KWxzM3siItONl+vCg$xKFcAdUJLIAaNmZg8i7/7J5AZrhQgjnIGl84+DM22Ho",
        "$argon2id$v=19$m=65536,t=4,p=4$BBqx8KWxzM3siItONl+vCg$xKFcAdUJLIAaNmZg8i7/7J5AZrhQgjnIGl84+DM22Ho",
    ]

    /// SHA-512-crypt at the five million rounds the old limit let an import store.
    static let reviewedSHA512Crypt =
        "$6$rounds=5000000$NeUO8ReTJV.Ix2fD$v/jchlDnA2Ywso2keGuLVhdDWbUpkX0WKUeNds2x.PJG24b.1zKvTVuuZnZdfGQ7tg/mpNkNZe0dTX.u8PI281"

    @Test(arguments: TestStore.enabled) func importTakesHashesAtTheLimitsAndRefusesThoseBeyond(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let (_, admin, _) = try await harness.operatorTokens(client)
            let lines = (Self.atLimits + Self.beyondLimits).enumerated().map { index, hash in
                #"{"externalId": "u\#(index)", "username": "user\#(index)", "passwordHash": "\#(hash)"}"#
            }
            let report = try await client.send(
                .post,
                "/v1/operator/apps/\(harness.app.id)/users/import",
                json: ["content": lines.joined(separator: "\n")],
                token: admin
            )
            #expect(report.status == .ok)
            #expect(report.value("created") as? Int == Self.atLimits.count)
            let refused = try #require(report.value("lines") as? [[String: Any]]).filter { $0["outcome"] as? String == "refused" }
            #expect(refused.map { $0["line"] as? Int } == Array(Self.atLimits.count + 1...lines.count))
            let codes = refused.map { (($0["errors"] as? [[String: Any]])?.first?["code"] as? String) ?? "" }
            #expect(codes.allSatisfy { $0 == "invalid_password_hash" })

            // A wrong password against the costliest bcrypt an import may hold: one cost-13 check.
            let started = ContinuousClock.now
            #expect(try await client.signIn("user0", password: "not the password").status == .unauthorized)
            let elapsed = ContinuousClock.now - started
            print("wrong password against an imported bcrypt at cost \(ForeignPasswordHash.Limits.bcryptCost): \(elapsed)")
            #expect(elapsed < .seconds(15))
        }
    }

    /// A hash stored beyond today's limits (imported under older ones) is never checked — its
    /// user resets the password — and an unknown name costs the app's own bcrypt, never the
    /// stored hash of a user it would once have borrowed.
    @Test(arguments: TestStore.enabled) func hashesBeyondTheLimitsAndUnknownNamesCostNoMoreThanTheAppsBcrypt(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) {
            $0.auth.accountFailureLimit = 1_000
            $0.auth.ipFailureLimit = 1_000
        }
        try await harness.run { client in
            _ = try await client.signUpUser("control")
            _ = try await client.signUpUser("legacy")
            _ = try await client.signUpUser("glibc")
            let stored = ["legacy": "$2b$16$KR0.6hJiy6gbwBAKPJjXzeTwWva/vwf7SLEHe6fHWlD3Df44PODLW", "glibc": Self.reviewedSHA512Crypt]
            try await harness.backend.driver.write { db in
                for (username, hash) in stored {
                    try await db.raw("UPDATE users SET password_hash = \(bind: hash) WHERE username = \(bind: username)").run()
                }
            }
            /// The fastest of `attempts` wrong-password sign-ins as `name`: the check's own cost,
            /// with as little of the other tests' load on the shared cores as can be had.
            func fastestRefusal(_ name: String, attempts: Int) async throws -> Duration {
                var fastest = Duration.seconds(3_600)
                for _ in 0..<attempts {
                    let started = ContinuousClock.now
                    let answer = try await client.signIn(name, password: "not the password")
                    fastest = min(fastest, ContinuousClock.now - started)
                    #expect(answer.status == .unauthorized && answer.string("code") == "invalid_credentials", "\(name)")
                }
                return fastest
            }
            // The app's own cost-10 bcrypt, measured under the same load as the cases.
            let native = try await fastestRefusal("control", attempts: 3)
            for name in ["legacy", "glibc", "nobody-here", "someone-else"] {
                let elapsed = try await fastestRefusal(name, attempts: 2)
                // A cost-16 bcrypt is 64 cost-10 checks, 5,000,000 SHA-512 rounds about as many:
                // checking either would take far more than 16 native checks, or 3 s on an idle machine.
                #expect(elapsed < max(.seconds(3), native * 16), "\(name): \(elapsed), a native check \(native)")
            }
        }
    }

    /// Checks of imported hashes have their own, smaller pool: twelve at once against an
    /// imported PBKDF2 hash leave the app's own bcrypt pool free, and a native sign-in started
    /// behind them is answered before most of them.
    @Test(arguments: TestStore.enabled) func importedHashChecksLeaveTheNativePoolFree(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) {
            $0.auth.accountFailureLimit = 1_000
            $0.auth.ipFailureLimit = 1_000
        } configureServer: {
            $0.hashingThreads = 2
        }
        try await harness.run { client in
            let (_, admin, _) = try await harness.operatorTokens(client)
            let hash = "$pbkdf2-sha256$200000$dI4RwhjjvFcKofQeQwghRA$9n3CfIm/NhLk06gxh1kIJnrI1rVNK6mWcyivcqmW6qY"
            let line = #"{"externalId": "heavy", "username": "heavy", "passwordHash": "\#(hash)"}"#
            let report = try await client.send(.post, "/v1/operator/apps/\(harness.app.id)/users/import", json: ["content": line], token: admin)
            #expect(report.value("created") as? Int == 1)
            _ = try await client.signUpUser("native")
            let finished = Counter()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<12 {
                    group.addTask {
                        let status = try await client.signIn("heavy", password: "not the password").status
                        #expect(status == .unauthorized)
                        await finished.add()
                    }
                }
                try await Task.sleep(for: .milliseconds(300))
                #expect(try await client.signIn("native").status == .ok)
                let before = await finished.value
                #expect(before <= 6, "\(before) of 12 imported-hash checks were answered before the native sign-in")
                try await group.waitForAll()
            }
        }
    }

    private actor Counter {
        private(set) var value = 0
        func add() { value += 1 }
    }
}
