public import Foundation
import SQLKit

/// The durable message queue. A message is queued in the same transaction as the code it
/// carries, so a crash never leaves a PIN without its message or a message without its PIN;
/// the dispatcher leases due rows, sends them and records the outcome.
public struct OutboxStore: Sendable {
    let driver: any StoreDriver

    /// A queued message's state.
    public enum Status: String, Sendable, Codable, CaseIterable {
        /// Waiting for its (next) attempt.
        case pending
        /// Delivered.
        case sent
        /// Given up: a permanent failure or too many attempts (dead letter).
        case dead
    }

    /// A row of the outbox, as `latchkey outbox list` shows it.
    public struct Entry: Sendable, Codable, Equatable {
        public var message: OutboundMessage
        public var sender: MessageSenderKind
        public var status: Status
        public var attempts: Int
        public var nextAttemptAt: Date
        public var lastError: String?
        public var providerMessageID: String?
        public var sentAt: Date?
    }

    /// A message leased for one delivery attempt.
    struct Lease: Sendable {
        var message: OutboundMessage
        var sender: MessageSenderKind
        /// This attempt's number, from 1.
        var attempt: Int
    }

    /// Queues a message for `sender`, due at once; `userID` is the user it is about, when known.
    /// `liveUntil` is when the PIN or link the body carries expires (nil: it carries none): a dead
    /// letter keeps its body until then, so that an operator can still retry it, and not after.
    func enqueue(
        _ message: OutboundMessage,
        sender: MessageSenderKind,
        userID: String? = nil,
        liveUntil: Date? = nil,
        in db: any SQLDatabase
    ) async throws {
        try await db.raw(
            """
            INSERT INTO outbox (id, app_id, channel, purpose, recipient, subject, body, html, from_name, from_address, reply_to,
                                sender, status, attempts, next_attempt_at, created_at, user_id, body_live_until)
            VALUES (\(bind: message.id), \(bind: message.appID), \(bind: message.channel.rawValue), \(bind: message.purpose),
                    \(bind: message.recipient), \(bind: message.subject), \(bind: message.body), \(bind: message.html),
                    \(bind: message.fromName), \(bind: message.fromAddress), \(bind: message.replyTo), \(bind: sender.rawValue),
                    'pending', 0, \(bind: message.createdAt.epochSeconds), \(bind: message.createdAt.epochSeconds), \(bind: userID),
                    \(bind: liveUntil?.epochSeconds))
            """
        ).run()
    }

    /// Messages that go out the same way — one sender, one channel, one app — and so wait on the
    /// same provider: the dispatcher sends each lane's on its own, so that a slow or dead
    /// provider (or one app's credentials) delays only its own lane.
    struct Lane: Hashable, Sendable {
        var sender: String
        var channel: String
        /// The app's id, or empty for a message of none.
        var appID: String
    }

    /// The lanes that have messages due now, those due longest first (at most `limit`). Most
    /// polls find none: a read says so, and an idle outbox costs no write transaction.
    func dueLanes(limit: Int, at now: Date) async throws -> [Lane] {
        try await driver.read { db in
            try await db.raw(
                """
                SELECT sender, channel, COALESCE(app_id, '') AS app FROM outbox WHERE \(Self.due(at: now))
                GROUP BY sender, channel, COALESCE(app_id, '') ORDER BY MIN(next_attempt_at) LIMIT \(bind: limit)
                """
            ).all().map { row in
                Lane(
                    sender: try row.decode(column: "sender", as: String.self),
                    channel: try row.decode(column: "channel", as: String.self),
                    appID: try row.decode(column: "app", as: String.self)
                )
            }
        }
    }

    /// Leases up to `limit` of a lane's due messages for `lease` seconds: another dispatcher (on
    /// this node or another) skips them until the lease runs out, so a dispatcher that dies
    /// mid-send only delays its messages. One `UPDATE` leases them all.
    func leaseDue(in lane: Lane, limit: Int, lease: Int, at now: Date) async throws -> [Lease] {
        try await driver.write { db in
            try await db.raw(
                """
                UPDATE outbox SET lease_until = \(bind: now.epochSeconds + Int64(lease)), attempts = attempts + 1
                WHERE id IN (
                    SELECT id FROM outbox WHERE \(Self.due(at: now)) AND sender = \(bind: lane.sender)
                        AND channel = \(bind: lane.channel) AND COALESCE(app_id, '') = \(bind: lane.appID)
                    ORDER BY next_attempt_at LIMIT \(bind: limit)\(unsafeRaw: driver.family == .postgres ? " FOR UPDATE SKIP LOCKED" : ""))
                RETURNING \(unsafeRaw: Self.messageColumns), sender, attempts
                """
            ).all().map { row in
                Lease(
                    message: try Self.message(from: row),
                    sender: MessageSenderKind(rawValue: try row.decode(column: "sender", as: String.self)) ?? .log,
                    attempt: Int(try row.decode(column: "attempts", as: Int64.self))
                )
            }
        }
    }

    /// Pending, due by `now`, and not leased (or its lease has run out).
    private static func due(at now: Date) -> SQLQueryString {
        """
        status = 'pending' AND next_attempt_at <= \(bind: now.epochSeconds)
            AND (lease_until IS NULL OR lease_until <= \(bind: now.epochSeconds))
        """
    }

    /// What a delivered message's body becomes: the PIN or link it carried is live, and nothing
    /// needs it once the sender has it.
    static let deliveredBody = "[delivered]"

    /// `SET` assignments that make a message's body, and its subject (an email's may carry its
    /// code: "123456 is your … code"), `marker` where `condition` holds, and drop its HTML part.
    static func redaction(to marker: String, where condition: SQLQueryString = "TRUE") -> SQLQueryString {
        """
        body = CASE WHEN \(condition) THEN \(bind: marker) ELSE body END,
            subject = CASE WHEN \(condition) AND subject IS NOT NULL THEN \(bind: marker) ELSE subject END,
            html = CASE WHEN \(condition) THEN NULL ELSE html END
        """
    }

    /// What one delivery attempt came to.
    enum Outcome: Sendable {
        /// Delivered, with the provider's id for it when it gave one.
        case sent(id: String, providerMessageID: String?)
        /// Failed: to be retried at `retryAt`, or dead when nil.
        case failed(id: String, error: String, retryAt: Date?)
    }

    /// What a dead letter's body becomes once the PIN or link it carries has expired (the
    /// janitor's `deadMessageBodies` sweep), or at once when it has already.
    static let deadBody = "[not delivered]"

    /// Records a batch of attempts in one transaction: a delivered message's body and subject
    /// are dropped (whichever sender delivered it); a failed one is retried at its time, or dead,
    /// keeping them only while the PIN or link in them lives.
    func record(_ outcomes: [Outcome], at now: Date) async throws {
        guard !outcomes.isEmpty else { return }
        try await driver.write { db in
            for outcome in outcomes {
                switch outcome {
                case .sent(let id, let providerMessageID):
                    try await db.raw(
                        """
                        UPDATE outbox SET status = 'sent', sent_at = \(bind: now.epochSeconds), lease_until = NULL,
                            provider_message_id = \(bind: providerMessageID), last_error = NULL, \(Self.redaction(to: Self.deliveredBody))
                        WHERE id = \(bind: id)
                        """
                    ).run()
                case .failed(let id, let error, let retryAt):
                    let status = retryAt == nil ? Status.dead : .pending
                    let body: SQLQueryString =
                        retryAt == nil
                        ? ", \(Self.redaction(to: Self.deadBody, where: "body_live_until <= \(bind: now.epochSeconds)"))" : ""
                    try await db.raw(
                        """
                        UPDATE outbox SET status = \(bind: status.rawValue), lease_until = NULL,
                            next_attempt_at = COALESCE(\(bind: retryAt?.epochSeconds), next_attempt_at),
                            last_error = \(bind: String(error.prefix(500)))\(body)
                        WHERE id = \(bind: id)
                        """
                    ).run()
                }
            }
        }
    }

    /// What asking to send a dead letter again found.
    enum RetryOutcome: Sendable, Equatable {
        /// Queued again, due at once.
        case queued
        /// Dead, but the PIN or link it carried has expired: sending it would help nobody.
        case expired
        /// No dead message has that id.
        case notDead
    }

    /// Queues a dead message for another attempt, due at `now`, while what it carries lives.
    func retry(id: String, at now: Date) async throws -> RetryOutcome {
        try await driver.write { db in
            let queued = try await db.raw(
                """
                UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = \(bind: now.epochSeconds), lease_until = NULL
                WHERE id = \(bind: id) AND status = 'dead' AND body <> \(bind: Self.deadBody)
                    AND (body_live_until IS NULL OR body_live_until > \(bind: now.epochSeconds))
                RETURNING id
                """
            ).first()
            if queued != nil { return .queued }
            let dead = try await db.raw("SELECT id FROM outbox WHERE id = \(bind: id) AND status = 'dead'").first()
            return dead == nil ? .notDead : .expired
        }
    }

    /// The newest entries first, optionally only those with `status` or for `recipient`.
    public func list(status: Status? = nil, recipient: String? = nil, limit: Int = 50) async throws -> [Entry] {
        try await driver.read { db in
            var filters: [SQLQueryString] = []
            if let status { filters.append("status = \(bind: status.rawValue)") }
            if let recipient { filters.append("recipient = \(bind: recipient)") }
            let whereClause: SQLQueryString = filters.isEmpty ? "" : " WHERE \(filters.joined(separator: " AND "))"
            return try await db.raw(
                """
                SELECT \(unsafeRaw: Self.messageColumns), sender, status, attempts, next_attempt_at, last_error,
                       provider_message_id, sent_at
                FROM outbox\(whereClause) ORDER BY id DESC LIMIT \(bind: limit)
                """
            ).all().map(Self.entry(from:))
        }
    }

    private static let messageColumns =
        "id, app_id, channel, purpose, recipient, subject, body, html, from_name, from_address, reply_to, created_at"

    private static func message(from row: any SQLRow) throws -> OutboundMessage {
        OutboundMessage(
            id: try row.decode(column: "id", as: String.self),
            appID: try row.decode(column: "app_id", as: String?.self),
            channel: OutboundMessage.Channel(rawValue: try row.decode(column: "channel", as: String.self)) ?? .sms,
            purpose: try row.decode(column: "purpose", as: String.self),
            recipient: try row.decode(column: "recipient", as: String.self),
            subject: try row.decode(column: "subject", as: String?.self),
            body: try row.decode(column: "body", as: String.self),
            createdAt: Date(epochSeconds: try row.decode(column: "created_at", as: Int64.self)),
            html: try row.decode(column: "html", as: String?.self),
            fromName: try row.decode(column: "from_name", as: String?.self),
            fromAddress: try row.decode(column: "from_address", as: String?.self),
            replyTo: try row.decode(column: "reply_to", as: String?.self)
        )
    }

    private static func entry(from row: any SQLRow) throws -> Entry {
        Entry(
            message: try message(from: row),
            sender: MessageSenderKind(rawValue: try row.decode(column: "sender", as: String.self)) ?? .log,
            status: Status(rawValue: try row.decode(column: "status", as: String.self)) ?? .pending,
            attempts: Int(try row.decode(column: "attempts", as: Int64.self)),
            nextAttemptAt: Date(epochSeconds: try row.decode(column: "next_attempt_at", as: Int64.self)),
            lastError: try row.decode(column: "last_error", as: String?.self),
            providerMessageID: try row.decode(column: "provider_message_id", as: String?.self),
            sentAt: try row.decode(column: "sent_at", as: Int64?.self).map(Date.init(epochSeconds:))
        )
    }
}
