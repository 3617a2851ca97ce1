import Foundation
import NIOConcurrencyHelpers
import SQLKit

/// Queues PINs and links for delivery, within the caller's transaction, under the app's send
/// limits: per recipient and per client IP within the send window (`429` with `Retry-After`
/// once either is reached). Limits are counted in the shared `throttles` table, so they hold
/// across nodes.
struct Messenger: Sendable {
    let outbox: OutboxStore
    let composer: MessageComposer
    /// Writes emails from the app's templates or the shipped ones.
    let emails: EmailComposer
    let delivery: DeliveryConfiguration
    let dispatcher: OutboxDispatcher
    let throttle: FailureThrottle

    /// Refuses with `429` when the recipient or the IP has reached the app's send limit.
    func checkLimits(recipient: String, client: ClientInfo, app: App) async throws {
        try await throttle.refuseWhileLocked(Self.keys(recipient: recipient, client: client, app: app).map(\.key))
    }

    /// Counts one send against the limits, inside the caller's transaction, and refuses it with
    /// `429` when that passes a limit (the transaction then rolls back): parallel sends cannot all
    /// pass ``checkLimits(recipient:client:app:)`` before any counted. Called for unknown
    /// recipients too, so both cases do the same work.
    func countSend(recipient: String, client: ClientInfo, app: App, in db: any SQLDatabase) async throws {
        try await throttle.reserve(
            Self.keys(recipient: recipient, client: client, app: app),
            window: app.settings.delivery.sendWindowSeconds,
            in: db
        )
    }

    /// Queues a `purpose` message to `recipient` in `language`, inside the caller's transaction;
    /// `userID` names the user it is about, when known, so that it goes when they are deleted
    /// even if the address is no longer theirs; `liveUntil` is when the PIN or link in it expires.
    /// Call ``wake()`` once the transaction has committed.
    func queue(
        _ purpose: OneTimeCodeStore.Purpose,
        to recipient: String,
        channel: OutboundMessage.Channel,
        app: App,
        language: Language,
        values: [String: String],
        userID: String? = nil,
        liveUntil: Date? = nil,
        at now: Date,
        in db: any SQLDatabase
    ) async throws {
        let subject: String?
        let body: String
        let html: String?
        if channel == .email, let emailPurpose = EmailPurpose(purpose) {
            let email = try await emails.compose(emailPurpose, app: app, language: language, values: values, at: now, in: db)
            subject = email.subject
            body = email.text
            html = email.html
        } else {
            var values = values
            values["appName"] = app.name
            subject = nil
            body = composer.compose(purpose, language: language, values: values)
            html = nil
        }
        let message = OutboundMessage(
            id: Self.sortableID(at: now),
            appID: app.id,
            channel: channel,
            purpose: purpose.rawValue,
            recipient: recipient,
            subject: subject,
            body: body,
            createdAt: now,
            html: html,
            fromName: channel == .email ? app.settings.brand.fromName ?? app.name : nil,
            fromAddress: channel == .email ? app.settings.brand.fromAddress : nil,
            replyTo: channel == .email ? app.settings.brand.replyTo : nil
        )
        try await outbox.enqueue(message, sender: delivery.sender(for: channel), userID: userID, liveUntil: liveUntil, in: db)
    }

    /// Tells the dispatcher that messages are waiting.
    func wake() { dispatcher.wake() }

    /// Outbox ids sort in queueing order: milliseconds, then a per-process sequence (for
    /// messages queued within one millisecond), then randomness so nodes never collide.
    static func sortableID(at now: Date) -> String {
        let milliseconds = UInt64(max(0, now.timeIntervalSince1970 * 1000))
        let sequence = sequence.withLockedValue { value in
            value = (value + 1) & 0xFF_FFFF
            return value
        }
        return String(milliseconds, radix: 16, zeroPaddedTo: 12) + String(sequence, radix: 16, zeroPaddedTo: 6)
            + SecureRandom.identifier().prefix(10)
    }

    private static let sequence = NIOLockedValueBox<UInt64>(0)

    /// The key under which sends to `recipient` (a canonical email or an E.164 number) are counted.
    static func recipientKey(_ recipient: String, appID: String) -> String {
        "send-to:\(appID):" + Digest.sha256Hex(recipient)
    }

    private static func keys(recipient: String, client: ClientInfo, app: App) -> [(key: String, limit: Int)] {
        var keys = [(key: recipientKey(recipient, appID: app.id), limit: app.settings.delivery.recipientSendLimit)]
        if let ipKey = client.addressKey("send-ip", app: app) { keys.append((ipKey, app.settings.delivery.ipSendLimit)) }
        return keys
    }
}
