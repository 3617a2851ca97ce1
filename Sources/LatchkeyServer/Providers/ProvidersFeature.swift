import Hummingbird
import LatchkeyWire
import SQLKit

/// `POST /v1/auth/external` (sign in with a provider token) and `/v1/me/identities` (link and
/// unlink providers of the signed-in user).
struct ProvidersFeature: Feature {
    static let id = "providers"
    let requests: RequestReader
    let recentAuthentication: RecentAuthentication

    let accounts: ExternalAccountService
    init(backend: LatchkeyBackend) {
        self.requests = backend.requests
        self.recentAuthentication = RecentAuthentication(sessions: backend.sessions, time: backend.time)
        self.accounts = ExternalAccountService(backend: backend)
    }

    static let errorCodes: [ErrorCode] = [.unknownProvider, .invalidProviderToken, .identityInUse, .accountExists, .lastIdentity]

    /// Providers are set with `latchkey providers`, which checks each; linking by verified email is a flag.
    static let settingsSection: SettingSection? = .signIn

    static let settings: [AppSetting] = [
        .custom(
            "providers",
            \ProvidersSettings.providers,
            flag: nil,
            help: "External sign-in providers, by name.",
            format: { _ in [] },
            parse: { _ in [:] },
            problem: { providers in
                providers.sorted { $0.key < $1.key }.lazy.compactMap { name, provider in
                    provider.problem().map { "provider \(name): \($0)" }
                }.first
            }
        ),
        .boolean(
            "linkProvidersByVerifiedEmail",
            \ProvidersSettings.linkProvidersByVerifiedEmail,
            flag: "link-providers-by-verified-email",
            help: "Link a provider sign-in to the account with the same verified email."
        ),
    ]

    static let migrations = [
        Migration(
            1,
            [
                "CREATE TABLE provider_tokens_used (digest TEXT PRIMARY KEY, expires_at BIGINT NOT NULL)",
                "CREATE INDEX provider_tokens_used_expiry ON provider_tokens_used(expires_at)",
            ]
        )
    ]

    static let tables = [
        OwnedTable.shared("provider_tokens_used", why: "digests of provider ID tokens already used, kept until they expire")
    ]

    /// Used tokens once they could not be accepted anyway.
    static let sweeps = [
        JanitorSweep(name: "providerTokensUsed") { now in
            "DELETE FROM provider_tokens_used WHERE expires_at < \(bind: now) RETURNING digest"
        }
    ]

    static let module: ModuleDeclaration? = ModuleDeclaration(title: "Sign-in with external identity providers", access: .app)

    func routes(into table: inout RouteTable) {

        table.on(.post, "/v1/auth/external", operation: "signInWithProvider", access: .app) { request, context in
            let body = try await requests.body(ExternalSignInRequest.self, of: request).value
            let (response, created) = try await accounts.signIn(
                body,
                app: try context.app,
                client: context.clientInfo
            )
            return try JSONResponse.make(response, status: created ? .created : .ok)
        }

        table.json(.post, "/v1/me/identities", operation: "linkIdentity", access: .user(.profile), body: ExternalSignInRequest.self) {
            body,
            _,
            context in
            try await recentAuthentication.require(try context.user)
            let account = try await accounts.link(
                body,
                principal: try context.user,
                client: context.clientInfo
            )
            return account.record
        }

        table.json(.delete, "/v1/me/identities/{provider}", operation: "unlinkIdentity", access: .user(.profile)) { _, context in
            let account = try await accounts.unlink(name: try context.parameters.require("provider"), principal: try context.user)
            return account.record
        }
    }
}
