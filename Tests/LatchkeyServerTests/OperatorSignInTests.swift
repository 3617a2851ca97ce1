import Foundation
import HTTPTypes
import HummingbirdTesting
import SQLKit
import Testing

@testable import LatchkeyServer

/// Operators sign in with a password and a TOTP code (RFC 6238), through the admin API; their
/// sessions are bearer tokens stored hashed, ended by sign-out, disabling and time.
@Suite struct OperatorSignInTests {
    /// RFC 6238 Appendix B's SHA-1 secret and times, with the six low digits of its eight-digit codes.
    static let rfcSecret = Array("12345678901234567890".utf8)
    static let rfcVectors: [(time: Int64, code: String)] = [
        (59, "287082"), (1_111_111_109, "081804"), (1_111_111_111, "050471"), (1_234_567_890, "005924"), (2_000_000_000, "279037"),
    ]

    @Test func totpMatchesTheRFC6238Vectors() {
        let totp = TOTP(secret: Self.rfcSecret)
        for (time, code) in Self.rfcVectors {
            #expect(totp.code(step: time / 30) == code, "T = \(time)")
        }
        #expect(totp.code(step: 20_000_000_000 / 30) == "353130")
        #expect(Base32.encode(Self.rfcSecret) == "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ")
        #expect(Base32.decode("gezd gnbv gy3t qojq gezd gnbv gy3t qojq") == Self.rfcSecret)
    }

    @Test(arguments: TestStore.enabled) func theRFCVectorsSignInOnceEach(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        _ = try await harness.backend.operators.create(
            username: "rfc",
            role: .viewer,
            password: "operator passphrase 42",
            totpSecret: Self.rfcSecret
        )
        try await harness.run { client in
            for (time, code) in Self.rfcVectors {
                harness.clock.advance(by: TimeInterval(time) - harness.clock.now().timeIntervalSince1970)
                let signIn = ["username": "rfc", "password": "operator passphrase 42", "code": code]
                let answer = try await client.send(.post, "/v1/operator/sessions", json: signIn)
                #expect(answer.status == .created, "T = \(time): \(answer.text)")
                #expect(answer.string("token")?.hasPrefix("lko_") == true)
                // The same code again is refused, even within its step.
                let replay = try await client.send(.post, "/v1/operator/sessions", json: signIn)
                #expect(replay.status == .unauthorized && replay.string("code") == "invalid_code", "T = \(time)")
            }
        }
    }

    @Test(arguments: TestStore.enabled) func codesOneStepAwayCountButOlderOnesAndUsedStepsDoNot(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let vera = try await harness.makeOperator("vera", role: .viewer)
        try await harness.run { client in
            func signIn(_ code: String) async throws -> TestResponse {
                try await client.send(.post, "/v1/operator/sessions", json: ["username": "vera", "password": vera.password, "code": code])
            }
            let tooLate = try await signIn(vera.code(harness, stepsAhead: 2))
            let tooEarly = try await signIn(vera.code(harness, stepsAhead: -2))
            #expect(tooLate.status == .unauthorized && tooEarly.status == .unauthorized)
            let nextStep = try await signIn(vera.code(harness, stepsAhead: 1))
            #expect(nextStep.status == .created)
            // A step before the last one used is refused, though within the window.
            let older = try await signIn(vera.code(harness))
            #expect(older.status == .unauthorized)
            let malformed = try await signIn("12345a")
            #expect(malformed.string("code") == "invalid_code")
        }
    }

    @Test(arguments: TestStore.enabled) func unknownOperatorsWrongPasswordsAndLockedNamesAnswerAlike(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let owen = try await harness.makeOperator("owen", role: .owner)
        try await harness.run { client in
            let unknown = try await client.send(
                .post,
                "/v1/operator/sessions",
                json: ["username": "nobody", "password": owen.password, "code": owen.code(harness)]
            )
            let wrong = try await client.send(
                .post,
                "/v1/operator/sessions",
                json: ["username": "owen", "password": "not the password", "code": owen.code(harness)]
            )
            #expect(unknown.status == .unauthorized && wrong.status == .unauthorized)
            #expect(unknown.string("code") == "invalid_credentials" && wrong.string("code") == "invalid_credentials")
            #expect(unknown.string("title") == wrong.string("title") && unknown.string("detail") == wrong.string("detail"))
            for _ in 0..<4 {
                _ = try await client.send(
                    .post,
                    "/v1/operator/sessions",
                    json: ["username": "owen", "password": "not the password", "code": "000000"]
                )
            }
            // Locked: the right password answers like a wrong one, so a lock tells nothing.
            let locked = try await client.send(
                .post,
                "/v1/operator/sessions",
                json: ["username": "owen", "password": owen.password, "code": owen.code(harness)]
            )
            #expect(locked.status == .unauthorized && locked.string("code") == "invalid_credentials" && locked.headers[.retryAfter] == nil)
            #expect(locked.string("detail") == wrong.string("detail"))
            // A name no operator has is never locked: its answer stays that of a wrong password.
            for _ in 0..<6 {
                let again = try await client.send(.post, "/v1/operator/sessions", json: ["username": "nobody", "password": "x", "code": "000000"])
                #expect(again.status == .unauthorized && again.string("code") == "invalid_credentials")
            }
        }
    }

    /// Wrong passwords lock an operator name (`owner` is in every installation) from the address
    /// they came from only: the operator signs in from theirs with the right password and code.
    @Test(arguments: TestStore.enabled) func failuresLockAnOperatorNameOnlyFromTheirAddress(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { _ in
        } configureServer: {
            $0.trustedProxies = ["127.0.0.1"]
        }
        let owner = try await harness.makeOperator("owner", role: .owner)
        try await harness.run(.live) { client in
            func signIn(from address: String, password: String, code: String) async throws -> TestResponse {
                try await client.send(
                    .post,
                    "/v1/operator/sessions",
                    json: ["username": "owner", "password": password, "code": code],
                    headers: [.forwardedFor: address]
                )
            }
            for attacker in 1...3 {
                for _ in 0..<OperatorService.failureLimit {
                    #expect(try await signIn(from: "203.0.113.\(attacker)", password: "not the password", code: "000000").status == .unauthorized)
                }
            }
            let locked = try await signIn(from: "203.0.113.1", password: owner.password, code: owner.code(harness))
            #expect(locked.status == .unauthorized && locked.string("code") == "invalid_credentials")
            let signedIn = try await signIn(from: "198.51.100.9", password: owner.password, code: owner.code(harness))
            #expect(signedIn.status == .created, "\(signedIn.text)")
        }
    }

    @Test(arguments: TestStore.enabled) func firstSignInEnrollsTheAuthenticatorShownAfterThePassword(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let created = try await harness.backend.operators.create(username: "nina", role: .admin)
        #expect(created.password.count >= 32)
        try await harness.run { client in
            let credentials = ["username": "nina", "password": created.password]
            #expect(try await client.send(.post, "/v1/operator/enrollment", json: ["username": "nina", "password": "wrong"]).status == .unauthorized)
            let enrollment = try await client.send(.post, "/v1/operator/enrollment", json: credentials)
            #expect(enrollment.status == .ok)
            let secret = try #require(enrollment.string("secret").flatMap(Base32.decode))
            #expect(secret.count == 20)
            let uri = try #require(enrollment.string("otpauthURI"))
            #expect(uri.hasPrefix("otpauth://totp/latchkey.test:nina?secret=") && uri.contains("digits=6") && uri.contains("period=30"))
            let code = TOTP(secret: secret).code(step: TOTP.step(at: harness.clock.now()))
            let signIn = try await client.send(.post, "/v1/operator/sessions", json: credentials.merging(["code": code]) { $1 })
            #expect(signIn.status == .created && signIn.value("operator.totpEnrolled") as? Bool == true)
            let again = try await client.send(.post, "/v1/operator/enrollment", json: credentials)
            #expect(again.status == .conflict && again.string("code") == "totp_already_enrolled")
        }
    }

    @Test(arguments: TestStore.enabled) func sessionsEndBySignOutIdlenessLifetimeAndDisabling(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        let owner = try await harness.makeOperator("olga", role: .owner)
        let viewer = try await harness.makeOperator("vic", role: .viewer)
        try await harness.run { client in
            let token = try await harness.operatorToken(client, owner)
            let sessions = try await client.send(.get, "/v1/operator/sessions", token: token)
            #expect((sessions.value("items") as? [Any])?.count == 1)
            // Stored hashed: the token is nowhere in the database.
            let stored = try await harness.backend.driver.read { db in
                try await db.raw("SELECT COUNT(*) AS n FROM operator_sessions WHERE token_hash = \(bind: token)").first()?
                    .decode(column: "n", as: Int64.self)
            }
            #expect(stored == 0)
            #expect(try await client.send(.delete, "/v1/operator/sessions/current", token: token).status == .noContent)
            #expect(try await client.send(.get, "/v1/operator/apps", token: token).status == .unauthorized)

            let idle = try await harness.operatorToken(client, owner)
            harness.clock.advance(by: TimeInterval(OperatorService.idleTimeout + 1))
            #expect(try await client.send(.get, "/v1/operator/apps", token: idle).status == .unauthorized)

            let busy = try await harness.operatorToken(client, owner)
            for _ in 0...(OperatorService.lifetime / 1_500) {
                harness.clock.advance(by: 1_500)
                _ = try await client.send(.get, "/v1/operator/apps", token: busy)
            }
            #expect(try await client.send(.get, "/v1/operator/apps", token: busy).status == .unauthorized)

            let owners = try await harness.operatorToken(client, owner)
            let viewers = try await harness.operatorToken(client, viewer)
            let disabled = try await client.send(.patch, "/v1/operator/operators/\(viewer.id)", json: ["disabled": true], token: owners)
            #expect(disabled.value("disabled") as? Bool == true)
            #expect(try await client.send(.get, "/v1/operator/apps", token: viewers).status == .unauthorized)
            let refused = try await client.send(
                .post,
                "/v1/operator/sessions",
                json: ["username": "vic", "password": viewer.password, "code": viewer.code(harness)]
            )
            #expect(refused.string("code") == "invalid_credentials")
        }
    }
}
