import Foundation
import LatchkeyWire
import SQLKit

extension PushFeature {
    static let migrations = [
        Migration(
            1,
            [
                // One row per token and app: a token is one app install on one device, whoever holds it.
                """
                CREATE TABLE push_devices (
                    app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                    token TEXT NOT NULL,
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    provider TEXT NOT NULL,
                    platform TEXT NOT NULL,
                    app_version TEXT,
                    locale TEXT,
                    active BIGINT NOT NULL,
                    deactivated_reason TEXT,
                    created_at BIGINT NOT NULL,
                    updated_at BIGINT NOT NULL,
                    PRIMARY KEY (app_id, token)
                )
                """,
                "CREATE INDEX push_devices_user ON push_devices(user_id)",
                """
                CREATE TABLE push_device_topics (
                    app_id TEXT NOT NULL,
                    token TEXT NOT NULL,
                    topic TEXT NOT NULL,
                    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    PRIMARY KEY (app_id, topic, token),
                    FOREIGN KEY (app_id, token) REFERENCES push_devices(app_id, token) ON DELETE CASCADE
                )
                """,
                "CREATE INDEX push_device_topics_user ON push_device_topics(user_id)",
                "CREATE INDEX push_device_topics_token ON push_device_topics(app_id, token)",
                """
                CREATE TABLE push_credentials (
                    app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                    provider TEXT NOT NULL,
                    sealed TEXT NOT NULL,
                    updated_at BIGINT NOT NULL,
                    PRIMARY KEY (app_id, provider)
                )
                """,
            ]
        )
    ]

    static let tables: [OwnedTable] = [
        OwnedTable(name: "push_devices", userData: .owned(column: "user_id", section: "devices"), merge: .merged),
        OwnedTable(name: "push_device_topics", userData: .owned(column: "user_id", section: "devices"), merge: .merged),
        .shared("push_credentials", why: "each app's APNs and FCM credentials, sealed"),
    ]

    /// How long a device the provider called dead is kept (listed as inactive) before it goes.
    static let deactivatedDeviceDays: Int64 = 30

    /// Devices deactivated a month ago: their tokens will never work again.
    static let sweeps = [
        JanitorSweep(name: "pushDevices") { now in
            """
            DELETE FROM push_devices WHERE active = 0 AND updated_at < \(bind: now - deactivatedDeviceDays * 86_400) RETURNING token
            """
        }
    ]

    /// The devices section: every device the user registered, with its topics.
    static func export(of user: UserPrincipal, from sources: ExportSources) async throws -> [String: any Encodable & Sendable] {
        ["devices": try await DeviceStore(driver: sources.driver).devices(userID: user.userID, appID: user.app.id)]
    }
}
