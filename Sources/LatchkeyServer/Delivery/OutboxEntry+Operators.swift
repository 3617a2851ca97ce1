public import Foundation

/// What an operator may see of an outbox message, wherever they look — the admin API, the
/// console's outbox page, `latchkey outbox list`: who it is to, why, and how sending it went,
/// never what it says. A queued or dead-lettered message's subject and body carry a live PIN,
/// sign-in code or link (an email's subject too: "123456 is your … code"), and whoever reads them
/// can sign in as its recipient; the purpose tells which template wrote them. This type has no
/// field for either, so no surface built on it can show one.
public struct OperatorOutboxEntry: Codable, Sendable, Equatable {
    /// The message without its subject and body.
    public var message: Envelope
    public var sender: MessageSenderKind
    public var status: OutboxStore.Status
    public var attempts: Int
    public var nextAttemptAt: Date
    public var lastError: String?
    public var providerMessageID: String?
    public var sentAt: Date?

    /// A message's envelope: what an operator needs to find it, retry it or tell its user.
    public struct Envelope: Codable, Sendable, Equatable {
        public var id: String
        public var appID: String?
        public var channel: OutboundMessage.Channel
        /// Why it is sent (`phone_pin`, `email_sign_in`, `reset_password`, `push`, …).
        public var purpose: String
        public var recipient: String
        public var createdAt: Date
    }
}

extension OutboxStore.Entry {
    /// The entry as operators see it.
    public var forOperators: OperatorOutboxEntry {
        OperatorOutboxEntry(
            message: .init(
                id: message.id,
                appID: message.appID,
                channel: message.channel,
                purpose: message.purpose,
                recipient: message.recipient,
                createdAt: message.createdAt
            ),
            sender: sender,
            status: status,
            attempts: attempts,
            nextAttemptAt: nextAttemptAt,
            lastError: lastError,
            providerMessageID: providerMessageID,
            sentAt: sentAt
        )
    }
}
