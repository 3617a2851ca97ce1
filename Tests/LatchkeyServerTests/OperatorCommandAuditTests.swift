import Crypto
import Foundation
import Testing

/// Every `latchkey` command an operator runs goes through the operator service that checks the
/// role and writes the audit row, as the console and the admin API do: a command that changes
/// something, or reads a user's data, leaves a row naming the command line. A command added to the
/// CLI fails ``everyCommandSaysWhichPathItTakes()`` until it is placed below, and the commands
/// placed as audited are run and their rows looked for.
@Suite struct OperatorCommandAuditTests {
    /// What a command is, for the audit log.
    enum Path: Equatable {
        /// An operator action; it leaves a row with this action.
        case audited(String)
        /// An operator's read of settings or lists that hold no user's data (roles still apply).
        case read
        /// Runs the installation or prints what the binary holds, not an operator action.
        case installation
    }

    static let commands: [String: Path] = [
        "serve": .installation, "migrate": .installation, "backup": .installation, "restore": .installation,
        "openapi": .installation, "config print": .installation, "help": .installation, "audit": .read,
        "apps create": .audited("app.create"), "apps list": .read, "apps show": .read, "apps update": .audited("app.update"),
        "apps rotate-secret": .audited("app.rotate_secret"), "apps providers set": .audited("app.provider.set"),
        "apps providers remove": .audited("app.provider.remove"), "apps providers list": .read,
        "apps service-account create": .audited("service_account.key.create"), "apps service-account list": .read,
        "apps service-account revoke": .audited("service_account.key.revoke"),
        "users list": .audited("users.search"), "users show": .audited("user.read"), "users disable": .audited("user.disable"),
        "users enable": .audited("user.enable"), "users delete": .audited("user.delete"), "users reset-mfa": .audited("user.reset_mfa"),
        "users seed": .audited("users.seed"),
        "leaderboards create": .audited("leaderboard.define"), "leaderboards list": .read, "leaderboards delete": .audited("leaderboard.delete"),
        "leaderboards remove-score": .audited("leaderboard.score.remove"), "leaderboards seed": .audited("leaderboard.seed"),
        "wallet show": .audited("wallet.read"), "wallet ledger": .audited("wallet.read"),
        "database rules get": .read, "database rules set": .audited("app.rules.set"),
        "keys rotate": .audited("keys.rotate"),
        "outbox list": .audited("outbox.read"), "outbox retry": .audited("outbox.retry"),
        "operators create": .audited("operator.create"), "operators list": .read, "operators disable": .audited("operator.disable"),
        "operators enable": .audited("operator.enable"), "operators reset-totp": .audited("operator.reset_totp"),
        "push set-apns": .audited("push.credentials.set"), "push set-fcm": .audited("push.credentials.set"),
        "push remove": .audited("push.credentials.remove"), "push status": .read,
        "import users": .audited("users.import"), "export users": .audited("users.export"),
        "email-templates list": .read, "email-templates show": .read, "email-templates set": .audited("email_template.set"),
        "email-templates reset": .audited("email_template.reset"), "email-templates preview": .read,
    ]

    @Test func everyCommandSaysWhichPathItTakes() async throws {
        let dump = try await LatchkeyBinary.run(["--experimental-dump-help"])
        #expect(dump.status == 0, "\(dump.stderr)")
        let tree = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let leaves = Self.leaves(of: try #require(tree["command"] as? [String: Any]), path: [])
        #expect(Set(leaves) == Set(Self.commands.keys), "place each new command in OperatorCommandAuditTests.commands")
    }

    /// Runs the audited commands an installation can run on its own (all but `outbox retry`, which
    /// needs a dead letter and has its own test, and `push set-fcm`, which shares `set-apns`'s
    /// action) in one data directory, then reads the log with `latchkey audit`.
    @Test func eachAuditedCommandLeavesItsRow() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-audit-cli-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let data = ["--data-dir", directory + "/data"]
        let app = try await LatchkeyBinary.createApp("Audited", in: data).id
        let run = { (arguments: [String]) async throws -> String in
            let result = try await LatchkeyBinary.run(arguments + data)
            #expect(result.status == 0, "latchkey \(arguments.joined(separator: " ")): \(result.stderr)")
            return result.stdout
        }
        let hash = "$2b$04$" + String(repeating: "a", count: 53)
        _ = try await run(["users", "seed", "--app", app, "--users", "3", "--password-hash", hash])
        let users = try await run(["users", "list", "--app", app]).split(separator: "\n").compactMap {
            $0.split(separator: " ").first.map(String.init)
        }
        let user = try #require(users.first, "no user listed")
        for command in [["show"], ["disable"], ["enable"], ["reset-mfa"]] { _ = try await run(["users"] + command + ["--app", app, user]) }
        _ = try await run(["wallet", "show", "--app", app, "--user", user])
        _ = try await run(["wallet", "ledger", "--app", app, "--user", user])
        _ = try await run(["leaderboards", "create", "--app", app, "points"])
        _ = try await run(["leaderboards", "seed", "--app", app, "points", "--entries", "3"])
        _ = try await run(["leaderboards", "remove-score", "--app", app, "points", user])
        _ = try await run(["leaderboards", "delete", "--app", app, "points"])
        let keyFile = directory + "/key.json"
        _ = try await run(["apps", "service-account", "create", "--app", app, "--out", keyFile])
        let key = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: keyFile))) as? [String: Any])
        _ = try await run(["apps", "service-account", "revoke", "--app", app, try #require(key["private_key_id"] as? String)])
        _ = try await run(["apps", "update", app, "--name", "Audited again"])
        _ = try await run(["apps", "rotate-secret", app])
        let facebookSecret = directory + "/facebook-secret"
        try "not-a-real-secret".write(toFile: facebookSecret, atomically: true, encoding: .utf8)
        let facebook = ["--name", "facebook", "--kind", "facebook", "--client-id", "1234", "--client-secret", "@" + facebookSecret]
        _ = try await run(["apps", "providers", "set", app] + facebook)
        _ = try await run(["apps", "providers", "remove", app, "--name", "facebook"])
        let rules = directory + "/rules.json"
        try #"{"rules": {".read": false, ".write": false}}"#.write(toFile: rules, atomically: true, encoding: .utf8)
        _ = try await run(["database", "rules", "set", "--app", app, rules])
        _ = try await run(["keys", "rotate"])
        _ = try await run(["outbox", "list"])
        _ = try await run(["operators", "create", "ops"])
        for command in ["disable", "enable", "reset-totp"] { _ = try await run(["operators", command, "ops"]) }
        let apnsKey = directory + "/AuthKey.p8"
        try P256.Signing.PrivateKey().pemRepresentation.write(toFile: apnsKey, atomically: true, encoding: .utf8)
        let apns = ["--key-id", "ABC123DEFG", "--team-id", "TEAM123456", "--topic", "com.example.audited"]
        _ = try await run(["push", "set-apns", "--app", app, "--key", "@" + apnsKey] + apns)
        _ = try await run(["push", "remove", "--app", app, "--provider", "apns"])
        let imported = directory + "/users.jsonl"
        try #"{"externalId": "ext-1", "username": "imported_one"}"#.write(toFile: imported, atomically: true, encoding: .utf8)
        _ = try await run(["import", "users", "--app", app, imported])
        _ = try await run(["export", "users", "--app", app, "--output", directory + "/export.jsonl"])
        _ = try await run(["email-templates", "set", "--app", app, "--purpose", "verify_email", "--language", "en", "--subject", "Hello"])
        _ = try await run(["email-templates", "reset", "--app", app, "--purpose", "verify_email", "--language", "en"])
        _ = try await run(["users", "delete", "--app", app, user])

        let log = try #require(try await LatchkeyBinary.json(["audit", "--limit", "200"] + data) as? [[String: Any]])
        let byCommandLine = Set(log.filter { ($0["actor"] as? String)?.hasPrefix("cli:") == true }.compactMap { $0["action"] as? String })
        let exempt: Set = ["outbox retry", "push set-fcm"]
        for (command, path) in Self.commands where !exempt.contains(command) {
            guard case .audited(let action) = path else { continue }
            #expect(byCommandLine.contains(action), "latchkey \(command) left no \(action) row")
        }
    }

    /// The command names under `command`, each a path of subcommand names (`apps providers set`).
    private static func leaves(of command: [String: Any], path: [String]) -> [String] {
        let children = command["subcommands"] as? [[String: Any]] ?? []
        guard !children.isEmpty else { return [path.joined(separator: " ")] }
        return children.flatMap { leaves(of: $0, path: path + [$0["commandName"] as? String ?? ""]) }
    }
}
