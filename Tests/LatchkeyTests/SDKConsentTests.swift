import Foundation
import Latchkey
import LatchkeyServer
import LatchkeyTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A child's account in the SDK: the pending state on the current user, and the auth event a
/// refresh emits once the parent has granted consent on the server's page.
@Suite struct SDKConsentTests {
    @Test func aGrantedConsentIsAnAuthEvent() async throws {
        try await serving(try await LiveServer.start()) { server in
            let sdk = server.client()
            await #expect(throws: LatchkeyError.parentEmailRequired) {
                try await sdk.auth.signUp(username: "kidnoparent", password: "correct horse battery", dateOfBirth: Self.tenYearsAgo, country: "US")
            }
            let kid = try await sdk.auth.signUp(
                username: "kidsdk",
                password: "correct horse battery",
                dateOfBirth: Self.tenYearsAgo,
                country: "US",
                parentEmail: "parent@example.com"
            )
            #expect(kid.isRestricted)
            #expect(kid.consent?.status == .pending)
            await #expect(throws: LatchkeyError.fieldLocked) { try await sdk.auth.updateUser(dateOfBirth: "2000-01-01") }
            try await sdk.auth.resendConsentRequest()

            let events = collect(sdk.authStateChanges) { if case .consentGranted = $0 { true } else { false } }
            let token = try await server.latestLinkToken(to: "parent@example.com")
            #expect(try await Self.parentPresses("grant", token: token, on: server) == 200)
            let refreshed = try await sdk.auth.refreshSession()
            #expect(!refreshed.isRestricted)
            #expect(refreshed.consent?.status == .granted)
            let received = try await events.value
            guard case .consentGranted(let user) = received.last else {
                Issue.record("no consentGranted event: \(received)")
                return
            }
            #expect(user.session.claims.scope == "openid profile public")
            #expect(received.dropLast().last == .tokenRefreshed(refreshed))
            await #expect(throws: LatchkeyError.consentNotPending) { try await sdk.auth.resendConsentRequest() }

            // A later refresh with the full scope already is no new grant.
            let later = collect(sdk.authStateChanges) { if case .tokenRefreshed = $0 { true } else { false } }
            try await sdk.auth.refreshSession()
            #expect(try await later.value.contains { if case .consentGranted = $0 { true } else { false } } == false)
        }
    }

    /// Ten years before today, `YYYY-MM-DD` (the live server reads the real clock).
    static var tenYearsAgo: String {
        let year = Calendar(identifier: .gregorian).component(.year, from: Date()) - 10
        return "\(year)-01-01"
    }

    /// Opens the parent's page of `token` and presses its `action` button, as the parent's
    /// browser does; answers the status.
    static func parentPresses(_ action: String, token: String, on server: LiveServer) async throws -> Int {
        let browser = FormBrowser()
        var page = URLComponents(url: server.url.appendingPathComponent("v1/consent"), resolvingAgainstBaseURL: false)
        page?.queryItems = [URLQueryItem(name: "token", value: token)]
        let form = try await browser.get(try #require(page?.url))
        let fields = ["token": token, "action": action, "csrf_token": try #require(form.csrfToken)]
        return try await browser.post(server.url.appendingPathComponent("v1/consent"), form: fields).status
    }
}
