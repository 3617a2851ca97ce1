import Foundation
import HTTPTypes
import SQLKit
import Testing

@testable import LatchkeyServer

/// `/v1/me/devices`: users register APNs and FCM tokens with their platform, locale and topics;
/// one row per token (a token registered by another user moves), bad tokens refused by field.
@Suite struct PushDeviceTests {
    static let apnsToken = String(repeating: "ab12", count: 16)
    static let fcmToken = "fcm-token_1:APA91bHun4MxP5egoKMwt2KZFBaFUH-1RYqx"

    @Test(arguments: TestStore.enabled) func aUserRegistersListsAndRemovesDevices(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let tokens = try await client.signUpUser("pia")
            let apns = try await client.send(
                .post,
                "/v1/me/devices",
                json: [
                    "token": Self.apnsToken.uppercased(), "platform": "ios", "appVersion": "2.1", "locale": "ja-JP",
                    "topics": ["news", "news", "sale"],
                ],
                token: tokens.access
            )
            #expect(apns.status == .created)
            #expect(apns.string("token") == Self.apnsToken && apns.string("provider") == "apns" && apns.value("active") as? Bool == true)
            #expect(apns.value("topics") as? [String] == ["news", "sale"] && apns.string("locale") == "ja-JP")
            harness.clock.advance(by: 10)
            let fcm = try await client.send(
                .post,
                "/v1/me/devices",
                json: ["token": Self.fcmToken, "platform": "android"],
                token: tokens.access
            )
            #expect(fcm.status == .created && fcm.string("provider") == "fcm")

            let list = try await client.send(.get, "/v1/me/devices", token: tokens.access)
            let devices = try #require(list.value("devices") as? [[String: Any]])
            #expect(devices.compactMap { $0["token"] as? String } == [Self.fcmToken, Self.apnsToken])

            // Registering again replaces the details and topics, and keeps the first registration time.
            let again = try await client.send(
                .post,
                "/v1/me/devices",
                json: ["token": Self.apnsToken, "platform": "ios", "topics": ["sale"]],
                token: tokens.access
            )
            #expect(again.value("topics") as? [String] == ["sale"] && again.string("createdAt") == apns.string("createdAt"))
            #expect(again.string("locale") == nil)

            #expect(try await client.send(.delete, "/v1/me/devices/\(Self.apnsToken.uppercased())", token: tokens.access).status == .noContent)
            #expect(try await client.send(.delete, "/v1/me/devices/\(Self.apnsToken)", token: tokens.access).status == .notFound)
            let after = try await client.send(.get, "/v1/me/devices", token: tokens.access)
            #expect((after.value("devices") as? [[String: Any]])?.compactMap { $0["token"] as? String } == [Self.fcmToken])
            #expect(try await client.send(.get, "/v1/me/devices").status == .unauthorized)
        }
    }

    /// A token is one device: when another user signs in on it and registers it, it is theirs,
    /// and the first user can no longer remove it.
    @Test(arguments: TestStore.enabled) func aTokenRegisteredByAnotherUserMovesToThem(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let first = try await client.signUpUser("quin")
            let second = try await client.signUpUser("rory")
            let body: [String: any Sendable] = ["token": Self.apnsToken, "platform": "ios", "topics": ["news"]]
            #expect(try await client.send(.post, "/v1/me/devices", json: body, token: first.access).status == .created)
            #expect(try await client.send(.post, "/v1/me/devices", json: body, token: second.access).status == .created)
            #expect((try await client.send(.get, "/v1/me/devices", token: first.access).value("devices") as? [Any])?.isEmpty == true)
            #expect((try await client.send(.get, "/v1/me/devices", token: second.access).value("devices") as? [Any])?.count == 1)
            #expect(try await client.send(.delete, "/v1/me/devices/\(Self.apnsToken)", token: first.access).status == .notFound)
            let topicOwners = try await harness.backend.driver.read { db in
                try await db.raw("SELECT user_id FROM push_device_topics").all().map { try $0.decode(column: "user_id", as: String.self) }
            }
            let secondID = try #require(try await client.send(.get, "/v1/me", token: second.access).string("id"))
            #expect(topicOwners == [secondID])
        }
    }

    /// A user keeps their 100 most recently registered devices: the 101st drops the oldest.
    @Test func aUserKeepsTheirNewestDevices() async throws {
        let harness = try await TestHarness.make(store: .sqlite)
        try await harness.run { client in
            let tokens = try await client.signUpUser("tam")
            for index in 0...DeviceStore.maximumPerUser {
                harness.clock.advance(by: 1)
                let body: [String: any Sendable] = ["token": "fcm-\(index)", "platform": "android", "topics": ["all"]]
                #expect(try await client.send(.post, "/v1/me/devices", json: body, token: tokens.access).status == .created)
            }
            let devices = try #require(try await client.send(.get, "/v1/me/devices", token: tokens.access).value("devices") as? [[String: Any]])
            #expect(devices.count == DeviceStore.maximumPerUser)
            #expect(devices.first?["token"] as? String == "fcm-\(DeviceStore.maximumPerUser)" && devices.last?["token"] as? String == "fcm-1")
            let topics = try await harness.backend.driver.read { db in
                try await db.raw("SELECT COUNT(*) AS n FROM push_device_topics").first()?.decode(column: "n", as: Int.self)
            }
            #expect(topics == DeviceStore.maximumPerUser)
        }
    }

    @Test(arguments: TestStore.enabled) func badRegistrationsAreRefusedByField(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let tokens = try await client.signUpUser("sam")
            func register(_ body: [String: any Sendable]) async throws -> TestResponse {
                try await client.send(.post, "/v1/me/devices", json: body, token: tokens.access)
            }
            let notHex = try await register(["token": String(repeating: "zz", count: 32), "platform": "ios"])
            #expect(notHex.status == .unprocessableContent && notHex.fieldCodes == ["invalid_field"])
            let apnsOnAndroid = try await register(["token": Self.apnsToken, "platform": "android", "provider": "apns"])
            #expect((apnsOnAndroid.value("errors") as? [[String: Any]])?.first?["field"] as? String == "provider")
            let several = try await register([
                "token": "bad token", "platform": "web", "locale": "not a locale", "topics": ["ok", "no spaces"], "appVersion": "",
            ])
            #expect(several.string("code") == "validation_failed" && several.fieldCodes.count == 4)
            let tooManyTopics = try await register(["token": Self.fcmToken, "platform": "web", "topics": (0...64).map { "t\($0)" }])
            #expect(tooManyTopics.status == .unprocessableContent)
            // A platform outside the list is the field's error, as the endpoint's own checks give.
            let watch = try await register(["token": Self.fcmToken, "platform": "watch"])
            #expect(watch.status == .unprocessableContent && watch.fieldCodes == ["invalid_field"])
            #expect((watch.value("errors") as? [[String: Any]])?.first?["field"] as? String == "platform")
            #expect(try await register(["token": Self.fcmToken, "platform": 7]).status == .badRequest)
            #expect(try await register(["token": Self.fcmToken, "platform": "web", "extra": 1]).string("code") == "unknown_field")
            #expect((try await client.send(.get, "/v1/me/devices", token: tokens.access).value("devices") as? [Any])?.isEmpty == true)
        }
    }
}
