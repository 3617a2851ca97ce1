import Foundation
import LatchkeyWire
import SQLKit

/// The `push_devices` table and its topics: one row per app and token.
struct DeviceStore: Sendable {
    let driver: any StoreDriver

    /// The most devices one user keeps; registering another drops their least recently registered.
    static let maximumPerUser = 100

    /// Registers `device` for `userID`: a token new to the app is inserted; a known one (this
    /// user's or another's) takes the new owner, details and topics and is active again. Returns
    /// the device as stored.
    func register(_ device: DeviceRegistration, provider: PushProvider, userID: String, appID: String, at now: Date) async throws -> Device {
        let seconds = now.epochSeconds
        let topics = Array(Set(device.topics ?? [])).sorted()
        return try await driver.write { db in
            try await db.raw(
                """
                INSERT INTO push_devices (app_id, token, user_id, provider, platform, app_version, locale, active, deactivated_reason,
                                          created_at, updated_at)
                VALUES (\(bind: appID), \(bind: device.token), \(bind: userID), \(bind: provider.rawValue), \(bind: device.platform.rawValue),
                        \(bind: device.appVersion), \(bind: device.locale), 1, NULL, \(bind: seconds), \(bind: seconds))
                ON CONFLICT (app_id, token) DO UPDATE SET
                    created_at = CASE WHEN push_devices.user_id = excluded.user_id THEN push_devices.created_at ELSE excluded.created_at END,
                    user_id = excluded.user_id, provider = excluded.provider, platform = excluded.platform,
                    app_version = excluded.app_version, locale = excluded.locale, active = 1, deactivated_reason = NULL,
                    updated_at = excluded.updated_at
                """
            ).run()
            try await db.raw("DELETE FROM push_device_topics WHERE app_id = \(bind: appID) AND token = \(bind: device.token)").run()
            for topic in topics {
                try await db.raw(
                    """
                    INSERT INTO push_device_topics (app_id, token, topic, user_id)
                    VALUES (\(bind: appID), \(bind: device.token), \(bind: topic), \(bind: userID))
                    """
                ).run()
            }
            try await Self.keepNewest(userID: userID, appID: appID, in: db)
            return Device(
                token: device.token,
                platform: device.platform,
                provider: provider,
                appVersion: device.appVersion,
                locale: device.locale,
                topics: topics,
                active: true,
                createdAt: try await Self.createdAt(token: device.token, appID: appID, in: db),
                updatedAt: Date(epochSeconds: seconds)
            )
        }
    }

    /// Drops the user's devices past their ``maximumPerUser`` newest: reinstalls and token
    /// changes leave old tokens behind.
    static func keepNewest(userID: String, appID: String, in db: any SQLDatabase) async throws {
        try await db.raw(
            """
            DELETE FROM push_devices WHERE app_id = \(bind: appID) AND user_id = \(bind: userID) AND token NOT IN (
                SELECT token FROM push_devices WHERE app_id = \(bind: appID) AND user_id = \(bind: userID)
                ORDER BY updated_at DESC, token LIMIT \(bind: Self.maximumPerUser))
            """
        ).run()
    }

    private static func createdAt(token: String, appID: String, in db: any SQLDatabase) async throws -> Date {
        let row = try await db.raw("SELECT created_at FROM push_devices WHERE app_id = \(bind: appID) AND token = \(bind: token)").first()
        return Date(epochSeconds: try row?.decode(column: "created_at", as: Int64.self) ?? 0)
    }

    /// Removes the user's device with `token`; whether there was one.
    func remove(token: String, userID: String, appID: String) async throws -> Bool {
        try await driver.write { db in
            try await db.raw(
                "DELETE FROM push_devices WHERE app_id = \(bind: appID) AND token = \(bind: token) AND user_id = \(bind: userID) RETURNING token"
            ).first() != nil
        }
    }

    /// The user's devices, newest registration first.
    func devices(userID: String, appID: String) async throws -> [Device] {
        try await driver.read { db in
            let rows = try await db.raw(
                "SELECT \(Self.columns) FROM push_devices WHERE app_id = \(bind: appID) AND user_id = \(bind: userID) ORDER BY updated_at DESC, token"
            ).all()
            let topics = try await db.raw(
                "SELECT token, topic FROM push_device_topics WHERE app_id = \(bind: appID) AND user_id = \(bind: userID) ORDER BY topic"
            ).all()
            let byToken = try Dictionary(grouping: topics) { try $0.decode(column: "token", as: String.self) }
            return try rows.map { row in
                try Self.device(
                    from: row,
                    topics: try (byToken[try row.decode(column: "token", as: String.self)] ?? []).map {
                        try $0.decode(column: "topic", as: String.self)
                    }
                )
            }
        }
    }

    /// Stops sending to a token the provider called invalid, until it is registered again;
    /// whether an active device had it.
    @discardableResult
    func deactivate(token: String, appID: String, reason: String, at now: Date) async throws -> Bool {
        try await driver.write { db in
            try await db.raw(
                """
                UPDATE push_devices SET active = 0, deactivated_reason = \(bind: reason), updated_at = \(bind: now.epochSeconds)
                WHERE app_id = \(bind: appID) AND token = \(bind: token) AND active = 1 RETURNING token
                """
            ).first() != nil
        }
    }

    /// The active devices a push request names, with whether their user awaits parental consent.
    func targets(of request: PushRequest, appID: String) async throws -> [PushTarget] {
        var filter: SQLQueryString = "d.app_id = \(bind: appID) AND d.active = 1"
        if let userID = request.userId { filter = "\(filter) AND d.user_id = \(bind: userID)" }
        if let userIDs = request.userIds { filter = "\(filter) AND d.user_id IN (\(binds: userIDs))" }
        if let topic = request.topic {
            filter = """
                \(filter) AND d.token IN (SELECT token FROM push_device_topics WHERE app_id = \(bind: appID) AND topic = \(bind: topic))
                """
        }
        if let token = request.deviceToken { filter = "\(filter) AND d.token IN (\(bind: token), \(bind: token.lowercased()))" }
        let query: SQLQueryString = """
            SELECT d.token, d.provider, d.platform, d.locale, d.user_id, c.status AS consent
            FROM push_devices d LEFT JOIN consents c ON c.user_id = d.user_id WHERE \(filter)
            """
        return try await driver.read { db in
            try await db.raw(query).all().compactMap { row in
                guard let provider = PushProvider(rawValue: try row.decode(column: "provider", as: String.self)),
                    let platform = DevicePlatform(rawValue: try row.decode(column: "platform", as: String.self))
                else { return nil }
                let consent = try row.decode(column: "consent", as: String?.self)
                return PushTarget(
                    token: try row.decode(column: "token", as: String.self),
                    provider: provider,
                    platform: platform,
                    locale: try row.decode(column: "locale", as: String?.self),
                    userID: try row.decode(column: "user_id", as: String.self),
                    restricted: consent != nil && consent != ConsentStatus.granted.rawValue
                )
            }
        }
    }

    private static let columns: SQLQueryString = "token, provider, platform, app_version, locale, active, created_at, updated_at"

    private static func device(from row: any SQLRow, topics: [String]) throws -> Device {
        Device(
            token: try row.decode(column: "token", as: String.self),
            platform: DevicePlatform(rawValue: try row.decode(column: "platform", as: String.self)) ?? .ios,
            provider: PushProvider(rawValue: try row.decode(column: "provider", as: String.self)) ?? .apns,
            appVersion: try row.decode(column: "app_version", as: String?.self),
            locale: try row.decode(column: "locale", as: String?.self),
            topics: topics,
            active: try row.decode(column: "active", as: Int64.self) != 0,
            createdAt: Date(epochSeconds: try row.decode(column: "created_at", as: Int64.self)),
            updatedAt: Date(epochSeconds: try row.decode(column: "updated_at", as: Int64.self))
        )
    }
}
