import AsyncHTTPClient
import Foundation
import Logging

/// Which sender each channel uses, and the senders' settings (``ServerSetting/delivery``).
public struct DeliveryConfiguration: Sendable {
    /// The SMS sender (default `log`).
    public var smsSender = MessageSenderKind.log
    /// The email sender (default `log`; `twilio` sends SMS only, `smtp` email only).
    public var emailSender = MessageSenderKind.log
    /// The address emails come from when the app names none (`--email-from`; the smtp sender's).
    public var emailFrom: String?
    /// The smtp sender's relay.
    public var smtp = SMTPSettings()
    /// Where the webhook sender POSTs.
    public var webhookURL: String?
    /// The HMAC key of the webhook sender's `Latchkey-Signature` header.
    public var webhookSecret: String?
    /// Twilio account SID.
    public var twilioAccountSID: String?
    /// Twilio auth token.
    public var twilioAuthToken: String?
    /// The Twilio sending number (E.164).
    public var twilioFrom: String?
    /// Twilio's API base URL (default `https://api.twilio.com`).
    public var twilioBaseURL = "https://api.twilio.com"
    /// Attempts before a message is dead-lettered (default 8).
    public var maximumAttempts = 8
    /// Whether `serve` may use the log sender on an address other than loopback (default no:
    /// the log sender writes live PINs and sign-in links to the log, which is for development).
    public var allowsLogSenderOffLoopback = false

    /// Default delivery: both channels to the log.
    public init() {}

    /// What is missing for the chosen senders, or nil; the URLs are https (http only to a loopback host).
    public func problem() -> String? {
        if emailSender == .twilio { return "the twilio sender sends SMS only; choose log, webhook or smtp for email" }
        if smsSender == .smtp { return "the smtp sender sends email only; choose log, webhook or twilio for SMS" }
        if [smsSender, emailSender].contains(where: { [.apns, .fcm].contains($0) }) {
            return "apns and fcm send push notifications only; choose log, webhook or twilio for SMS and email"
        }
        let kinds = [smsSender, emailSender]
        if kinds.contains(.webhook) && (webhookURL == nil || (webhookSecret ?? "").isEmpty) {
            return "the webhook sender needs a webhook URL and secret"
        }
        if emailSender == .smtp, let problem = smtp.problem(from: emailFrom) { return problem }
        if let problem = webhookURL.flatMap({ OutboundHTTP.problem($0, name: "the webhook URL") }) { return problem }
        if let problem = OutboundHTTP.problem(twilioBaseURL, name: "the Twilio base URL") { return problem }
        if kinds.contains(.twilio) && (twilioAccountSID == nil || twilioAuthToken == nil || twilioFrom == nil) {
            return "the twilio sender needs an account SID, auth token and from number"
        }
        return nil
    }

    /// Why serving on `host` with these senders is refused, or nil: the log sender on an
    /// address other than loopback, unless ``allowsLogSenderOffLoopback``.
    public func servingProblem(host: String) -> String? {
        guard [smsSender, emailSender].contains(.log), !allowsLogSenderOffLoopback, !Self.isLoopback(host) else { return nil }
        return """
            the log sender writes live PINs and sign-in links to the server log; it is for development on a loopback \
            address, not \(host). Choose --sms-sender webhook or twilio and --email-sender webhook or smtp, or accept it \
            with --allow-log-sender (LATCHKEY_ALLOW_LOG_SENDER=1)
            """
    }

    /// Whether `host` names only this machine: `localhost`, 127.0.0.0/8 or `::1`.
    static func isLoopback(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        if bare == "localhost" || bare == "::1" { return true }
        let octets = bare.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }

    /// The sender for each configured kind.
    func makeSenders(time: any TimeSource, logger: Logger) -> [MessageSenderKind: any MessageSender] {
        var senders: [MessageSenderKind: any MessageSender] = [.log: LogMessageSender(logger: logger)]
        if let webhookURL, let webhookSecret {
            senders[.webhook] = WebhookMessageSender(url: webhookURL, secret: webhookSecret, client: OutboundHTTP.client, time: time)
        }
        if let twilioAccountSID, let twilioAuthToken, let twilioFrom {
            senders[.twilio] = TwilioMessageSender(
                baseURL: twilioBaseURL,
                accountSID: twilioAccountSID,
                authToken: twilioAuthToken,
                from: twilioFrom,
                client: OutboundHTTP.client
            )
        }
        if emailSender == .smtp, let emailFrom {
            senders[.smtp] = SMTPMessageSender(settings: smtp, defaultFrom: emailFrom)
        }
        return senders
    }

    /// The sender kind for a message channel (pushes name their provider when queued).
    func sender(for channel: OutboundMessage.Channel) -> MessageSenderKind {
        channel == .sms ? smsSender : emailSender
    }
}
