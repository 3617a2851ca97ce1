import ArgumentParser

/// The `latchkey` executable: the server and its administration.
@main
struct LatchkeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "latchkey",
        abstract: "Self-hosted identity and app backend for mobile apps.",
        subcommands: [
            ServeCommand.self, AppsCommand.self, UsersCommand.self, LeaderboardsCommand.self, WalletCommand.self, DatabaseCommand.self,
            KeysCommand.self, OutboxCommand.self, OperatorsCommand.self, AuditCommand.self, MigrateCommand.self, BackupCommand.self,
            RestoreCommand.self, PushCommand.self, ImportCommand.self, ExportCommand.self, OpenAPICommand.self, ConfigCommand.self,
            EmailTemplatesCommand.self,
        ]
    )
}
