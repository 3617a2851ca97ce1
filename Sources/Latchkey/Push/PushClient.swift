public import Foundation
public import LatchkeyWire

/// Push notifications for the signed-in user: this device's APNs or FCM token, the devices
/// registered, and stopping pushes to one. Reach it as `latchkey.push`.
public struct PushClient: Sendable {
    let client: Latchkey
    var transport: AuthorizedTransport { AuthorizedTransport(client: client) }

    /// Registers this device for the signed-in user with the APNs device token exactly as
    /// `application(_:didRegisterForRemoteNotificationsWithDeviceToken:)` gives it: the bytes are
    /// sent in hex, the form APNs addresses. Call it on every launch (tokens change); a token
    /// another user registered on this device moves to the signed-in user. `locale` defaults to
    /// the device's preferred language, which picks the localized text of pushes, and `appVersion`
    /// to the bundle's `CFBundleShortVersionString`.
    @discardableResult
    public func registerForRemoteNotifications(
        deviceToken: Data,
        platform: DevicePlatform = .current,
        appVersion: String? = nil,
        locale: String? = Locale.preferredLanguages.first,
        topics: [String]? = nil
    ) async throws -> Device {
        try await registerDevice(
            DeviceRegistration(
                token: deviceToken.hexEncoded,
                platform: platform,
                provider: .apns,
                appVersion: appVersion ?? Bundle.main.shortVersion,
                locale: locale,
                topics: topics
            )
        )
    }

    /// Registers an FCM registration token, or any ``DeviceRegistration``, for the signed-in user.
    @discardableResult
    public func registerDevice(_ registration: DeviceRegistration) async throws -> Device {
        try await transport.decode(Device.self, .post, "v1/me/devices", body: registration)
    }

    /// Stops pushes to this device for the signed-in user (before signing out, say).
    public func unregisterForRemoteNotifications(deviceToken: Data) async throws {
        try await unregisterDevice(token: deviceToken.hexEncoded)
    }

    /// Stops pushes to a registered token.
    public func unregisterDevice(token: String) async throws {
        _ = try await transport.send(.delete, "v1/me/devices/\(token)")
    }

    /// The signed-in user's registered devices.
    public func devices() async throws -> [Device] {
        try await transport.decode(DeviceList.self, .get, "v1/me/devices").devices
    }
}

extension Latchkey {
    /// Push notifications: register this device's token, list and remove devices.
    public var push: PushClient { PushClient(client: self) }
}

extension DevicePlatform {
    /// The platform this code runs on (`ios` for iPadOS, tvOS and visionOS too: APNs addresses them alike).
    public static var current: DevicePlatform {
        #if os(macOS)
        .macos
        #elseif os(Android)
        .android
        #else
        .ios
        #endif
    }
}

extension Data {
    /// Lowercase hex, two digits a byte.
    fileprivate var hexEncoded: String {
        map { byte in String(byte >> 4, radix: 16) + String(byte & 0x0F, radix: 16) }.joined()
    }
}

extension Bundle {
    /// `CFBundleShortVersionString`, when the app has one.
    fileprivate var shortVersion: String? {
        object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String
    }
}
