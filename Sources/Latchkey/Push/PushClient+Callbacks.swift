public import Foundation
public import LatchkeyWire

/// Completion-handler forms of the push calls; handlers run on the main queue.
extension PushClient {
    /// Callback form of ``registerForRemoteNotifications(deviceToken:platform:appVersion:locale:topics:)``.
    public func registerForRemoteNotifications(
        deviceToken: Data,
        platform: DevicePlatform = .current,
        appVersion: String? = nil,
        locale: String? = Locale.preferredLanguages.first,
        topics: [String]? = nil,
        completion: @escaping @Sendable (Result<Device, LatchkeyError>) -> Void
    ) {
        client.deliver(completion) {
            try await self.registerForRemoteNotifications(
                deviceToken: deviceToken,
                platform: platform,
                appVersion: appVersion,
                locale: locale,
                topics: topics
            )
        }
    }

    /// Callback form of ``unregisterForRemoteNotifications(deviceToken:)``.
    public func unregisterForRemoteNotifications(deviceToken: Data, completion: @escaping @Sendable (Result<Void, LatchkeyError>) -> Void) {
        client.deliver(completion) { try await self.unregisterForRemoteNotifications(deviceToken: deviceToken) }
    }
}
