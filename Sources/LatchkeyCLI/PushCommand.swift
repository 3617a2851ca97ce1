public import ArgumentParser
import Foundation
import LatchkeyServer
import LatchkeyWire

/// `latchkey push …`: an app's push credentials, stored sealed with the installation's secret key.
struct PushCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push",
        abstract: "Manage an app's push notification credentials (APNs, FCM).",
        subcommands: [SetAPNs.self, SetFCM.self, Remove.self, Status.self]
    )

    struct SetAPNs: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set-apns",
            abstract: "Set the app's APNs token-auth key (the .p8 file from the developer account)."
        )
        @OptionGroup var store: StoreOptions
        @OptionGroup var app: UsersCommand.AppOption
        @Option(name: .customLong("key"), help: SecretInput.help("The .p8 key's PEM text")) var key: String
        @Option(name: .customLong("key-id"), help: "The key's id (10 characters).") var keyID: String
        @Option(name: .customLong("team-id"), help: "The team id.") var teamID: String
        @Option(help: "The apns-topic: the app's bundle id.") var topic: String
        @Flag(help: "Use Apple's development endpoint (apps signed with a development profile).") var sandbox = false
        @Option(name: .customLong("base-url"), help: "Another APNs endpoint (a stand-in for tests).") var baseURL: String?

        func run() async throws {
            let credentials = try APNsCredentials(
                privateKey: try SecretInput.read(key, option: "key"),
                keyID: keyID,
                teamID: teamID,
                topic: topic,
                baseURL: baseURL ?? (sandbox ? APNsCredentials.sandbox : APNsCredentials.production)
            )
            try await store.withBackend { backend in
                try await backend.setAPNsCredentials(credentials, app: try await app.resolve(in: backend), by: .commandLine())
            }
            print("APNs credentials set for \(topic) (key \(keyID), \(credentials.baseURL))")
        }
    }

    struct SetFCM: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set-fcm",
            abstract: "Set the app's FCM service account (its JSON key file from the Firebase console)."
        )
        @OptionGroup var store: StoreOptions
        @OptionGroup var app: UsersCommand.AppOption
        @Option(name: .customLong("service-account"), help: SecretInput.help("The service account's JSON key")) var serviceAccount: String
        @Option(name: .customLong("base-url"), help: "Another FCM endpoint (a stand-in for tests).") var baseURL: String?

        func run() async throws {
            let json = Data(try SecretInput.read(serviceAccount, option: "service-account").utf8)
            let credentials = try FCMCredentials(serviceAccountJSON: json, baseURL: baseURL ?? FCMCredentials.production)
            try await store.withBackend { backend in
                try await backend.setFCMCredentials(credentials, app: try await app.resolve(in: backend), by: .commandLine())
            }
            print("FCM credentials set for project \(credentials.projectID) (\(credentials.clientEmail))")
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove the app's credentials for a provider; its devices are skipped.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var app: UsersCommand.AppOption
        @Option(help: "apns or fcm.") var provider: PushProvider

        func run() async throws {
            let removed = try await store.withBackend { backend in
                try await backend.removePushCredentials(provider, app: try await app.resolve(in: backend), by: .commandLine())
            }
            print(removed ? "removed" : "the app had no \(provider.rawValue) credentials")
        }
    }

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the providers the app has credentials for.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var app: UsersCommand.AppOption

        func run() async throws {
            let providers = try await store.withBackend { backend in
                try await backend.pushProviders(app: try await app.resolve(in: backend), by: .commandLine())
            }
            print(providers.isEmpty ? "no push credentials" : providers.map(\.rawValue).sorted().joined(separator: "\n"))
        }
    }
}

extension PushProvider: ExpressibleByArgument {}
