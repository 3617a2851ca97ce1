import Foundation
import SQLKit
import ServiceLifecycle

/// The message outbox and its dispatcher: PINs and links go out through here, durably.
struct DeliveryFeature: Feature {
    static let id = "delivery"
    let dispatcher: OutboxDispatcher

    init(backend: LatchkeyBackend) {
        self.dispatcher = backend.dispatcher
    }

    static let migrations = [
        Migration(
            1,
            baseline: 2,
            [
                """
                CREATE TABLE outbox (
                    id TEXT PRIMARY KEY,
                    app_id TEXT,
                    channel TEXT NOT NULL,
                    purpose TEXT NOT NULL,
                    recipient TEXT NOT NULL,
                    subject TEXT,
                    body TEXT NOT NULL,
                    sender TEXT NOT NULL,
                    status TEXT NOT NULL,
                    attempts BIGINT NOT NULL DEFAULT 0,
                    next_attempt_at BIGINT NOT NULL,
                    lease_until BIGINT,
                    last_error TEXT,
                    provider_message_id TEXT,
                    created_at BIGINT NOT NULL,
                    sent_at BIGINT
                )
                """,
                "CREATE INDEX outbox_due ON outbox(status, next_attempt_at)",
                "CREATE INDEX outbox_created ON outbox(created_at)",
            ]
        ),
        // The user a message is about, so it goes with them even when sent to an address they had before.
        Migration(
            2,
            [
                "ALTER TABLE outbox ADD COLUMN user_id TEXT",
                "CREATE INDEX outbox_user ON outbox(user_id)",
            ]
        ),
        // When the PIN or link a message carries expires: a dead letter keeps its body until then.
        Migration(3, ["ALTER TABLE outbox ADD COLUMN body_live_until BIGINT"]),
        // An email's HTML part and its app's sender, fixed when it is queued.
        Migration(
            4,
            [
                "ALTER TABLE outbox ADD COLUMN html TEXT",
                "ALTER TABLE outbox ADD COLUMN from_name TEXT",
                "ALTER TABLE outbox ADD COLUMN from_address TEXT",
                "ALTER TABLE outbox ADD COLUMN reply_to TEXT",
            ]
        ),
    ]

    static let tables = [
        OwnedTable(
            name: "outbox",
            userData: .addressed(column: "recipient", section: "messages"),
            merge: .dropped(why: "messages to the guest's own addresses, sent or short-lived")
        )
    ]

    /// Delivered messages after a week, dead letters after a month; a dead letter's body as soon
    /// as the PIN or link in it has expired.
    static let sweeps = [
        JanitorSweep(name: "messages") { now in
            """
            DELETE FROM outbox WHERE (status = 'sent' AND created_at < \(bind: now - 7 * 86_400))
                OR (status = 'dead' AND created_at < \(bind: now - 30 * 86_400)) RETURNING id
            """
        },
        JanitorSweep(name: "deadMessageBodies") { now in
            """
            UPDATE outbox SET \(OutboxStore.redaction(to: OutboxStore.deadBody))
            WHERE status = 'dead' AND body_live_until <= \(bind: now) AND body <> \(bind: OutboxStore.deadBody) RETURNING id
            """
        },
    ]

    /// How many PINs and links one recipient and one IP may be sent per window.
    static let settingsSection: SettingSection? = .messaging

    static let settings: [AppSetting] = [
        .integer(
            "recipientSendLimit",
            \DeliverySettings.recipientSendLimit,
            flag: "recipient-send-limit",
            help: "PINs/links per recipient per send window.",
            unit: .count,
            range: 1...Int.max,
            rule: "send limits must be positive"
        ),
        .integer(
            "ipSendLimit",
            \DeliverySettings.ipSendLimit,
            flag: "ip-send-limit",
            help: "PINs/links requested per IP per send window.",
            unit: .count,
            range: 1...Int.max,
            rule: "send limits must be positive"
        ),
        .integer(
            "sendWindowSeconds",
            \DeliverySettings.sendWindowSeconds,
            flag: "send-window",
            help: "The send window in seconds.",
            unit: .seconds,
            range: 1...Int.max,
            rule: "send limits must be positive"
        ),
    ]

    var services: [any Service] { [dispatcher] }

    /// What was sent to the user's addresses: when, how and why — not the bodies, which may
    /// still hold live codes.
    static func export(of user: UserPrincipal, from sources: ExportSources) async throws -> [String: any Encodable & Sendable] {
        guard let account = try await sources.userCache.account(id: user.userID, appID: user.app.id) else { return [:] }
        let messages = try await sources.driver.read { db in
            try await db.raw(
                """
                SELECT id, channel, purpose, recipient, status, created_at, sent_at FROM outbox
                WHERE \(Self.addressedTo(account)) ORDER BY created_at, id
                """
            ).all().map { row in
                ExportedMessage(
                    id: try row.decode(column: "id", as: String.self),
                    channel: try row.decode(column: "channel", as: String.self),
                    purpose: try row.decode(column: "purpose", as: String.self),
                    recipient: try row.decode(column: "recipient", as: String.self),
                    status: try row.decode(column: "status", as: String.self),
                    createdAt: Date(epochSeconds: try row.decode(column: "created_at", as: Int64.self)),
                    sentAt: try row.decode(column: "sent_at", as: Int64?.self).map(Date.init(epochSeconds:))
                )
            }
        }
        return ["messages": messages]
    }

    static func delete(_ user: UserAccount, in db: any SQLDatabase) async throws {
        try await db.raw("DELETE FROM outbox WHERE \(Self.addressedTo(user))").run()
    }

    /// The messages about the user (queued for them, to any address), and those of the user's
    /// app sent to their email or phone, or to an address they asked to change to (a pending
    /// change's code names it).
    private static func addressedTo(_ user: UserAccount) -> SQLQueryString {
        let pending: SQLQueryString = "SELECT recipient FROM one_time_codes WHERE user_id = \(bind: user.id)"
        guard !user.addresses.isEmpty else {
            return "user_id = \(bind: user.id) OR (app_id = \(bind: user.appID) AND recipient IN (\(pending)))"
        }
        return """
            user_id = \(bind: user.id) OR (app_id = \(bind: user.appID) AND (recipient IN (\(binds: user.addresses)) OR recipient IN (\(pending))))
            """
    }

    /// A message in a user's export.
    struct ExportedMessage: Encodable, Sendable {
        var id: String
        var channel: String
        var purpose: String
        var recipient: String
        var status: String
        var createdAt: Date
        var sentAt: Date?
    }
}
