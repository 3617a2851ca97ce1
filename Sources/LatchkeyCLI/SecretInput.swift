import ArgumentParser
import Foundation

/// A secret given to a command: never its value on the command line, where any local user sees
/// it in the process list and it lands in shell history, but where to read it from.
enum SecretInput {
    /// How `--<option>` names its secret, for `--help`.
    static func help(_ what: String) -> ArgumentHelp {
        ArgumentHelp("\(what): - (read from stdin), @PATH (read from a file) or env:NAME (read from the environment variable).")
    }

    /// The secret `value` names: `-` reads stdin, `@path` a file, `env:NAME` an environment
    /// variable; one trailing newline is dropped. A plain value is refused.
    static func read(_ value: String, option: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        let secret: String
        if value == "-" {
            secret = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        } else if value.hasPrefix("@") {
            guard let data = FileManager.default.contents(atPath: String(value.dropFirst())) else {
                throw ValidationError("--\(option): cannot read \(value.dropFirst())")
            }
            secret = String(decoding: data, as: UTF8.self)
        } else if value.hasPrefix("env:") {
            guard let variable = environment[String(value.dropFirst(4))] else {
                throw ValidationError("--\(option): the environment variable \(value.dropFirst(4)) is not set")
            }
            secret = variable
        } else {
            throw ValidationError(
                "--\(option) does not take the secret itself (other users could read it in the process list): "
                    + "give - to read it from stdin, @PATH to read a file or env:NAME to read an environment variable")
        }
        let trimmed = secret.hasSuffix("\n") ? String(secret.dropLast()) : secret
        guard !trimmed.isEmpty else { throw ValidationError("--\(option): the secret is empty") }
        return trimmed
    }
}
