public import Foundation

/// One message to send: a PIN by SMS, a link by email, a notification to a device.
public struct OutboundMessage: Sendable, Equatable, Codable {
    /// How the message travels.
    public enum Channel: String, Sendable, Codable {
        case sms
        case email
        /// A push notification to one device: the recipient is its token, the body its provider request.
        case push
    }

    /// The outbox row id; a receiver can use it to drop duplicates of a retried send.
    public var id: String
    /// The app it is sent for.
    public var appID: String?
    public var channel: Channel
    /// Why it is sent: `phone_pin`, `verify_email`, `reset_password`, `change_email`, `push`.
    public var purpose: String
    /// An E.164 number, an email address or a device's push token.
    public var recipient: String
    /// The email subject; nil for SMS.
    public var subject: String?
    /// The plain-text body: an SMS, an email's text part, a push's provider request.
    public var body: String
    /// When it was queued.
    public var createdAt: Date
    /// An email's HTML alternative to ``body``; nil for SMS and push.
    public var html: String? = nil
    /// The display name an email comes from (the app's brand, else its name); nil for SMS and push.
    public var fromName: String? = nil
    /// The address an email comes from; nil: the server's default sender (`--email-from`).
    public var fromAddress: String? = nil
    /// Where replies to an email go; nil: to its sender.
    public var replyTo: String? = nil
}

/// Why a send failed, and whether trying again could help.
struct DeliveryFailure: Error, CustomStringConvertible {
    /// A failure that will not go away by retrying (the provider refused the message).
    var permanent: Bool
    var reason: String
    /// The seconds the provider asked to wait before the next attempt (its `Retry-After`).
    var retryAfter: TimeInterval? = nil

    var description: String { reason }
}

/// Sends messages through one provider. Implementations throw ``DeliveryFailure`` (or any
/// error, taken as temporary) and return the provider's message id when it gives one.
protocol MessageSender: Sendable {
    /// The sender's kind: `log`, `webhook`, `twilio`, `smtp` as configured; `apns`, `fcm` for pushes.
    var kind: MessageSenderKind { get }
    /// Sends one message.
    func deliver(_ message: OutboundMessage) async throws -> String?
}

/// The configurable senders.
public enum MessageSenderKind: String, Sendable, CaseIterable, Codable {
    /// Development: the message goes to the server log (refused off loopback unless allowed).
    case log
    /// POSTs a signed JSON payload to a URL.
    case webhook
    /// Twilio's Messages API (SMS only).
    case twilio
    /// An SMTP relay (email only; ``SMTPSettings``).
    case smtp
    /// Apple Push Notification service (push only; the app's credentials).
    case apns
    /// Firebase Cloud Messaging HTTP v1 (push only; the app's credentials).
    case fcm
}
