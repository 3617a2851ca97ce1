/// What went wrong talking to the SMTP server, and what it means for the message.
enum SMTPError: Error, Equatable, CustomStringConvertible {
    /// The server answered `command` with a reply that is not the one expected.
    case refused(SMTPReply, command: String)
    /// No connection (refused, unreachable, a name that does not resolve) or one that broke.
    case connection(String)
    /// The connection closed before the server replied.
    case closed
    /// The connection was found closed before a transaction began (a reused one the server dropped).
    case stale
    /// `step` got no reply within the configured time.
    case timedOut(step: String)
    /// The TLS handshake failed, the usual cause a certificate that does not verify.
    case tls(String)
    /// The server does not offer what the settings require (STARTTLS, an AUTH mechanism).
    case unsupported(String)
    /// The message cannot go through this server whatever the retries (an address it cannot take).
    case cannotSend(String)
    /// The server's bytes are not SMTP.
    case protocolViolation(String)

    var description: String {
        switch self {
        case .refused(let reply, let command): "the SMTP server refused \(command): \(reply)"
        case .connection(let reason): "the connection to the SMTP server failed: \(reason)"
        case .closed, .stale: "the SMTP server closed the connection"
        case .timedOut(let step): "the SMTP server did not answer \(step) in time"
        case .tls(let reason):
            "TLS with the SMTP server failed (its certificate must be valid for smtp-host and trusted by the system "
                + "or smtp-ca-file): \(reason)"
        case .unsupported(let reason), .cannotSend(let reason): reason
        case .protocolViolation(let reason): "the SMTP dialogue broke off: \(reason)"
        }
    }

    /// Whether a reused connection was found unfit before the server took anything: closed while
    /// idle, or a `421` to `MAIL FROM` (a server that ends connections after so many messages).
    var foundClosed: Bool {
        switch self {
        case .stale: true
        case .refused(let reply, let command): reply.code == 421 && command == "MAIL FROM"
        default: false
        }
    }

    /// The commands of one message's transaction; the others open the connection.
    static let transactionCommands: Set<String> = ["MAIL FROM", "RCPT TO", "DATA", "the message"]

    /// What the outbox makes of it (RFC 5321 §4.2.1). A 5xx to the message's own commands will
    /// not change by retrying: the message is dead-lettered with the server's words. Everything
    /// else is retried with backoff: 4xx, no connection, a timeout, a certificate that does not
    /// verify, and a 5xx while opening the connection (a wrong password's 535, a refused EHLO),
    /// which says nothing about the message and goes away once the operator fixes the setting —
    /// the messages waiting meanwhile then go out (a dead letter's PIN or link is gone for good).
    var deliveryFailure: DeliveryFailure {
        switch self {
        case .refused(let reply, let command) where (500..<600).contains(reply.code) && Self.transactionCommands.contains(command):
            DeliveryFailure(permanent: true, reason: description)
        case .cannotSend:
            DeliveryFailure(permanent: true, reason: description)
        default:
            DeliveryFailure(permanent: false, reason: description)
        }
    }
}
