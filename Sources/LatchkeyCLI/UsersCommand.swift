import ArgumentParser
import Foundation
import LatchkeyServer
import LatchkeyWire

/// `latchkey users …`: list, show, disable, enable and delete an app's users.
struct UsersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users",
        abstract: "Manage an app's users.",
        subcommands: [List.self, Show.self, Disable.self, Enable.self, Delete.self, ResetMFA.self, Seed.self]
    )

    /// The app a users command works in.
    struct AppOption: ParsableArguments {
        @Option(help: "App id or client id.") var app: String

        func resolve(in backend: LatchkeyBackend) async throws -> App {
            try await backend.admin.app(app, by: .commandLine())
        }
    }

    /// A user as the CLI prints it: the API view plus the disabled flag.
    struct Listing: Encodable {
        var user: UserRecord
        var disabled: Bool

        init(_ account: UserAccount) {
            self.init(user: account.record, disabled: account.disabled)
        }

        init(user: UserRecord, disabled: Bool) {
            self.user = user
            self.disabled = disabled
        }

        var line: String {
            "\(user.id)  \(user.username ?? "-")  \(user.email ?? "-")\(disabled ? "  (disabled)" : "")"
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List users, oldest id first.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions
        @OptionGroup var app: AppOption
        @Option(help: "At most this many.") var limit = 100
        @Option(help: "Only users whose id sorts after this one (paging).") var after: String?

        func run() async throws {
            let users = try await store.withBackend { backend in
                try await backend.admin.usersInIDOrder(appID: try await app.resolve(in: backend).id, limit: limit, after: after, by: .commandLine())
            }.map(Listing.init)
            try output.print(users, text: users.map(\.line).joined(separator: "\n"))
        }
    }

    struct Seed: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add users (and sessions) for load tests: the rows sign-up and sign-in make, many at a time.",
            discussion: """
                Users are named PREFIX0000000, PREFIX0000001, … and all get the one bcrypt hash given, since \
                hashing each password would take hours. Prints the users added and the new sessions' \
                refresh tokens (with --json, as {"usersAdded": N, "refreshTokens": […]}).
                """
        )
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions
        @OptionGroup var app: AppOption
        @Option(help: "Add users until the app has this many.") var users: Int
        @Option(help: "Then start a session for this many of them.") var sessions = 0
        @Option(help: "The username prefix.") var prefix = "seed"
        @Option(name: .customLong("password-hash"), help: "The bcrypt hash every seeded user gets.") var passwordHash: String

        struct Result: Encodable {
            var usersAdded: Int
            var refreshTokens: [String]
        }

        func run() async throws {
            guard passwordHash.hasPrefix("$2") else { throw ValidationError("--password-hash takes a bcrypt hash ($2a$, $2b$, $2y$)") }
            let result = try await store.withBackend { backend in
                let app = try await app.resolve(in: backend)
                let added = try await backend.seedUsers(app: app, total: users, prefix: prefix, passwordHash: passwordHash, by: .commandLine())
                let tokens = sessions > 0 ? try await backend.seedSessions(app: app, count: sessions, by: .commandLine()) : []
                return Result(usersAdded: added, refreshTokens: tokens)
            }
            try output.print(result, text: (["added \(result.usersAdded) users"] + result.refreshTokens).joined(separator: "\n"))
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show one user.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions
        @OptionGroup var app: AppOption
        @Argument var id: String

        func run() async throws {
            let user = try await store.withBackend { backend in
                try await backend.admin.user(id, appID: app.app, by: .commandLine())
            }
            let listing = Listing(user: user.user, disabled: user.disabled)
            try output.print(listing, text: listing.line)
        }
    }

    struct Disable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Disable a user and end their sessions.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var app: AppOption
        @Argument var id: String

        func run() async throws {
            try await store.withBackend { backend in
                try await backend.admin.setUserDisabled(true, userID: id, appID: app.app, by: .commandLine())
            }
            print("disabled \(id)")
        }
    }

    struct Enable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Enable a disabled user.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var app: AppOption
        @Argument var id: String

        func run() async throws {
            try await store.withBackend { backend in
                try await backend.admin.setUserDisabled(false, userID: id, appID: app.app, by: .commandLine())
            }
            print("enabled \(id)")
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a user and everything stored about them.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var app: AppOption
        @Argument var id: String

        func run() async throws {
            try await store.withBackend { backend in
                try await backend.admin.deleteUser(id, appID: app.app, by: .commandLine())
            }
            print("deleted \(id)")
        }
    }

    struct ResetMFA: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reset-mfa",
            abstract: "Remove a user's authenticator and recovery codes (a lost phone) and end their sessions."
        )
        @OptionGroup var store: StoreOptions
        @OptionGroup var app: AppOption
        @Argument var id: String

        func run() async throws {
            let removed = try await store.withBackend { backend in
                try await backend.admin.resetSecondFactor(userID: id, appID: app.app, by: .commandLine())
            }
            print(removed ? "reset the second factor of \(id)" : "\(id) had no second factor; sessions ended")
        }
    }
}
