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
                try await sdk.signUp(username: "kidnoparent", password: "correct horse battery", dateOfBirth: Self.tenYearsAgo, country: "US")
            }
            let kid = try await sdk.signUp(
                username: "kidsdk", password: "correct horse battery", dateOfBirth: Self.tenYearsAgo, country: "US",
                parentEmail: "parent@example.com")
            #expect(kid.isRestricted)
            #expect(kid.consent?.status == .pending)
            await #expect(throws: LatchkeyError.fieldLocked) { try await sdk.updateUser(dateOfBirth: "2000-01-01") }
            try await sdk.resendConsentRequest()

            let events = collect(sdk.authStateChanges) { if case .consentGranted = $0 { true } else { false } }
            let token = try await server.latestLinkToken(to: "parent@example.com")
            #expect(try await Self.post("v1/consent", ["token": token, "action": "grant"], to: server) == 200)
            let refreshed = try await sdk.refreshSession()
            #expect(!refreshed.isRestricted)
            #expect(refreshed.consent?.status == .granted)
            let received = try await events.value
            guard case .consentGranted(let user) = received.last else {
                Issue.record("no consentGranted event: \(received)")
                return
            }
            #expect(user.claims.scope == "openid profile public")
            #expect(received.dropLast().last == .tokenRefreshed(refreshed))
            await #expect(throws: LatchkeyError.consentNotPending) { try await sdk.resendConsentRequest() }

            // A later refresh with the full scope already is no new grant.
            let later = collect(sdk.authStateChanges) { if case .tokenRefreshed = $0 { true } else { false } }
            try await sdk.refreshSession()
            #expect(try await later.value.contains { if case .consentGranted = $0 { true } else { false } } == false)
        }
    }

    /// Ten years before today, `YYYY-MM-DD` (the live server reads the real clock).
    static var tenYearsAgo: String {
        let year = Calendar(identifier: .gregorian).component(.year, from: Date()) - 10
        return "\(year)-01-01"
    }

    /// POSTs a form to the server, as the parent's browser does; answers the status.
    static func post(_ path: String, _ form: [String: String], to server: LiveServer) async throws -> Int {
        var request = URLRequest(url: server.url.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        request.httpBody = Data(
            form.map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0.value)" }.joined(separator: "&").utf8)
        let (_, response) = try await URLSession.shared.data(for: request)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }
}
