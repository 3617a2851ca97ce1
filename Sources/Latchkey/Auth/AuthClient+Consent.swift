import Foundation
import LatchkeyWire

extension AuthClient {
    /// Emails the parent of the signed-in child a new consent link (the one sent at sign-up
    /// expires after a week). Throws ``LatchkeyError/consentNotPending`` once the parent has
    /// answered, and ``LatchkeyError/rateLimited(retryAfter:)`` past the daily limits.
    public func resendConsentRequest() async throws {
        _ = try await transport.send(.post, "v1/me/consent/request")
    }

    /// Emails `parentEmail` a link to manage each of their children's accounts in this app
    /// (review what is stored, withdraw consent, delete). The answer is the same whether or not
    /// the address is a parent's.
    public func requestConsentLinks(parentEmail: String) async throws {
        _ = try await transport.send(.post, "v1/consent/links", body: ConsentLinksRequest(parentEmail: parentEmail), as: .none)
    }
}
