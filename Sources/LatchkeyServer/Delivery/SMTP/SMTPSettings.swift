import Foundation
import NIOSSL

/// How the smtp sender reaches its relay (``ServerSetting/delivery``, `smtp-*`).
public struct SMTPSettings: Sendable {
    /// How the connection is protected.
    public enum Security: String, Sendable, CaseIterable {
        /// Plain TCP, then STARTTLS, required, with a verified certificate (port 587).
        case starttls
        /// TLS from the first byte (port 465).
        case tls
        /// No TLS: a relay on this machine only (or with ``SMTPSettings/allowsPlaintext``).
        case none
    }

    /// The relay's host name or address.
    public var host: String?
    /// The relay's port; nil: 587 for starttls, 465 for tls, 25 for none.
    public var port: Int?
    public var security = Security.starttls
    /// The AUTH user; nil: no authentication.
    public var username: String?
    public var password: String?
    /// The name sent with EHLO; nil: this machine's host name.
    public var heloName: String?
    /// PEM certificates the relay's certificate may chain to besides the system's (a private relay).
    public var trustRoots: String?
    /// Connections kept open and reused (default 4).
    public var poolSize = 4
    /// How long connecting and each reply may take (default 10 s, under the outbox's 15 s per send).
    public var timeout: Duration = .seconds(10)
    /// Whether `security none` may reach a relay on another machine (default no).
    public var allowsPlaintext = false

    /// The defaults.
    public init() {}

    /// The port connected to.
    var resolvedPort: Int {
        port ?? [.starttls: 587, .tls: 465, .none: 25][security, default: 587]
    }

    /// The EHLO name: the configured one, else the host name when it is a usable domain.
    var resolvedHeloName: String {
        if let heloName { return heloName }
        let name = ProcessInfo.processInfo.hostName
        let usable =
            !name.isEmpty && name.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "." || $0 == "-") }
        return usable ? name : "localhost"
    }

    /// What makes these settings unusable, or nil.
    func problem(from: String?) -> String? {
        guard let host, !host.isEmpty else { return "the smtp sender needs --smtp-host" }
        guard let from, MailAddress.isDeliverable(from) else {
            return "the smtp sender needs --email-from, the address emails come from (name@example.com)"
        }
        if (username == nil) != (password == nil) {
            return "the smtp sender needs both --smtp-username and the smtp-password (LATCHKEY_SMTP_PASSWORD or --smtp-password-file), or neither"
        }
        let loopback = DeliveryConfiguration.isLoopback(host)
        if security == .none && !loopback && !allowsPlaintext {
            return "--smtp-security none sends mail unencrypted; it is allowed for a relay on this machine only, or with --smtp-allow-plaintext"
        }
        if security == .none && !loopback && username != nil {
            return "--smtp-security none would send the SMTP password unencrypted to \(host); use starttls or tls"
        }
        if timeout <= .zero { return "--smtp-timeout must be positive" }
        if let heloName, heloName.isEmpty || heloName.unicodeScalars.contains(where: { !$0.isASCII || $0.value <= 32 }) {
            return "--smtp-helo-name must be a domain name or an address literal"
        }
        if trustRoots != nil && (try? tlsContext()) == nil { return "the smtp-ca-file holds no PEM certificates" }
        return nil
    }

    /// The TLS client context: the system's trust roots and ``trustRoots``, full verification.
    func tlsContext() throws -> NIOSSLContext {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if let trustRoots {
            let roots = try NIOSSLCertificate.fromPEMBytes(Array(trustRoots.utf8))
            guard !roots.isEmpty else { throw SMTPError.unsupported("no certificates") }
            configuration.additionalTrustRoots = [.certificates(roots)]
        }
        return try NIOSSLContext(configuration: configuration)
    }
}

/// What the sender checks in an address before it goes into an SMTP command or a header.
enum MailAddress {
    /// One `local@domain` with no space, control, angle bracket or line break, so it can neither
    /// break a command nor add a header.
    static func isDeliverable(_ address: String) -> Bool {
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, let domain = parts.last, !domain.isEmpty, address.utf8.count <= 320 else { return false }
        return !address.unicodeScalars.contains { $0.value <= 32 || $0.value == 127 || "<>()[],;:\\\"".unicodeScalars.contains($0) }
    }

    /// Whether the address needs SMTPUTF8 (RFC 6531).
    static func isInternational(_ address: String) -> Bool {
        !address.utf8.allSatisfy { $0 < 128 }
    }
}
