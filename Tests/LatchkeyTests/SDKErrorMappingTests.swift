import Foundation
import LatchkeyWire
import Testing

@testable import Latchkey

/// Every code the server can answer has a case of its own in the SDK, or is listed here with
/// why an app never meets it: a code added to the server without its SDK case fails this test.
@Suite struct SDKErrorMappingTests {
    /// Codes only the app's servers, operators or the protocol's own clients get; the SDK shows
    /// them as `.server(code:message:)` should one ever reach it.
    static let notForApps: [ErrorCode: String] = [
        .notFound: "the SDK's reads of something missing answer nil, and its paths exist",
        .methodNotAllowed: "a method the SDK does not send",
        .forbidden: "a refusal that means what the call refused (a child awaiting consent merging a guest); docs/sdk.md says where",
        .insufficientScope: "a user's token carries every scope the SDK's calls need",
        .invalidField: "a field's code inside validation_failed, never a whole answer's",
        .internalError: "the server's own failure, which an app can only report",
        .serviceUnavailable: "mapped by its status, 503, to .serverUnavailable",
        .leaderboardSortOrderLocked: "only a leaderboards:admin client defines boards",
        .messageExpired: "operators retry dead letters",
        .invalidPasswordHash: "imports are an operator's",
        .invalidTemplate: "email templates are an operator's",
        .emailVerificationRequired: "no longer answered: an email sign-up that awaits its link answers verificationSent",
    ]

    @Test func everyCodeHasAnSDKCaseOrAReasonItNeverReachesAnApp() {
        for code in ErrorCode.allCases where Self.notForApps[code] == nil {
            let problem = Problem(title: "t", status: 400, code: code)
            let error = LatchkeyError(problem: problem, status: 400, retryAfter: nil)
            if case .server = error.kind {
                Issue.record("\(code.rawValue) has no SDK case: add one to LatchkeyError, or say here why no app meets it")
            }
        }
        for code in Self.notForApps.keys {
            #expect(ErrorCode.allCases.contains(code), "\(code.rawValue) is listed but the server no longer answers it")
        }
    }
}
