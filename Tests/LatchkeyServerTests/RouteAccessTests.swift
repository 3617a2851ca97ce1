import Foundation
import HTTPTypes
import LatchkeyTestSupport
import Testing

@testable import LatchkeyServer

/// The route table is the whole truth about who may call what: every route's caller is
/// established from its declared ``Access`` before its handler runs, browser forms are read and
/// their token checked by the table, and no handler reads a credential itself.
@Suite struct RouteAccessTests {
    /// Where code outside the authenticator may read a credential, and why that is not a route
    /// authenticating by itself.
    static let credentialReaders: [String: String] = [
        "Auth/": "the authenticator, which the route table runs before every handler",
        "Pages/CSRFProtection.swift": "the form token the table checks",
        "HTTP/RequestReader.swift": "the form reader the table and the OAuth endpoints use",
        "HostedLogin/BrowserSessionStore.swift": "the browser session cookie the table reads for `.browser` routes",
        "HostedLogin/HostedLoginFeature+Logout.swift":
            "`GET /v1/auth/browser-session` reports whether the browser has a session of the app; it grants nothing",
        "HostedLogin/PendingAuthorization.swift":
            "the pending authorization's query, kept to resume a sign-in after an emailed link; it grants nothing: the authorization endpoint checks it again",
        "HostedLogin/ProviderLogin.swift": "the provider flow's cookie binds an answer to the browser that started the flow (its state)",
        "SecondFactor/RememberedBrowsers.swift": "a remembered browser is part of the second factor a sign-in checks",
        "Database/DatabaseCallers.swift": "the data tree's credential schemes, declared in the table",
        "Ops/OpsFeature.swift": "the metrics token's credential scheme, declared in the table",
        "OAuth/": "`.oauthClient` endpoints authenticate their client from the form (RFC 6749 §2.3), as the table declares",
        "Middleware/CORSMiddleware.swift": "reads the token's audience to pick the app's allowed origins; it authenticates nothing",
    ]

    /// What reads a credential from a request: a cookie, the `Authorization` header, a form's
    /// token, an operator's session, a bearer token's claims.
    static let credentialReads = [
        ".cookies[", "headers[.authorization]", "bearerToken(in:", "csrf.verify(", "requests.form(", "operators.authenticate(",
        "anyPrincipal(", "verifiedClaims(", ".verified(", "BrowserSessionStore.cookie(of:",
    ]

    @Test func noHandlerReadsACredentialItself() throws {
        let sources = Repository.url("Sources/LatchkeyServer")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var readers: [String] = []
        for case let file as URL in files where file.pathExtension == "swift" {
            let path = String(file.path.dropFirst(sources.path.count + 1))
            if Self.credentialReaders.keys.contains(where: { path.hasPrefix($0) }) { continue }
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                if let read = Self.credentialReads.first(where: { line.contains($0) }) { readers.append("\(path):\(number + 1) \(read)") }
            }
        }
        #expect(readers.isEmpty, "declare the credential in the route's Access instead: \(readers)")
    }

    @Test func everyConsolePageNeedsAnOperatorButTheSignIn() async throws {
        let harness = try await TestHarness.make(store: .sqlite)
        for route in harness.backend.routes.routes where route.path.hasPrefix("/console") {
            switch (route.operation, route.access) {
            case ("consoleSignInPage", .anyone), ("consoleSignIn", .anyone): break
            case ("consoleTOTPPage", .consoleSecondStep), ("consoleTOTP", .consoleSecondStep): break
            case (_, .consolePage): break
            default: Issue.record("\(route.method) \(route.path) is \(route.access)")
            }
        }
        try await harness.run { _ in }  // closes the backend
    }

    @Test func theTreesSettingsNeedItsAdminAndItsDataItsCredentials() async throws {
        let harness = try await TestHarness.make(store: .sqlite)
        let routes = harness.backend.routes.routes
        // The feature's console pages sign operators in like every console page (above).
        for route in routes where route.feature == DatabaseFeature.id && !route.path.hasPrefix("/console/") {
            guard case .scheme(let scheme) = route.access else {
                Issue.record("\(route.method) \(route.path) is \(route.access)")
                continue
            }
            #expect(scheme.name == (route.path.hasPrefix("/.settings/") ? "database-admin" : "database"), "\(route.operation)")
        }
        #expect(routes.contains { $0.method == .put && $0.path == "/.settings/rules.json" })
        try await harness.run { _ in }  // closes the backend
    }

    /// A browser's post is one of a form the table reads and checks; the one exception is the
    /// provider's `form_post` answer, which comes from the provider's site and is relayed to a
    /// `GET` on this one (see ``HostedLoginFeature/providerCallback(_:context:)``).
    @Test func everyBrowserPostDeclaresItsForm() async throws {
        let harness = try await TestHarness.make(store: .sqlite)
        for route in harness.backend.routes.routes where route.method == .post {
            switch route.access {
            case .browser, .consolePage, .consoleSecondStep:
                #expect(route.form != nil || route.operation == "loginProviderFormPost", "\(route.operation) reads no declared form")
            default:
                break
            }
        }
        try await harness.run { _ in }  // closes the backend
    }

    /// A route anyone may call takes no credential, or is where one is exchanged (a sign-in by
    /// password, a single-use link): nothing else is `.anyone`.
    @Test func routesForAnyoneAreDiscoveryPagesOrCredentialExchanges() async throws {
        let harness = try await TestHarness.make(store: .sqlite)
        let exchanges: Set<String> = [
            "consoleSignIn", "signInOperator", "enrollOperatorTOTP", "verifyEmail", "confirmPasswordReset", "consentAction",
        ]
        for route in harness.backend.routes.routes where route.access == .anyone && route.method != .get {
            #expect(exchanges.contains(route.operation), "\(route.method) \(route.path) is for anyone")
        }
        try await harness.run { _ in }  // closes the backend
    }
}
