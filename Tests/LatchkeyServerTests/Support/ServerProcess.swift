import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore

/// The built `latchkey` executable, run as a child process.
enum LatchkeyBinary {
    /// `.build/debug/latchkey` beside this package (built by `swift build` / `swift test`).
    static var url: URL {
        get throws {
            for candidate in [".build/debug/latchkey", ".build/release/latchkey"] {
                let url = Repository.url(candidate)
                if FileManager.default.isExecutableFile(atPath: url.path) { return url }
            }
            throw HarnessError.unexpected("latchkey binary not found under \(Repository.root.path)/.build; run `swift build` first")
        }
    }

    /// Runs a CLI command to completion, with `input` on its standard input and `environment` added
    /// to this process's; returns exit status and output. A command still running after two
    /// minutes is killed and reported with what it printed, so a hang fails its test instead of
    /// the whole run.
    static func run(
        _ arguments: [String],
        input: String = "",
        environment: [String: String] = [:]
    ) async throws
        -> (status: Int32, stdout: String, stderr: String)
    {
        let files = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-cli-\(UUID().uuidString)").path
        defer {
            for suffix in [".in", ".out", ".err"] { try? FileManager.default.removeItem(atPath: files + suffix) }
        }
        try Data(input.utf8).write(to: URL(fileURLWithPath: files + ".in"))
        let process = try ChildProcess(
            executable: try url.path,
            arguments: arguments,
            environment: TestStore.processEnvironment.merging(environment) { $1 },
            input: files + ".in",
            output: files + ".out",
            errors: files + ".err"
        )
        let status = try await process.exit(within: .seconds(120))
        let stdout = String(decoding: FileManager.default.contents(atPath: files + ".out") ?? Data(), as: UTF8.self)
        let stderr = String(decoding: FileManager.default.contents(atPath: files + ".err") ?? Data(), as: UTF8.self)
        guard let status else {
            process.kill()
            throw HarnessError.unexpected("latchkey \(arguments.joined(separator: " ")) still ran after 120 s: \(stdout)\(stderr)")
        }
        return (status, stdout, stderr)
    }

    /// Runs a CLI command with `--json` and parses its output.
    static func json(_ arguments: [String]) async throws -> Any {
        let result = try await run(arguments + ["--json"])
        guard result.status == 0 else { throw HarnessError.unexpected("\(arguments) failed: \(result.stderr)") }
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }
}

/// A `latchkey serve` child process on a free loopback port. A process still running when its
/// `ServerProcess` goes away (a test that failed before stopping it) is killed.
final class ServerProcess: Sendable {
    /// The `latchkey serve` process.
    let process: ChildProcess
    /// The port it listens on.
    let port: Int
    private let outputPath: String
    private let errorsPath: String

    /// Starts the server on `dataDirectory` and waits for its ready file (`serve --ready-file`).
    /// `environment` adds to the suite's (``TestStore/processEnvironment``); an empty value unsets.
    init(dataDirectory: String, extraArguments: [String] = [], environment: [String: String] = [:]) async throws {
        let files = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-serve-\(UUID().uuidString)").path
        let readyFile = files + ".ready"
        defer { try? FileManager.default.removeItem(atPath: readyFile) }
        outputPath = files + ".out"
        errorsPath = files + ".err"
        process = try ChildProcess(
            executable: try LatchkeyBinary.url.path,
            arguments: ["serve", "--data-dir", dataDirectory, "--port", "0", "--ready-file", readyFile] + extraArguments,
            environment: TestStore.processEnvironment.merging(["LATCHKEY_METRICS_TOKEN": TestHarness.metricsToken]) { $1 }
                .merging(environment) { $1 },
            output: outputPath,
            errors: errorsPath
        )
        for _ in 0..<300 {
            if let ready = FileManager.default.contents(atPath: readyFile),
                let port = (try? JSONSerialization.jsonObject(with: ready) as? [String: Any])?["port"] as? Int
            {
                self.port = port
                return
            }
            if !process.isRunning { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        process.kill()
        throw HarnessError.unexpected(
            "server did not start: \(String(decoding: FileManager.default.contents(atPath: outputPath) ?? Data(), as: UTF8.self))"
        )
    }

    /// Runs `serve` on `dataDirectory` expecting it to refuse to start; returns its exit status and
    /// everything it printed. A server that is still running after 30 s is killed and reported.
    static func refusal(
        dataDirectory: String,
        extraArguments: [String] = [],
        environment: [String: String] = [:]
    ) async throws
        -> (status: Int32, output: String)
    {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-refusal-\(UUID().uuidString)").path
        defer {
            try? FileManager.default.removeItem(atPath: output)
            try? FileManager.default.removeItem(atPath: output + ".err")
        }
        let printed = { ["", ".err"].map { String(decoding: FileManager.default.contents(atPath: output + $0) ?? Data(), as: UTF8.self) }.joined() }
        let process = try ChildProcess(
            executable: try LatchkeyBinary.url.path,
            arguments: ["serve", "--data-dir", dataDirectory, "--port", "0"] + extraArguments,
            environment: TestStore.processEnvironment.merging(environment) { $1 },
            output: output,
            errors: output + ".err"
        )
        guard let status = try await process.exit(within: .seconds(30)) else {
            process.kill()
            throw HarnessError.unexpected("serve started instead of refusing: \(printed())")
        }
        return (status, printed())
    }

    /// Everything the server printed so far.
    var stdout: String { String(decoding: FileManager.default.contents(atPath: outputPath) ?? Data(), as: UTF8.self) }

    /// Everything the server logged so far (its standard error: the log, at `--log-level`).
    var stderr: String { String(decoding: FileManager.default.contents(atPath: errorsPath) ?? Data(), as: UTF8.self) }

    /// The base URL.
    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Sends a signal and waits for the process to end; returns its termination status.
    @discardableResult
    func stop(signal: Int32 = SIGTERM) async throws -> Int32 {
        process.send(signal)
        if let status = try await process.exit(within: .seconds(10)) { return status }
        return process.kill()
    }

    /// A JSON (or, with `form`, URL-encoded) request to the server; returns status and parsed body.
    func request(
        _ method: String,
        _ path: String,
        json: [String: any Sendable]? = nil,
        form: String? = nil,
        clientID: String? = nil,
        token: String? = nil,
        headers: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers = headers
        var body: ByteBuffer?
        if let json {
            body = ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: json))
            headers[.contentType] = "application/json"
        } else if let form {
            body = ByteBuffer(string: form)
            headers[.contentType] = "application/x-www-form-urlencoded"
        }
        if let clientID, let name = HTTPField.Name("Latchkey-Client-Id") { headers[name] = clientID }
        if let token { headers[.authorization] = "Bearer \(token)" }
        let request = TestClient.Request(path, method: HTTPRequest.Method(method) ?? .get, headers: headers, body: body)
        // A NIO client, not URLSession: FoundationNetworking's dispatch sources have crashed a
        // test process that ran many requests at once.
        let response = try await withDeadline(.seconds(60), "\(method) \(path) on \(self.baseURL), which logged: \(self.stderr)") { [port] in
            try await TestClient.withClient(host: "127.0.0.1", port: port) { try await $0.execute(request) }
        }
        return TestResponse(status: response.status, headers: response.headers, body: Data((response.body ?? ByteBuffer()).readableBytesView))
    }

    deinit {
        if process.isRunning {
            process.kill()
        }
        try? FileManager.default.removeItem(atPath: outputPath)
    }
}
