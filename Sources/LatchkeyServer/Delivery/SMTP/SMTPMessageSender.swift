import Foundation

/// Sends email through an SMTP relay (`--email-sender smtp`): each message written by
/// ``MailMessage`` and sent over a pooled session (``SMTPConnectionPool``). The server's replies
/// decide what the outbox does (``SMTPError/deliveryFailure``).
struct SMTPMessageSender: MessageSender {
    let pool: SMTPConnectionPool
    /// The From address when the app names none (`--email-from`).
    let defaultFrom: String
    var kind: MessageSenderKind { .smtp }

    init(settings: SMTPSettings, defaultFrom: String) {
        self.defaultFrom = defaultFrom
        // Made once: a TLS context loads the system's trust store.
        let context = Result { try settings.tlsContext() }
        pool = SMTPConnectionPool(capacity: settings.poolSize) { () async throws(SMTPError) in
            try await SMTPSession.open(settings) { try context.get() }
        }
    }

    /// Sends `message`; returns its `Message-ID`.
    func deliver(_ message: OutboundMessage) async throws -> String? {
        guard message.channel == .email else { throw DeliveryFailure(permanent: true, reason: "the smtp sender sends email only") }
        let mail = MailMessage(message, defaultFrom: defaultFrom)
        for address in [mail.fromAddress, mail.to] + (mail.replyTo.map { [$0] } ?? []) where !MailAddress.isDeliverable(address) {
            throw DeliveryFailure(permanent: true, reason: "\(address) is not an address the smtp sender can send to or from")
        }
        let data = mail.rendered()
        do {
            try await send(from: mail.fromAddress, to: mail.to, data: data)
        } catch let error as SMTPError {
            throw error.deliveryFailure
        }
        return mail.messageID
    }

    /// One transaction on a pooled session. A reused session the server no longer serves (found
    /// at `MAIL FROM`, before the server took anything: ``SMTPError/foundClosed``) is replaced once; after a refusal the session is reset for the next message.
    private func send(from: String, to: String, data: String) async throws {
        var replaced = false
        while true {
            let (session, reused) = try await pool.lease()
            do throws(SMTPError) {
                try await session.send(from: from, to: to, data: data)
                await pool.release(session, reusable: true)
                return
            } catch {
                let reusable = if case .refused = error { await session.reset() } else { false }
                await pool.release(session, reusable: reusable)
                guard error.foundClosed && reused && !replaced else { throw error }
                replaced = true
            }
        }
    }
}
