public import Foundation

/// The kind of device a push token belongs to.
public enum DevicePlatform: String, Codable, Sendable, CaseIterable {
    case ios
    case android
    case macos
    case web
}

/// The service that delivers to a device's token.
public enum PushProvider: String, Codable, Sendable, CaseIterable {
    /// Apple Push Notification service: the token is the device token's bytes in hex.
    case apns
    /// Firebase Cloud Messaging: the token is the app instance's registration token.
    case fcm
}

/// `POST /v1/me/devices`: registers (or refreshes) the signed-in user's device. A token is one
/// device: registering a token another user of the app holds moves it to this user.
public struct DeviceRegistration: StrictRequest, Equatable {
    public static let acceptedFields: Set<String> = ["token", "platform", "provider", "appVersion", "locale", "topics"]
    /// The APNs device token in hex (as ``PushProvider/apns`` expects) or the FCM registration token.
    public var token: String
    /// The kind of device.
    public var platform: DevicePlatform
    /// Who delivers to the token; `apns` for Apple platforms and `fcm` for the others when absent.
    public var provider: PushProvider?
    /// The app's version on the device (`CFBundleShortVersionString`), at most 64 characters.
    public var appVersion: String?
    /// The device's language as a BCP 47 tag (`ja`, `zh-Hans`, `pt-BR`): a push's localized
    /// title and body are chosen by it.
    public var locale: String?
    /// The topics the device listens to (at most 64, each 1–64 of `A–Z a–z 0–9 - _ . ~ %`);
    /// replaces the previous list.
    public var topics: [String]?

    /// Creates a registration.
    public init(
        token: String,
        platform: DevicePlatform,
        provider: PushProvider? = nil,
        appVersion: String? = nil,
        locale: String? = nil,
        topics: [String]? = nil
    ) {
        self.token = token
        self.platform = platform
        self.provider = provider
        self.appVersion = appVersion
        self.locale = locale
        self.topics = topics
    }
}

/// A registered device, as `GET /v1/me/devices` lists it.
public struct Device: Codable, Sendable, Equatable {
    /// The push token.
    public var token: String
    /// The kind of device.
    public var platform: DevicePlatform
    /// Who delivers to it.
    public var provider: PushProvider
    /// The app's version on the device.
    public var appVersion: String?
    /// The device's language.
    public var locale: String?
    /// The topics it listens to.
    public var topics: [String]
    /// False once the provider said the token is no longer valid: nothing is sent to it until the
    /// app registers it again.
    public var active: Bool
    /// When the token was first registered by this user.
    public var createdAt: Date
    /// When it was last registered.
    public var updatedAt: Date

    /// Creates a device.
    public init(
        token: String,
        platform: DevicePlatform,
        provider: PushProvider,
        appVersion: String?,
        locale: String?,
        topics: [String],
        active: Bool,
        createdAt: Date,
        updatedAt: Date
    ) {
        self.token = token
        self.platform = platform
        self.provider = provider
        self.appVersion = appVersion
        self.locale = locale
        self.topics = topics
        self.active = active
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// `GET /v1/me/devices`: the signed-in user's devices, newest registration first.
public struct DeviceList: Codable, Sendable, Equatable {
    /// The devices.
    public var devices: [Device]

    /// Creates a list.
    public init(devices: [Device]) {
        self.devices = devices
    }
}

/// How urgently a push is delivered.
public enum PushPriority: String, Codable, Sendable, CaseIterable {
    /// At once, waking the device (APNs priority 10, FCM `HIGH`).
    case high
    /// When the device's power allows (APNs priority 5, FCM `NORMAL`).
    case normal
}

/// `POST /v1/push` (a confidential client with `push:send`): one notification to a set of
/// devices. Exactly one of `userId`, `userIds`, `topic` and `deviceToken` names the devices.
public struct PushRequest: StrictRequest, Equatable {
    public static let acceptedFields: Set<String> = [
        "userId", "userIds", "topic", "deviceToken", "title", "body", "data", "collapseId", "priority", "ttl",
    ]
    /// Every active device of one user.
    public var userId: String?
    /// Every active device of these users (at most 1,000).
    public var userIds: [String]?
    /// Every active device listening to this topic.
    public var topic: String?
    /// One device, by its token.
    public var deviceToken: String?
    /// The title by device locale: `default` (required when a title is given) and any BCP 47
    /// tags (`ja`, `pt-BR`); a device gets its locale's text, else its language's, else `default`.
    public var title: [String: String]?
    /// The body, localized like ``title``.
    public var body: [String: String]?
    /// Custom data delivered with the notification (FCM's `data` takes string values: other
    /// values travel as their JSON text there).
    public var data: [String: JSONValue]?
    /// Replaces an earlier notification with the same id on the device (at most 64 bytes).
    public var collapseId: String?
    /// How urgently to deliver; `high` when absent.
    public var priority: PushPriority?
    /// Seconds the provider keeps trying to reach an offline device (0 to 2,419,200, 28 days);
    /// 0 means now or never; the providers' default when absent.
    public var ttl: Int?

    /// Creates a push request.
    public init(
        userId: String? = nil,
        userIds: [String]? = nil,
        topic: String? = nil,
        deviceToken: String? = nil,
        title: [String: String]? = nil,
        body: [String: String]? = nil,
        data: [String: JSONValue]? = nil,
        collapseId: String? = nil,
        priority: PushPriority? = nil,
        ttl: Int? = nil
    ) {
        self.userId = userId
        self.userIds = userIds
        self.topic = topic
        self.deviceToken = deviceToken
        self.title = title
        self.body = body
        self.data = data
        self.collapseId = collapseId
        self.priority = priority
        self.ttl = ttl
    }
}

/// What `POST /v1/push` did: the deliveries queued per provider, and the devices skipped.
public struct PushResult: Codable, Sendable, Equatable {
    /// The deliveries queued in the outbox, by provider (`apns`, `fcm`).
    public var queued: [String: Int]
    /// Devices not sent to: their user is a child awaiting parental consent, or the app has no
    /// credentials for their provider.
    public var skipped: Int

    /// Creates a result.
    public init(queued: [String: Int], skipped: Int) {
        self.queued = queued
        self.skipped = skipped
    }
}
