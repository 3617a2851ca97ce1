import Foundation
import HTTPTypes
import Testing

@testable import LatchkeyServer

/// An operator the test created with a known password and authenticator.
struct TestOperator {
    var username: String
    var password: String
    var totp: TOTP
    var id: String

    /// The code the operator's authenticator shows `stepsAhead` steps after the harness's now.
    func code(_ harness: TestHarness, stepsAhead: Int64 = 0) -> String {
        totp.code(step: TOTP.step(at: harness.clock.now()) + stepsAhead)
    }
}

extension TestHarness {
    /// Creates an operator with a random authenticator secret already known to the test.
    func makeOperator(_ username: String, role: OperatorRole, password: String = "operator passphrase 42") async throws -> TestOperator {
        let secret = Array((0..<20).map { _ in UInt8.random(in: 0...255) })
        let created = try await backend.operators.create(username: username, role: role, password: password, totpSecret: secret)
        return TestOperator(username: username, password: password, totp: TOTP(secret: secret), id: created.operator.id)
    }

    /// Signs `signingIn` in through the admin API and returns the session token.
    func operatorToken(_ client: Client, _ signingIn: TestOperator) async throws -> String {
        let answer = try await client.send(
            .post,
            "/v1/operator/sessions",
            json: ["username": signingIn.username, "password": signingIn.password, "code": signingIn.code(self)]
        )
        let token = try #require(answer.string("token"), "operator sign-in failed: \(answer.status) \(answer.text)")
        // The next sign-in needs a later step: each code is accepted once.
        clock.advance(by: 30)
        return token
    }

    /// An owner, an admin and a viewer, signed in through the admin API.
    func operatorTokens(_ client: Client) async throws -> (owner: String, admin: String, viewer: String) {
        let owner = try await operatorToken(client, try await makeOperator("olivia", role: .owner))
        let admin = try await operatorToken(client, try await makeOperator("adam", role: .admin))
        let viewer = try await operatorToken(client, try await makeOperator("vera", role: .viewer))
        return (owner, admin, viewer)
    }
}
