public import ArgumentParser
import Foundation
import LatchkeyServer

/// `latchkey apps providers …`: an app's external sign-in providers (OpenID Connect and Facebook).
struct ProvidersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "providers", abstract: "Manage an app's external sign-in providers.",
        subcommands: [SetProvider.self, Remove.self, List.self])

    struct SetProvider: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set", abstract: "Add or replace a provider.")
        @OptionGroup var target: AppTarget
        @Option(help: "The name clients use (google, apple, facebook, …).") var name: String
        @Option(help: "oidc or facebook.") var kind: ProviderSettings.Kind
        @Option(help: "OpenID Connect issuer URL, exactly as in the tokens' iss claim.") var issuer: String?
        @Option(name: .customLong("client-id"), help: "Client id at the provider (repeatable); Facebook: the app id.")
        var clientIDs: [String] = []
        @Option(name: .customLong("jwks-url"), help: "OpenID Connect JWKS URL (default: from discovery).") var jwksURL: String?
        @Option(name: .customLong("client-secret"), help: SecretInput.help("Facebook app secret; OpenID Connect: the client secret of the first client id, for the hosted login's provider button")) var clientSecret: String?
        @Option(name: .customLong("graph-url"), help: "Facebook Graph API base URL.") var graphURL: String?

        func run() async throws {
            let secret = try clientSecret.map { try SecretInput.read($0, option: "client-secret") }
            let provider = ProviderSettings(
                kind: kind, issuer: issuer, clientIDs: clientIDs, jwksURL: jwksURL, clientSecret: secret, graphURL: graphURL)
            try await target.change { try await $0.admin.setProvider(name, provider, appID: target.id, by: .commandLine()) }
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
            let listed = app.settings.providers.mapValues(ListedProvider.init)
            let text = listed.sorted { $0.key < $1.key }.map { name, provider in
                let source = provider.issuer ?? provider.graphURL ?? "https://graph.facebook.com"
                return "\(name)  \(provider.kind.rawValue)  \(source)  client ids: \(provider.clientIDs.joined(separator: ", "))"
            }
            try output.print(listed, text: text.isEmpty ? "no providers" : text.joined(separator: "\n"))
        }
    }

    /// A provider as listed: its settings with the secret replaced by whether one is set.
    struct ListedProvider: Encodable {
        var kind: ProviderSettings.Kind
        var issuer: String?
        var clientIDs: [String]
        var jwksURL: String?
        var graphURL: String?
        var hasClientSecret: Bool

        init(_ settings: ProviderSettings) {
            kind = settings.kind
            issuer = settings.issuer
            clientIDs = settings.clientIDs
            jwksURL = settings.jwksURL
            graphURL = settings.graphURL
            hasClientSecret = settings.clientSecret != nil
        }
    }
}

extension ProviderSettings.Kind: ExpressibleByArgument {}
