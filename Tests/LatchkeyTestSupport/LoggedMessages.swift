public import Logging
import NIOConcurrencyHelpers

/// The PINs and links the `log` sender wrote, read from the server log as a developer reads them
/// (the outbox keeps no delivered body): a log handler that keeps the log sender's lines and
/// drops every other line.
public final class LoggedMessages: Sendable {
    /// One message as the log sender logged it.
    public struct Message: Sendable {
        /// The outbox message id.
        public var id: String
        /// The phone number or email address.
        public var recipient: String
        /// The purpose (`phone_sign_in`, `password_reset`, …).
        public var purpose: String
        /// The email subject (empty for SMS).
        public var subject: String
        /// The text, with its PIN or link.
        public var body: String
    }

    private let messages = NIOLockedValueBox<[Message]>([])

    /// An empty log.
    public init() {}

    /// A logger whose log sender lines land here.
    public func logger(label: String) -> Logger {
        Logger(label: label) { _ in Handler(messages: self.messages) }
    }

    /// Every message, oldest first.
    public var all: [Message] { messages.withLockedValue { $0 } }

    /// The newest message to `recipient`.
    public func latest(to recipient: String) -> Message? {
        all.last { $0.recipient == recipient }
    }

    private struct Handler: LogHandler {
        let messages: NIOLockedValueBox<[Message]>
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .notice

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            guard event.message.description == "outbox message (log sender)", let fields = event.metadata else { return }
            let field = { (name: String) in fields[name].map { "\($0)" } ?? "" }
            let message = Message(
                id: field("id"),
                recipient: field("to"),
                purpose: field("purpose"),
                subject: field("subject"),
                body: field("body")
            )
            messages.withLockedValue { $0.append(message) }
        }
    }
}
