import Foundation
import NIOConcurrencyHelpers

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process started with `posix_spawn`, its output written to files.
///
/// Why not Foundation's `Process`: on Linux (Swift 6.3.1) `Process.run()` crashes now and then —
/// it copies the whole 256-byte `d_name` of each `/proc/self/fd` entry and reads past the end of
/// glibc's buffer (swift-corelibs-foundation PR #5472). The test process keeps many descriptors
/// open and spawns many servers, so it hit that about once in a few suite runs.
final class ChildProcess: Sendable {
    /// The process id.
    let pid: pid_t
    private let status = NIOLockedValueBox<Int32?>(nil)

    /// Starts `executable`; its standard output and error go to the files at `output` and
    /// `errors` (created or truncated), its standard input is the file at `input`.
    init(
        executable: String,
        arguments: [String],
        environment: [String: String],
        input: String = "/dev/null",
        output: String,
        errors: String
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EINVAL) }
        self.pid = pid
    }

    /// The exit status (or the number of the signal that ended it) once the process has ended;
    /// nil while it runs. The child is reaped once, here or in ``waitUntilExit()``.
    var terminationStatus: Int32? {
        status.withLockedValue { status in
            if status == nil {
                var raw: Int32 = 0
                if waitpid(pid, &raw, WNOHANG) == pid { status = Self.decode(raw) }
            }
            return status
        }
    }

    /// Whether the process still runs.
    var isRunning: Bool { terminationStatus == nil }

    /// Blocks until the process ends; returns ``terminationStatus``.
    @discardableResult
    func waitUntilExit() -> Int32 {
        status.withLockedValue { status in
            if let status { return status }
            var raw: Int32 = 0
            while waitpid(pid, &raw, 0) == -1 && errno == EINTR {}
            let decoded = Self.decode(raw)
            status = decoded
            return decoded
        }
    }

    /// Waits up to `limit` for the process to end, without holding a thread; returns
    /// ``terminationStatus``, or nil if it still runs then.
    ///
    /// Why not ``waitUntilExit()``: it holds a thread of Swift's global executor in `waitpid` for
    /// as long as the child runs, with nothing to bound it; a child that never ends held its test
    /// and so the whole run. A cancelled wait kills the child.
    func exit(within limit: Duration) async throws -> Int32? {
        let deadline = ContinuousClock.now + limit
        var pause = Duration.milliseconds(1)
        do {
            while ContinuousClock.now < deadline {
                if let status = terminationStatus { return status }
                try await Task.sleep(for: pause)
                pause = min(pause * 2, .milliseconds(25))
            }
        } catch {
            kill()
            throw error
        }
        return terminationStatus
    }

    /// Sends `signal`.
    func send(_ signal: Int32) {
        sendSignal(signal, to: pid)
    }

    /// Kills the process (`SIGKILL`) and reaps it; returns its termination status.
    @discardableResult
    func kill() -> Int32 {
        send(SIGKILL)
        return waitUntilExit()
    }

    /// `WEXITSTATUS` for a normal exit, else the signal (`WTERMSIG`), as Foundation reports them.
    private static func decode(_ raw: Int32) -> Int32 {
        raw & 0x7f == 0 ? (raw >> 8) & 0xff : raw & 0x7f
    }
}

/// `kill(2)`, under a name that ``ChildProcess/kill()`` does not shadow.
private func sendSignal(_ signal: Int32, to pid: pid_t) {
    kill(pid, signal)
}
