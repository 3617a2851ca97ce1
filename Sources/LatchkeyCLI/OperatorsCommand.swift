public import ArgumentParser
import Foundation
import LatchkeyServer

/// `latchkey operators …`: the people who sign in to the console and the admin API.
struct OperatorsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "operators",
        abstract: "Manage the console's operators.",
        subcommands: [Create.self, List.self, Disable.self, Enable.self, ResetTOTP.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create an operator; prints a generated password once (the authenticator is enrolled at the first sign-in)."
        )
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions
        @Argument(help: "The operator's username.") var username: String
        @Option(help: "owner, admin or viewer (default admin).") var role: OperatorRole = .admin

        func run() async throws {
            let created = try await store.withBackend { try await $0.admin.createOperator(username: username, role: role, by: .commandLine()) }
            try output.print(
                created,
                text: "operator \(created.operator.username) (\(created.operator.role.rawValue))\npassword: \(created.password)"
            )
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List operators.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions

        func run() async throws {
            let operators = try await store.withBackend { try await $0.admin.listOperators(by: .commandLine()) }
            try output.print(operators, text: operators.map(OperatorsCommand.line).joined(separator: "\n"))
        }
    }

    struct Disable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Disable an operator and end their sessions.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "Operator id or username.") var id: String

        func run() async throws {
            let changed = try await store.withBackend { try await $0.admin.setOperatorDisabled(true, id: id, by: .commandLine()) }
            print(OperatorsCommand.line(changed))
        }
    }

    struct Enable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Enable a disabled operator.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "Operator id or username.") var id: String

        func run() async throws {
            let changed = try await store.withBackend { try await $0.admin.setOperatorDisabled(false, id: id, by: .commandLine()) }
            print(OperatorsCommand.line(changed))
        }
    }

    struct ResetTOTP: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reset-totp",
            abstract: "Make an operator enroll a new authenticator at their next sign-in; ends their sessions."
        )
        @OptionGroup var store: StoreOptions
        @Argument(help: "Operator id or username.") var id: String

        func run() async throws {
            let changed = try await store.withBackend { try await $0.admin.resetOperatorTOTP(id: id, by: .commandLine()) }
            print(OperatorsCommand.line(changed))
        }
    }

    static func line(_ listed: Operator) -> String {
        let state = [listed.disabled ? "disabled" : nil, listed.totpEnrolled ? nil : "TOTP not enrolled"].compactMap { $0 }
        return "\(listed.id)  \(listed.username)  \(listed.role.rawValue)" + (state.isEmpty ? "" : "  (\(state.joined(separator: ", ")))")
    }
}

extension OperatorRole: ExpressibleByArgument {}
