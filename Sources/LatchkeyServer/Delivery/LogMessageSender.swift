import Logging

/// The development sender: writes each message, live PIN or link included, to the server log
/// (where a developer reads it). Like every sender's, its delivered bodies are dropped from the
/// outbox; `serve` refuses it on an address other than loopback unless told otherwise
/// (``DeliveryConfiguration/servingProblem(host:)``).
struct LogMessageSender: MessageSender {
    let logger: Logger
    var kind: MessageSenderKind { .log }

    func deliver(_ message: OutboundMessage) async throws -> String? {
        logger.notice(
            "outbox message (log sender)",
            metadata: [
                "id": "\(message.id)", "channel": "\(message.channel.rawValue)", "purpose": "\(message.purpose)",
                "to": "\(message.recipient)", "subject": "\(message.subject ?? "")", "body": "\(message.body)",
            ]
        )
        return nil
    }
}
