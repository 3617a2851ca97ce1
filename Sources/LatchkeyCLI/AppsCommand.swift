import ArgumentParser
import Foundation
import LatchkeyServer

/// `latchkey apps …`: create, list, show, update apps and rotate their client secrets.
struct AppsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apps",
        abstract: "Manage apps (tenants).",
        subcommands: [Create.self, List.self, Show.self, Update.self, RotateSecret.self, ProvidersCommand.self, ServiceAccountCommand.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create an app; prints its client secret once.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions
        @Option(help: "Display name.") var name: String

        func run() async throws {
            let credentials = try await store.withBackend { try await $0.admin.createApp(name: name, by: .commandLine()) }
            try output.print(
                credentials,
                text: "app \(credentials.app.id)\nclient id:     \(credentials.app.clientID)\nclient secret: \(credentials.clientSecret)"
            )
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List apps.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions

        func run() async throws {
            let apps = try await store.withBackend { try await $0.admin.listApps(by: .commandLine()) }
            try output.print(apps, text: apps.map { "\($0.id)  \($0.clientID)  \($0.name)" }.joined(separator: "\n"))
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show an app and its settings.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions
        @Argument(help: "App id or client id.") var id: String

        func run() async throws {
            let app = try await store.withBackend { try await $0.admin.app(id, by: .commandLine()) }
            try output.print(app, text: AppsCommand.describe(app))
        }
    }

    struct Update: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change an app's name or settings.",
            discussion: "Settings:\n" + AppSettings.flagHelp
        )
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions
        @Argument(help: "App id or client id.") var id: String
        @Option var name: String?
        @Argument(parsing: .allUnrecognized, help: "Settings to change, as --flag value (see the list above).")
        var settings: [String] = []

        func run() async throws {
            let changes: [SettingChange]
            do {
                changes = try AppSettings.changes(fromArguments: settings)
            } catch let error as InvalidAppSetting {
                throw ValidationError(error.description)
            }
            let app = try await store.withBackend { try await $0.admin.updateApp(id, name: name, changes: changes, by: .commandLine()) }
            try output.print(app, text: AppsCommand.describe(app))
        }
    }

    struct RotateSecret: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rotate-secret",
            abstract: "Replace the app's client secrets with a new one, printed once."
        )
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions
        @Argument(help: "App id or client id.") var id: String

        func run() async throws {
            let (app, secret) = try await store.withBackend { try await $0.admin.rotateSecret(id, by: .commandLine()) }
            try output.print(["clientId": app.clientID, "clientSecret": secret], text: "client secret: \(secret)")
        }
    }

    static func describe(_ app: App) -> String {
        let s = app.settings
        let countryAges = s.kids.consentAgeByCountry.sorted { $0.key < $1.key }.map { "; \($0.key) \($0.value)" }.joined()
        return """
            app \(app.id) "\(app.name)"
              client id:          \(app.clientID)
              client secrets:     \(app.secretCount)
              session TTL:        \(s.auth.sessionTTL) s (idle: \(s.auth.sessionIdleTTL == 0 ? "off" : "\(s.auth.sessionIdleTTL) s"))
              access token TTL:   \(s.auth.accessTokenTTL) s
              password minimum:   \(s.auth.passwordMinLength), bcrypt cost \(s.auth.bcryptCost)
              sign-in methods:    \(s.auth.signInMethods.map(\.rawValue).sorted().joined(separator: ", "))
              consent age:        \(s.kids.consentAge) by default\(countryAges), pending accounts kept \(s.kids.pendingConsentDays) days
              password grant:     \(s.oauth.passwordGrantEnabled ? "on" : "off")
              email links:        \(s.email.emailActionURL ?? "the server's /v1/auth/action page")
              send limits:        \(s.delivery.recipientSendLimit) per recipient, \(s.delivery.ipSendLimit) per IP, per \(s.delivery.sendWindowSeconds) s
            """
    }
}
