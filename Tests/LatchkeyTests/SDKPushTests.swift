import Foundation
import Latchkey
import LatchkeyServer
import LatchkeyTestSupport
import LatchkeyWire
import Testing

/// `registerForRemoteNotifications(deviceToken:)` against a live server: the APNs token bytes as
/// iOS gives them arrive as hex, with the locale and topics; unregistering removes the device.
@Suite struct SDKPushTests {
    @Test func theAppRegistersAndUnregistersItsDeviceToken() async throws {
        try await serving(try await LiveServer.start()) { server in
            let sdk = server.client()
            _ = try await sdk.auth.signUp(username: "pusher", password: "correct horse battery")
            let token = Data((0..<32).map { UInt8($0 * 7 & 0xFF) })
            let device = try await sdk.push.registerForRemoteNotifications(
                deviceToken: token,
                platform: .ios,
                appVersion: "3.0",
                locale: "pt-BR",
                topics: ["scores"]
            )
            #expect(device.token == "00070e151c232a31383f464d545b626970777e858c939aa1a8afb6bdc4cbd2d9")
            #expect(device.provider == .apns && device.locale == "pt-BR" && device.topics == ["scores"] && device.active)
            #expect(try await sdk.push.devices().map(\.token) == [device.token])

            let fcm = try await sdk.push.registerDevice(DeviceRegistration(token: "fcm:token-1", platform: .android))
            #expect(fcm.provider == .fcm)
            try await sdk.push.unregisterForRemoteNotifications(deviceToken: token)
            #expect(try await sdk.push.devices().map(\.token) == ["fcm:token-1"])
            await #expect(throws: LatchkeyError.server(code: "not_found", message: "")) {
                try await sdk.push.unregisterForRemoteNotifications(deviceToken: token)
            }
            await #expect(throws: LatchkeyError.self) {
                try await sdk.push.registerDevice(DeviceRegistration(token: "not hex", platform: .ios))
            }
        }
    }

    @Test func completionHandlersRunOnTheMainQueue() async throws {
        try await serving(try await LiveServer.start()) { server in
            let sdk = server.client()
            _ = try await sdk.auth.signUp(username: "caller", password: "correct horse battery")
            let token = Data(repeating: 0xAB, count: 32)
            let registered = await completion { sdk.push.registerForRemoteNotifications(deviceToken: token, locale: "ja", completion: $0) }
            #expect((try? registered.value.get())?.token == String(repeating: "ab", count: 32))
            #expect(registered.onMain)
            let removed = await completion { sdk.push.unregisterForRemoteNotifications(deviceToken: token, completion: $0) }
            #expect((try? removed.value.get()) != nil && removed.onMain)
            let again = await completion { sdk.push.unregisterForRemoteNotifications(deviceToken: token, completion: $0) }
            #expect(throws: LatchkeyError.server(code: "not_found", message: "")) { try again.value.get() }
        }
    }
}
