import Logging

/// The development sender: writes each message to the server log. The outbox row keeps the
/// body, so `latchkey outbox list` shows PINs and links too.
struct LogMessageSender: MessageSender {
    let logger: Logger
    var kind: MessageSenderKind { .log }

    func deliver(_ message: OutboundMessage) async throws -> String? {
        logger.notice(
            "outbox message (log sender)",
            metadata: [
                "id": "\(message.id)", "channel": "\(message.channel.rawValue)", "purpose": "\(message.purpose)",
                "to": "\(message.recipient)", "subject": "\(message.subject ?? "")", "body": "\(message.body)",
            ])
        return nil
    }
}
