import Foundation

/// Who runs this process and where, as the audit log names the command line's actions.
enum SystemIdentity {
    /// The login name of the effective user id, or `uid:<n>` when the passwords database has
    /// none (a container's arbitrary user).
    static var userName: String {
        let uid = geteuid()
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return "uid:\(uid)" }
        return String(cString: name)
    }

    /// The machine's host name, or `unknown-host`.
    static var hostName: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "unknown-host" }
        let name = String(cString: buffer)
        return name.isEmpty ? "unknown-host" : name
    }
}
