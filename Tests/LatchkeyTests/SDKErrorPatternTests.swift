import Foundation
import Latchkey
import LatchkeyServer
import LatchkeyTestSupport
import Testing

/// `catch` patterns match by kind, whatever the payloads, as docs/sdk.md promises.
@Suite struct SDKErrorPatternTests {
    /// Each thrown error, with a pattern of its case whose payloads all differ.
    static let cases: [(thrown: LatchkeyError, pattern: LatchkeyError)] = [
        (.invalidPassword(.tooShort), .invalidPassword(nil)),
        (.invalidPassword(nil), .invalidPassword(.tooCommon)),
        (.validation([.invalidUsername, .invalidEmail]), .validation([])),
        (.network("connection reset"), .network("")),
        (.invalidOperation("bad"), .invalidOperation("")),
        (.rateLimited(retryAfter: 30), .rateLimited(retryAfter: 0)),
        (.signInRequired(module: "me"), .signInRequired(module: "")),
        (.unsupportedVersion(module: "me", version: 3, supported: 1...2), .unsupportedVersion(module: "", version: 0, supported: 0...0)),
        (.accountConflict, LatchkeyError(.accountConflict(field: "email"))),
        (.invalidPasskey(reason: "origin"), .invalidPasskey(reason: "")),
        (.serverUnavailable(retryAfter: 5), .serverUnavailable(retryAfter: nil)),
        (.mfaRequired, LatchkeyError(.mfaRequired(MFAChallenge(token: "t", needsEnrollment: true)))),
        (.webLoginRefused(error: "access_denied", description: "no"), .webLoginRefused(error: "access_denied")),
        (.server(code: "quota_exceeded", message: "over"), .server(code: "quota_exceeded", message: "")),
    ]

    @Test(arguments: cases.indices) func aCatchPatternIgnoresPayloads(_ index: Int) {
        do {
            throw Self.cases[index].thrown
        } catch Self.pattern(at: index) {
            // Caught by its case.
        } catch {
            Issue.record("\(Self.pattern(at: index)) did not catch \(error)")
        }
    }

    /// A call, so `catch` reads it as an expression pattern (`~=`) rather than a new binding.
    static func pattern(at index: Int) -> LatchkeyError { cases[index].pattern }

    @Test func theCaseAndTheNamedCodesStillTellErrorsApart() {
        #expect(!(LatchkeyError.invalidPassword(nil) ~= LatchkeyError.invalidUsername))
        #expect(!(LatchkeyError.server(code: "a", message: "") ~= LatchkeyError.server(code: "b", message: "")))
        #expect(!(LatchkeyError.webLoginRefused(error: "access_denied") ~= LatchkeyError.webLoginRefused(error: "invalid_grant")))
        // Equality (and so `#expect(throws:)`) still compares typed payloads.
        #expect(LatchkeyError.invalidPassword(.tooShort) != .invalidPassword(.tooLong))
    }

    /// The documented pattern against a real rejection from the server.
    @Test func aTooShortPasswordIsCaughtByTheDocumentedPattern() async throws {
        try await serving(try await LiveServer.start()) { server in
            do {
                try await server.client().auth.signUp(username: "short01", password: "123")
                Issue.record("expected a password rejection")
            } catch LatchkeyError.invalidPassword(nil) {
                // The rejection's reason (.tooShort) does not keep the pattern from matching.
            }
        }
    }
}
