import Hummingbird
import LatchkeyWire

/// `POST /v1/auth/external` (sign in with a provider token) and `/v1/me/identities` (link and
/// unlink providers of the signed-in user).
struct ProvidersFeature: Feature {
    static let id = "providers"
    let backend: LatchkeyBackend

    init(backend: LatchkeyBackend) {
        self.backend = backend
    }

    static let errorCodes: [ErrorCode] = [.unknownProvider, .invalidProviderToken, .identityInUse, .accountExists, .lastIdentity]

    /// Providers are set with `latchkey providers`, which checks each; linking by verified email is a flag.
    static let settings: [AppSetting] = [
        .custom(
            "providers", \.providers, flag: nil, help: "External sign-in providers, by name.",
            parse: { _ in [:] },
            problem: { providers in
                providers.sorted { $0.key < $1.key }.lazy.compactMap { name, provider in
                    provider.problem().map { "provider \(name): \($0)" }
                }.first
            }),
        .boolean(
            "linkProvidersByVerifiedEmail", \.linkProvidersByVerifiedEmail, flag: "link-providers-by-verified-email",
            help: "Link a provider sign-in to the account with the same verified email."),
    ]

    var module: ModuleDeclaration? { ModuleDeclaration(title: "Sign-in with external identity providers", access: .app) }

    func routes(into table: inout RouteTable) {
        let accounts = ExternalAccountService(backend: backend)

        table.on(.post, "/v1/auth/external", operation: "signInWithProvider", access: .app) { request, context in
            let body = try await backend.body(ExternalSignInRequest.self, of: request).value
            let (response, created) = try await accounts.signIn(
                body, app: try context.app, client: backend.client(of: request, context: context))
            return try JSONResponse.make(response, status: created ? .created : .ok)
        }

        table.on(.post, "/v1/me/identities", operation: "linkIdentity", access: .user(.profile)) { request, context in
            let body = try await backend.body(ExternalSignInRequest.self, of: request).value
            let account = try await accounts.link(
                body, principal: try context.user, client: backend.client(of: request, context: context))
            return try JSONResponse.make(account.record)
        }

        table.on(.delete, "/v1/me/identities/{provider}", operation: "unlinkIdentity", access: .user(.profile)) { _, context in
            let account = try await accounts.unlink(name: try context.parameters.require("provider"), principal: try context.user)
            return try JSONResponse.make(account.record)
        }
    }
}
