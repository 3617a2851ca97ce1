public import ArgumentParser
import Foundation
import LatchkeyServer

/// `latchkey apps providers …`: an app's external sign-in providers (OpenID Connect, Facebook and
/// plain OAuth 2.0, GitHub as a preset).
struct ProvidersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "providers",
        abstract: "Manage an app's external sign-in providers.",
        subcommands: [SetProvider.self, Remove.self, List.self]
    )

    struct SetProvider: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set", abstract: "Add or replace a provider.")
        @OptionGroup var target: AppTarget
        @Option(help: "The name clients use (google, apple, facebook, …).") var name: String
        @Option(help: "oidc, facebook or oauth2 (not needed with --preset).") var kind: ProviderSettings.Kind?
        @Option(help: "github: GitHub's OAuth 2.0 endpoints, scopes and claim paths (with --client-id and --client-secret).")
        var preset: Preset?
        @Option(help: "OpenID Connect issuer URL, exactly as in the tokens' iss claim.") var issuer: String?
        @Option(name: .customLong("client-id"), help: "Client id at the provider (repeatable); Facebook: the app id.")
        var clientIDs: [String] = []
        @Option(name: .customLong("jwks-url"), help: "OpenID Connect JWKS URL (default: from discovery).") var jwksURL: String?
        @Option(
            name: .customLong("client-secret"),
            help: SecretInput.help(
                "Facebook app secret; OpenID Connect: the client secret of the first client id, for the hosted login's provider button"
            )
        ) var clientSecret: String?
        @Option(name: .customLong("graph-url"), help: "Facebook Graph API base URL.") var graphURL: String?
        @Option(
            name: .customLong("scope"),
            help: "OpenID Connect scope the hosted login asks for (repeatable; default: openid email profile; Apple: openid name email)."
        )
        var scopes: [String] = []
        @Option(name: .customLong("response-mode"), help: "OpenID Connect: query (default) or form_post (Apple, when asking for name or email).")
        var responseMode: ProviderSettings.ResponseMode?
        @Option(name: .customLong("team-id"), help: "Sign in with Apple: the team id; with --key-id, --client-secret is the .p8 key.") var teamID:
            String?
        @Option(name: .customLong("key-id"), help: "Sign in with Apple: the .p8 key's id.") var keyID: String?
        @Option(name: .customLong("authorization-url"), help: "OAuth 2.0: the authorization endpoint.") var authorizationURL: String?
        @Option(name: .customLong("token-url"), help: "OAuth 2.0: the token endpoint.") var tokenURL: String?
        @Option(name: .customLong("userinfo-url"), help: "OAuth 2.0: the user-info URL (read with the access token).") var userInfoURL: String?
        @Option(name: .customLong("id-claim"), help: "OAuth 2.0: dotted path of the user id in the user-info JSON (default id).")
        var idClaim: String?
        @Option(name: .customLong("email-claim"), help: "OAuth 2.0: dotted path of the email (default email).") var emailClaim: String?
        @Option(
            name: .customLong("email-verified-claim"),
            help: "OAuth 2.0: dotted path of the email's verification flag (default none: unverified)."
        )
        var emailVerifiedClaim: String?
        @Option(name: .customLong("name-claim"), help: "OAuth 2.0: dotted path of the name (default name).") var nameClaim: String?

        /// Providers whose settings are known.
        enum Preset: String, ExpressibleByArgument {
            case github
        }

        func validate() throws {
            guard (kind == nil) != (preset == nil) else { throw ValidationError("give exactly one of --kind and --preset") }
        }

        func run() async throws {
            let secret = try clientSecret.map { try SecretInput.read($0, option: "client-secret") }
            var provider: ProviderSettings
            switch preset {
            case .github:
                provider = ProviderSettings.github(clientID: clientIDs.first ?? "", clientSecret: secret)
            case nil:
                let defaults = ProviderSettings.ClaimPaths()
                let paths = ProviderSettings.ClaimPaths(
                    id: idClaim ?? defaults.id,
                    email: emailClaim ?? defaults.email,
                    emailVerified: emailVerifiedClaim,
                    name: nameClaim ?? defaults.name
                )
                provider = ProviderSettings(
                    kind: kind ?? .openIDConnect,
                    issuer: issuer,
                    clientIDs: clientIDs,
                    jwksURL: jwksURL,
                    clientSecret: secret,
                    graphURL: graphURL,
                    scopes: nil,
                    responseMode: responseMode,
                    teamID: teamID,
                    keyID: keyID,
                    authorizationURL: authorizationURL,
                    tokenURL: tokenURL,
                    userInfoURL: userInfoURL,
                    claimPaths: kind == .oauth2 ? paths : nil
                )
            }
            if !scopes.isEmpty { provider.scopes = scopes }
            let chosen = provider
            try await target.change { try await $0.admin.setProvider(name, chosen, appID: target.id, by: .commandLine()) }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a provider; its users keep their accounts.")
        @OptionGroup var target: AppTarget
        @Option(help: "The provider's name.") var name: String

        func run() async throws {
            try await target.change { try await $0.admin.removeProvider(name, appID: target.id, by: .commandLine()) }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List an app's providers (secrets are not shown).")
        @OptionGroup var target: AppTarget

        func run() async throws {
            let app = try await target.store.withBackend { try await $0.admin.app(target.id, by: .commandLine()) }
            try target.printProviders(of: app)
        }
    }

    /// What every providers command takes: the store, the output format and the app.
    struct AppTarget: ParsableArguments {
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions
        @Argument(help: "App id or client id.") var id: String

        /// Makes a change through the admin service and prints the app's providers.
        func change(_ change: (LatchkeyBackend) async throws -> App) async throws {
            try printProviders(of: try await store.withBackend(change))
        }

        /// Prints the app's providers by name, without secrets.
        func printProviders(of app: App) throws {
            let listed = app.settings.signInProviders.providers.mapValues(ListedProvider.init)
            let text = app.settings.signInProviders.providers.sorted { $0.key < $1.key }.map { name, provider in
                let source = provider.issuer ?? provider.userInfoURL ?? provider.graphURL ?? "https://graph.facebook.com"
                return "\(name)  \(provider.kind.rawValue)  \(source)  client ids: \(provider.clientIDs.joined(separator: ", "))"
            }
            try output.print(listed, text: text.isEmpty ? "no providers" : text.joined(separator: "\n"))
        }
    }

    /// A provider as listed: its settings with the secret replaced by whether one is set.
    struct ListedProvider: Encodable {
        var settings: ProviderSettings
        var hasClientSecret: Bool

        init(_ settings: ProviderSettings) {
            self.settings = settings
            self.settings.clientSecret = nil
            hasClientSecret = settings.clientSecret != nil
        }

        private enum CodingKeys: String, CodingKey {
            case hasClientSecret
        }

        /// The settings' own members beside `hasClientSecret`, in one object.
        func encode(to encoder: any Encoder) throws {
            try settings.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(hasClientSecret, forKey: .hasClientSecret)
        }
    }
}

extension ProviderSettings.Kind: ExpressibleByArgument {}
extension ProviderSettings.ResponseMode: ExpressibleByArgument {}
