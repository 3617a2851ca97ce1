import ArgumentParser
import Foundation
import LatchkeyServer

/// `latchkey apps …`: create, list, show, update apps and rotate their client secrets.
struct AppsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apps", abstract: "Manage apps (tenants).",
        subcommands: [Create.self, List.self, Show.self, Update.self, RotateSecret.self, ProvidersCommand.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create an app; prints its client secret once.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions
        @Option(help: "Display name.") var name: String

        func run() async throws {
            let credentials = try await store.withBackend { try await $0.apps.create(name: name) }
            try output.print(
                credentials,
                text: "app \(credentials.app.id)\nclient id:     \(credentials.app.clientID)\nclient secret: \(credentials.clientSecret)")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List apps.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions

        func run() async throws {
            let apps = try await store.withBackend { try await $0.apps.list() }
            try output.print(apps.map(\.redacted), text: apps.map { "\($0.id)  \($0.clientID)  \($0.name)" }.joined(separator: "\n"))
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show an app and its settings.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions
        @Argument(help: "App id or client id.") var id: String

        func run() async throws {
            let app = try await store.withBackend { try await AppsCommand.find(id, in: $0) }
            try output.print(app.redacted, text: AppsCommand.describe(app))
        }
    }

    struct Update: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Change an app's name or settings.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions
        @Argument(help: "App id or client id.") var id: String
        @Option var name: String?
        @Option(name: .customLong("session-ttl"), help: "Session lifetime in seconds.") var sessionTTL: Int?
        @Option(name: .customLong("session-idle-ttl"), help: "Idle timeout in seconds (0: off).") var sessionIdleTTL: Int?
        @Option(name: .customLong("access-token-ttl"), help: "Access-token lifetime in seconds.") var accessTokenTTL: Int?
        @Option(name: .customLong("refresh-grace"), help: "Refresh-token grace window in seconds.") var refreshGrace: Int?
        @Option(name: .customLong("password-min-length")) var passwordMinLength: Int?
        @Option(name: .customLong("bcrypt-cost")) var bcryptCost: Int?
        @Option(name: .customLong("consent-age")) var consentAge: Int?
        @Option(name: .customLong("sign-in-methods"), help: "Comma-separated: username,email,phone.") var signInMethods: String?
        @Option(name: .customLong("redirect-uri"), help: "Allowed redirect URI (repeatable; replaces the list).")
        var redirectURIs: [String] = []
        @Option(name: .customLong("cors-origin"), help: "Allowed CORS origin (repeatable; replaces the list).")
        var corsOrigins: [String] = []
        @Option(name: .customLong("password-grant"), help: "Enable the OAuth password grant (true/false).")
        var passwordGrant: Bool?
        @Option(name: .customLong("reveal-taken-emails"), help: "Say 'taken' for emails in use (true/false).")
        var revealTakenEmails: Bool?
        @Option(name: .customLong("reveal-unknown-users"), help: "Say user_does_not_exist for unknown users (true/false).")
        var revealUnknownUsers: Bool?
        @Option(name: .customLong("account-failure-limit")) var accountFailureLimit: Int?
        @Option(name: .customLong("ip-failure-limit")) var ipFailureLimit: Int?
        @Option(name: .customLong("email-action-url"), help: "Where email links point (default: the server's /v1/auth/action page).")
        var emailActionURL: String?
        @Option(name: .customLong("recipient-send-limit"), help: "PINs/links per recipient per send window.")
        var recipientSendLimit: Int?
        @Option(name: .customLong("ip-send-limit"), help: "PINs/links requested per IP per send window.") var ipSendLimit: Int?
        @Option(name: .customLong("send-window"), help: "The send window in seconds.") var sendWindow: Int?

        func run() async throws {
            let app = try await store.withBackend { backend -> App in
                var app = try await AppsCommand.find(id, in: backend)
                if let name { app.name = name }
                var settings = app.settings
                if let sessionTTL { settings.sessionTTL = sessionTTL }
                if let sessionIdleTTL { settings.sessionIdleTTL = sessionIdleTTL }
                if let accessTokenTTL { settings.accessTokenTTL = accessTokenTTL }
                if let refreshGrace { settings.refreshGraceSeconds = refreshGrace }
                if let passwordMinLength { settings.passwordMinLength = passwordMinLength }
                if let bcryptCost { settings.bcryptCost = bcryptCost }
                if let consentAge { settings.consentAge = consentAge }
                if let accountFailureLimit { settings.accountFailureLimit = accountFailureLimit }
                if let ipFailureLimit { settings.ipFailureLimit = ipFailureLimit }
                if let passwordGrant { settings.passwordGrantEnabled = passwordGrant }
                if let revealTakenEmails { settings.revealTakenEmails = revealTakenEmails }
                if let revealUnknownUsers { settings.revealUnknownUsers = revealUnknownUsers }
                if let emailActionURL { settings.emailActionURL = emailActionURL.isEmpty ? nil : emailActionURL }
                if let recipientSendLimit { settings.recipientSendLimit = recipientSendLimit }
                if let ipSendLimit { settings.ipSendLimit = ipSendLimit }
                if let sendWindow { settings.sendWindowSeconds = sendWindow }
                if !redirectURIs.isEmpty { settings.redirectURIs = redirectURIs }
                if !corsOrigins.isEmpty { settings.corsOrigins = corsOrigins }
                if let signInMethods {
                    let methods = signInMethods.split(separator: ",").map { SignInMethod(rawValue: String($0)) }
                    guard methods.allSatisfy({ $0 != nil }) else {
                        throw ValidationError("sign-in methods are: \(SignInMethod.allCases.map(\.rawValue).joined(separator: ", "))")
                    }
                    settings.signInMethods = Set(methods.compactMap { $0 })
                }
                if let problem = settings.problem() { throw ValidationError(problem) }
                app.settings = settings
                try await backend.apps.update(app)
                return app
            }
            try output.print(app.redacted, text: AppsCommand.describe(app))
        }
    }

    struct RotateSecret: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rotate-secret", abstract: "Replace the app's client secrets with a new one, printed once.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions
        @Argument(help: "App id or client id.") var id: String

        func run() async throws {
            let (app, secret) = try await store.withBackend { backend in
                let app = try await AppsCommand.find(id, in: backend)
                return (app, try await backend.apps.rotateSecret(appID: app.id))
            }
            try output.print(["clientId": app.clientID, "clientSecret": secret], text: "client secret: \(secret)")
        }
    }

    static func find(_ id: String, in backend: LatchkeyBackend) async throws -> App {
        guard let app = try await backend.apps.find(id) else { throw ValidationError("no app \(id)") }
        return app
    }

    static func describe(_ app: App) -> String {
        let s = app.settings
        return """
            app \(app.id) "\(app.name)"
              client id:          \(app.clientID)
              client secrets:     \(app.secretCount)
              session TTL:        \(s.sessionTTL) s (idle: \(s.sessionIdleTTL == 0 ? "off" : "\(s.sessionIdleTTL) s"))
              access token TTL:   \(s.accessTokenTTL) s
              password minimum:   \(s.passwordMinLength), bcrypt cost \(s.bcryptCost)
              sign-in methods:    \(s.signInMethods.map(\.rawValue).sorted().joined(separator: ", "))
              consent age:        \(s.consentAge)
              password grant:     \(s.passwordGrantEnabled ? "on" : "off")
              email links:        \(s.emailActionURL ?? "the server's /v1/auth/action page")
              send limits:        \(s.recipientSendLimit) per recipient, \(s.ipSendLimit) per IP, per \(s.sendWindowSeconds) s
            """
    }
}

extension App {
    /// The app as the CLI prints it: provider secrets show as `(set)`, never in clear.
    var redacted: App {
        var app = self
        for (name, provider) in app.settings.providers where provider.clientSecret != nil {
            app.settings.providers[name]?.clientSecret = "(set)"
        }
        return app
    }
}
