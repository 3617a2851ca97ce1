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
        if value == "-" {
            return try checked(String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self), option: option)
        } else if value.hasPrefix("@") {
            return try read(file: String(value.dropFirst()), option: option)
        } else if value.hasPrefix("env:") {
            guard let variable = environment[String(value.dropFirst(4))] else {
                throw ValidationError("--\(option): the environment variable \(value.dropFirst(4)) is not set")
            }
            return try checked(variable, option: option)
        } else {
            throw ValidationError(
                "--\(option) does not take the secret itself (other users could read it in the process list): "
                    + "give - to read it from stdin, @PATH to read a file or env:NAME to read an environment variable"
            )
        }
    }

    /// The secret in the file at `path` (an option that names a file, or `@PATH`).
    static func read(file path: String, option: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else { throw ValidationError("--\(option): cannot read \(path)") }
        return try checked(String(decoding: data, as: UTF8.self), option: option)
    }

    /// `secret` without one trailing newline; an empty one is refused.
    private static func checked(_ secret: String, option: String) throws -> String {
        let trimmed = secret.hasSuffix("\n") ? String(secret.dropLast()) : secret
        guard !trimmed.isEmpty else { throw ValidationError("--\(option): the secret is empty") }
        return trimmed
    }
}
