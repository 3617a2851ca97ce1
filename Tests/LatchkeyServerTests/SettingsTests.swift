import Foundation
import HTTPTypes
import LatchkeyServer
import Testing

/// `serve`'s settings through the executable: a flag, a `LATCHKEY_*` variable and a `--config`
/// file (YAML or JSON) for every declared setting, in that order of strength; a bad value in any
/// of them stops the command naming the source and the setting; `config print` shows the result
/// and where each value came from; SIGHUP reloads what can change live.
@Suite(.serialized) struct SettingsTests {
    private func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-settings-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func write(_ text: String, to path: String, mode: Int = 0o600) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    }

    /// `config print --json`, by setting name.
    private func printed(_ arguments: [String], environment: [String: String] = [:]) async throws -> [String: [String: Any]] {
        let result = try await LatchkeyBinary.run(["config", "print", "--json"] + arguments, environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: entries.map { ($0["name"] as? String ?? "", $0) })
    }

    @Test func everySourceSetsEverySettingAndTheStrongerWins() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/latchkey.yaml"
        try write(
            """
            port: 9001
            host: 127.0.0.9
            idle-timeout: 20
            trusted-proxy:
              - 10.0.0.1
              - 10.0.0.2
            metrics-token: from-the-file
            """,
            to: file
        )
        let settings = try await printed(
            ["--config", file, "--port", "9002", "--database", "postgres://latchkey:hunter2@db:5432/latchkey"],
            environment: ["LATCHKEY_PORT": "9003", "LATCHKEY_HOST": "127.0.0.8", "LATCHKEY_MAX_STREAMS": "77"]
        )
        func value(_ name: String) -> String? { settings[name]?["value"] as? String }
        func source(_ name: String) -> String? { settings[name]?["source"] as? String }
        #expect(value("port") == "9002" && source("port") == "the command line")
        #expect(value("host") == "127.0.0.8" && source("host") == "the environment")
        #expect(value("max-streams") == "77" && source("max-streams") == "the environment")
        #expect(value("idle-timeout") == "20.0" && source("idle-timeout") == "the file \(file)")
        #expect(value("trusted-proxy") == "10.0.0.1,10.0.0.2")
        #expect(value("max-queued-writes") == "1024" && source("max-queued-writes") == "the default")
        // Secrets are redacted, a database URL loses its password.
        #expect(value("metrics-token") == "(redacted)")
        #expect(value("database") == "postgres://latchkey:***@db:5432/latchkey")
        // Every declared setting is listed once.
        #expect(Set(settings.keys) == Set(ServerSetting.all.map(\.name)))
        #expect(ServerSetting.all.count == Set(ServerSetting.all.map(\.variable)).count)

        let json = directory + "/latchkey.json"
        try write(#"{"port": 9004, "log-level": "debug", "allow-log-sender": true}"#, to: json)
        let fromJSON = try await printed(["--config", json], environment: ["LATCHKEY_CONFIG": file, "LATCHKEY_LOG_LEVEL": ""])
        #expect(fromJSON["port"]?["value"] as? String == "9004")
        #expect(fromJSON["log-level"]?["value"] as? String == "debug")
        #expect(fromJSON["allow-log-sender"]?["value"] as? String == "true")
        // Without --config, LATCHKEY_CONFIG names the file.
        let fromVariable = try await printed([], environment: ["LATCHKEY_CONFIG": file])
        #expect(fromVariable["port"]?["value"] as? String == "9001")
    }

    /// A bad value stops `serve` before it opens or binds anything, and the message says where the
    /// value came from and what the setting takes.
    @Test func aBadValueInAnySourceStopsTheServerNamingSourceAndSetting() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let yaml = directory + "/bad.yaml"
        try write("max-queued-writes: lots\n", to: yaml)
        let json = directory + "/bad.json"
        try write(#"{"database-pool-size": 0}"#, to: json)
        let readable = directory + "/readable.yaml"
        try write("webhook-secret: abc\n", to: readable, mode: 0o644)
        let misspelled = directory + "/misspelled.yaml"
        try write("prot: 9000\n", to: misspelled)
        let broken = directory + "/broken.yaml"
        try write("port: [1, 2\n", to: broken)
        let cases: [(arguments: [String], environment: [String: String], says: [String])] = [
            ([], ["LATCHKEY_MAX_QUEUED_WRITES": "abc"], ["the environment", "LATCHKEY_MAX_QUEUED_WRITES", "\"abc\"", "whole number"]),
            (["--idle-timeout", "-3"], [:], ["the command line", "--idle-timeout", "positive number of seconds"]),
            (["--config", yaml], [:], ["the file \(yaml)", "max-queued-writes", "\"lots\""]),
            (["--config", json], [:], ["the file \(json)", "database-pool-size", "from 1 to 10000"]),
            (["--log-level", "loud"], [:], ["--log-level", "one of trace, debug"]),
            (["--public-url", "ftp://example.com"], [:], ["--public-url", "http:// or https://"]),
            (["--prot", "1"], [:], ["--prot is not a setting"]),
            (["--metrics-token", "abc"], [:], ["--metrics-token is a secret", "LATCHKEY_METRICS_TOKEN"]),
            (["--config", readable], [:], ["holds webhook-secret, a secret", "chmod 600"]),
            (["--config", broken], [:], ["the file \(broken) does not parse"]),
            (["--config", misspelled], [:], ["has the key prot, which is not a setting"]),
            (["--config", directory + "/missing.yaml"], [:], ["missing.yaml cannot be read"]),
        ]
        for (arguments, environment, says) in cases {
            let data = directory + "/data-\(UUID().uuidString)"
            let refused = try await ServerProcess.refusal(dataDirectory: data, extraArguments: arguments, environment: environment)
            #expect(refused.status != 0)
            for words in says { #expect(refused.output.contains(words), "\(arguments) \(environment): \(refused.output)") }
            #expect(!FileManager.default.fileExists(atPath: data), "\(arguments) opened the data directory before refusing")
        }
    }

    /// SIGHUP reads the file again: the log level applies at once, a changed port is named as
    /// waiting for a restart, and a file that no longer validates changes nothing.
    @Test func sighupAppliesLiveSettingsAndNamesTheOthers() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/latchkey.yaml"
        try write("log-level: warning\nidle-timeout: 15\n", to: file)
        // The suite's LATCHKEY_LOG_LEVEL unset: the file decides.
        let server = try await ServerProcess(
            dataDirectory: directory + "/data",
            extraArguments: ["--config", file],
            environment: ["LATCHKEY_LOG_LEVEL": ""]
        )
        try write("log-level: debug\nidle-timeout: 30\n", to: file)
        server.process.send(SIGHUP)
        let applied = try await eventually(true) { server.stderr.contains("log-level is now debug") }
        #expect(applied, "\(server.stderr)")
        #expect(server.stderr.contains("applied only by a restart: idle-timeout"), "\(server.stderr)")
        try write("log-level: shouting\n", to: file)
        server.process.send(SIGHUP)
        let refused = try await eventually(true) { server.stderr.contains("the settings did not reload") }
        #expect(refused, "\(server.stderr)")
        #expect(server.stderr.contains("\"shouting\""))
        #expect(try await server.request("GET", "/healthz").status == .ok)
        #expect(try await server.stop() == 0)
    }

    /// `--log-format json`: every line the server logs is one JSON object with time, level, label
    /// and message, so a log shipper needs no parser of its own.
    @Test func jsonLogLinesAreOneObjectEach() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try await ServerProcess(
            dataDirectory: directory + "/data",
            extraArguments: ["--log-format", "json", "--log-level", "info"]
        )
        #expect(try await server.stop() == 0)
        let lines = server.stderr.split(separator: "\n")
        #expect(lines.count >= 2, "\(server.stderr)")
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            #expect(object["level"] is String && object["message"] is String && object["time"] is String && object["label"] is String)
        }
        // A calm first start: one line for the schema, not one per migration.
        #expect(lines.filter { $0.contains("migration") }.count == 1, "\(server.stderr)")
    }
}

/// README's table of settings names every declared setting by its flag and its variable, so the
/// documentation cannot fall behind the declarations.
@Suite struct SettingsDocumentationTests {
    @Test func readmeListsEverySetting() throws {
        let readme = try String(contentsOf: Repository.url("README.md"), encoding: .utf8)
        for setting in ServerSetting.all {
            #expect(readme.contains("`\(setting.flag)"), "README does not list \(setting.flag)")
            #expect(readme.contains("`\(setting.variable)"), "README does not list \(setting.variable)")
        }
    }
}
