import Foundation
import HTTPTypes
import LatchkeyPushFakes
import LatchkeyTestSupport
import LatchkeyWire
import NIOConcurrencyHelpers
import SQLKit
import Testing

@testable import LatchkeyServer

/// `POST /v1/push` end to end: the app's server (scope `push:send`) sends, the outbox delivers
/// through APNs and FCM stand-ins that check what the real services check (HTTP/2 over TLS,
/// the signed provider tokens, the headers, the payload size), and what they answer decides
/// what happens: delivered, device deactivated, retried after `Retry-After`.
@Suite struct PushSendTests {
    static let apnsToken = PushDeviceTests.apnsToken
    static let fcmToken = PushDeviceTests.fcmToken

    /// A harness whose push client trusts the fake's CA, with the app's credentials for both providers.
    private func harness(_ fake: FakePushProvider, store: TestStore, providers: Set<PushProvider> = [.apns, .fcm]) async throws -> TestHarness {
        let harness = try await TestHarness.make(store: store) { _ in
        } configureServer: {
            $0.pushTrustRoots = fake.authority.rootPEM
        }
        if providers.contains(.apns) {
            let apns = try APNsCredentials(
                privateKey: fake.apnsKeyPEM,
                keyID: FakePushProvider.keyID,
                teamID: FakePushProvider.teamID,
                topic: FakePushProvider.topic,
                baseURL: fake.baseURL
            )
            try await harness.backend.setAPNsCredentials(apns, app: harness.app, by: .commandLine())
        }
        if providers.contains(.fcm) {
            try await harness.backend.setFCMCredentials(
                try FCMCredentials(serviceAccountJSON: fake.serviceAccountJSON, baseURL: fake.baseURL),
                app: harness.app,
                by: .commandLine()
            )
        }
        return harness
    }

    /// Runs `body` against a fake that reads the harness's clock, with the app's credentials for `providers`.
    private func withPush(
        store: TestStore,
        providers: Set<PushProvider> = [.apns, .fcm],
        _ body: @escaping @Sendable (FakePushProvider, TestHarness, Client) async throws -> Void
    ) async throws {
        let clock = ManualClockBox()
        try await serving(try await FakePushProvider.start(now: { clock.value?.now() ?? Date() })) { fake in
            let harness = try await harness(fake, store: store, providers: providers)
            clock.value = harness.clock
            try await harness.run { client in try await body(fake, harness, client) }
        }
    }

    /// A user with an iPhone (Japanese, topic `news`) and an Android phone (no locale).
    private func userWithDevices(_ name: String, _ client: Client) async throws -> (id: String, access: String) {
        let tokens = try await client.signUpUser(name)
        let iphone: [String: any Sendable] = ["token": Self.apnsToken, "platform": "ios", "locale": "ja-JP", "topics": ["news"]]
        #expect(try await client.send(.post, "/v1/me/devices", json: iphone, token: tokens.access).status == .created)
        let android: [String: any Sendable] = ["token": Self.fcmToken, "platform": "android", "topics": ["news"]]
        #expect(try await client.send(.post, "/v1/me/devices", json: android, token: tokens.access).status == .created)
        return (try #require(try await client.send(.get, "/v1/me", token: tokens.access).string("id")), tokens.access)
    }

    private func push(_ client: Client, _ token: String, _ body: [String: any Sendable]) async throws -> TestResponse {
        try await client.send(.post, "/v1/push", json: body, token: token)
    }

    @Test(arguments: TestStore.enabled) func aPushReachesEachDeviceInItsLanguageThroughBothProviders(store: TestStore) async throws {
        try await withPush(store: store) { fake, harness, client in
            let user = try await userWithDevices("una", client)
            let sender = try await harness.clientToken(client, scope: "push:send")
            let sent = try await push(
                client,
                sender,
                [
                    "userId": user.id, "title": ["default": "Hello", "ja": "こんにちは"], "body": ["default": "You won", "ja-JP": "勝ちました"],
                    "data": ["match": "m-1", "score": 3] as [String: any Sendable], "collapseId": "match-m-1", "priority": "normal", "ttl": 60,
                ]
            )
            #expect(sent.status == .ok)
            #expect(sent.value("queued.apns") as? Int == 1 && sent.value("queued.fcm") as? Int == 1 && sent.value("skipped") as? Int == 0)
            await harness.backend.dispatcher.deliverDue()
            let deliveries = try await eventually(2) { fake.deliveries.count }
            #expect(deliveries == 2, "refused: \(fake.refusals)")

            let apns = try #require(fake.deliveries.first { $0.provider == "apns" })
            #expect(apns.token == Self.apnsToken)
            #expect(apns.headers["apns-topic"] == FakePushProvider.topic && apns.headers["apns-push-type"] == "alert")
            #expect(apns.headers["apns-priority"] == "5" && apns.headers["apns-collapse-id"] == "match-m-1")
            #expect(apns.headers["apns-expiration"] == String(harness.clock.now().epochSeconds + 60))
            let aps = try #require(apns.payload["aps"] as? [String: any Sendable])
            let alert = try #require(aps["alert"] as? [String: any Sendable])
            #expect(alert["title"] as? String == "こんにちは" && alert["body"] as? String == "勝ちました")
            #expect(apns.payload["match"] as? String == "m-1" && apns.payload["score"] as? Double == 3)

            let fcm = try #require(fake.deliveries.first { $0.provider == "fcm" })
            #expect(fcm.token == Self.fcmToken)
            let notification = try #require(fcm.payload["notification"] as? [String: any Sendable])
            #expect(notification["title"] as? String == "Hello" && notification["body"] as? String == "You won")
            let data = try #require(fcm.payload["data"] as? [String: any Sendable])
            #expect(data["match"] as? String == "m-1" && data["score"] as? String == "3")
            let android = try #require(fcm.payload["android"] as? [String: any Sendable])
            #expect(android["priority"] as? String == "NORMAL" && android["ttl"] as? String == "60s")
            #expect(android["collapse_key"] as? String == "match-m-1")
            #expect(fake.tokenExchanges == 1)
            // The fake has the pushes before the dispatcher that sent them (this test's call or the
            // server's own loop, whichever leased them) records its batch as sent.
            let recorded = try await eventually(2) {
                try await harness.backend.outbox.list(status: .sent).filter { $0.message.channel == .push }.count
            }
            #expect(recorded == 2)

            // The other targets: a topic, a list of users, one device; a data-only push is a background push.
            let topic = try await push(client, sender, ["topic": "news", "data": ["sync": true]])
            #expect(topic.value("queued.apns") as? Int == 1 && topic.value("queued.fcm") as? Int == 1)
            let users = try await push(client, sender, ["userIds": [user.id, "nobody"], "body": ["default": "hi"]])
            #expect(users.value("queued.apns") as? Int == 1 && users.value("queued.fcm") as? Int == 1)
            let device = try await push(client, sender, ["deviceToken": Self.fcmToken, "body": ["default": "hi"]])
            #expect(device.value("queued.fcm") as? Int == 1 && device.value("queued.apns") == nil)
            await harness.backend.dispatcher.deliverDue()
            #expect(try await eventually(7) { fake.deliveries.count } == 7)
            let background = fake.deliveries.filter { $0.provider == "apns" && $0.headers["apns-push-type"] == "background" }
            #expect(background.count == 1 && background.first?.headers["apns-priority"] == "5")
            #expect((background.first?.payload["aps"] as? [String: any Sendable])?["content-available"] as? Double == 1)
            #expect(fake.tokenExchanges == 1, "the FCM access token is kept until it expires")
        }
    }

    @Test(arguments: TestStore.enabled) func aTokenTheProviderCallsDeadDeactivatesItsDevice(store: TestStore) async throws {
        try await withPush(store: store) { fake, harness, client in
            let user = try await userWithDevices("vic", client)
            let sender = try await harness.clientToken(client, scope: "push:send")
            fake.unregister(Self.apnsToken)
            fake.unregister(Self.fcmToken)
            #expect(try await push(client, sender, ["userId": user.id, "body": ["default": "hi"]]).status == .ok)
            await harness.backend.dispatcher.deliverDue()
            let devices = try await eventually([false, false]) {
                let list = try await client.send(.get, "/v1/me/devices", token: user.access)
                return ((list.value("devices") as? [[String: Any]]) ?? []).map { $0["active"] as? Bool ?? true }
            }
            #expect(devices == [false, false])
            #expect(fake.refusals.sorted() == ["apns Unregistered 410", "fcm UNREGISTERED 404"])
            let dead = try await eventually(2) {
                try await harness.backend.outbox.list(status: .dead).filter { $0.message.channel == .push }.count
            }
            #expect(dead == 2)

            // Nothing more is queued for the dead tokens, until the app registers them again.
            let again = try await push(client, sender, ["userId": user.id, "body": ["default": "hi"]])
            #expect((again.value("queued") as? [String: Any])?.isEmpty == true && again.value("skipped") as? Int == 0)
            let iphone: [String: any Sendable] = ["token": Self.apnsToken, "platform": "ios"]
            #expect(try await client.send(.post, "/v1/me/devices", json: iphone, token: user.access).value("active") as? Bool == true)

            // The janitor drops a dead token's device a month after the provider refused it.
            harness.clock.advance(by: 29 * 86_400)
            #expect(try await harness.backend.janitor.sweep()["pushDevices"] == nil)
            harness.clock.advance(by: 2 * 86_400)
            #expect(try await harness.backend.janitor.sweep()["pushDevices"] == 1)
            let access = try #require(try await client.signIn("vic").string("session.accessToken"))
            let left = try await client.send(.get, "/v1/me/devices", token: access)
            #expect((left.value("devices") as? [[String: Any]])?.compactMap { $0["token"] as? String } == [Self.apnsToken])
        }
    }

    @Test(arguments: TestStore.enabled) func aThrottledSendIsRetriedAfterTheProvidersRetryAfter(store: TestStore) async throws {
        try await withPush(store: store, providers: [.apns]) { fake, harness, client in
            let user = try await userWithDevices("wes", client)
            let sender = try await harness.clientToken(client, scope: "push:send")
            fake.throttle(next: 1, retryAfter: 120)
            let sent = try await push(client, sender, ["userId": user.id, "body": ["default": "later"]])
            #expect(sent.value("queued.apns") as? Int == 1 && sent.value("skipped") as? Int == 1, "no FCM credentials: skipped")
            await harness.backend.dispatcher.deliverDue()
            #expect(try await eventually(["apns TooManyRequests 429"]) { fake.refusals } == ["apns TooManyRequests 429"])
            // The attempt's outcome is written once its batch is done (by this call or the dispatcher's own).
            let retryAt = harness.clock.now().addingTimeInterval(120)
            let pending = try await eventually(Optional(retryAt)) {
                try await harness.backend.outbox.list(status: .pending).first { $0.message.channel == .push }?.nextAttemptAt
            }
            #expect(pending == retryAt, "Retry-After, not the 5 s backoff")
            harness.clock.advance(by: 60)
            await harness.backend.dispatcher.deliverDue()
            #expect(fake.deliveries.isEmpty)
            harness.clock.advance(by: 60)
            await harness.backend.dispatcher.deliverDue()
            #expect(try await eventually(1) { fake.deliveries.count } == 1)
        }
    }

    /// A provider that hangs holds only its own lane: while every APNs request hangs, FCM pushes
    /// (another provider) go out, and each sign-in PIN (another sender) reaches its inbox well
    /// within the 10 s a hanging send holds its lane. The bound is half of that: a message queued
    /// behind the hang would take all of it, while a loaded test machine can take over a second.
    @Test(arguments: TestStore.enabled) func aHangingProviderDelaysNoOtherMessage(store: TestStore) async throws {
        try await withPush(store: store) { fake, harness, client in
            let user = try await userWithDevices("hal", client)
            let sender = try await harness.clientToken(client, scope: "push:send")
            fake.hangAPNs()
            let clock = ContinuousClock()
            let pushed = clock.now
            for round in 1...3 {
                #expect(try await push(client, sender, ["userId": user.id, "body": ["default": "round \(round)"]]).status == .ok)
            }
            #expect(try await eventually(3) { fake.deliveries.filter { $0.provider == "fcm" }.count } == 3, "refused: \(fake.refusals)")
            let bound = Duration.seconds(5)
            #expect(clock.now - pushed < bound, "FCM waited for APNs")
            for index in 0..<6 {
                let phone = "+1415555020\(index)"
                let asked = clock.now
                #expect(try await client.startPhone(phone).status == .accepted)
                let sent = try await harness.latestSent(to: phone)
                #expect(sent.body.firstMatch(of: /\d{6}/) != nil)
                #expect(clock.now - asked < bound, "PIN \(index) took \(clock.now - asked)")
            }
            #expect(fake.deliveries.filter { $0.provider == "apns" }.isEmpty, "APNs still hangs")
        }
    }

    /// Provider tokens are kept between sends and renewed before the providers refuse them: the
    /// APNs token within the hour Apple allows, the FCM access token before it expires.
    @Test func providerTokensAreKeptAndRenewedUnderTheHour() async throws {
        try await withPush(store: .sqlite) { fake, harness, client in
            let user = try await userWithDevices("yul", client)
            for round in 1...3 {
                let sender = try await harness.clientToken(client, scope: "push:send")
                #expect(try await push(client, sender, ["userId": user.id, "body": ["default": "round \(round)"]]).status == .ok)
                await harness.backend.dispatcher.deliverDue()
                // On a loaded machine a send (or the FCM token exchange before it) can take the
                // 10 s it is allowed and time out; its retry is due 5 s later on the test's clock,
                // which only the test moves: move it that far, for up to a minute. At most 5
                // minutes are added to a round, far from the 50 and 59 minutes the tokens serve.
                for _ in 0..<60 where fake.deliveries.count < 2 * round {
                    try await Task.sleep(for: .seconds(1))
                    harness.clock.advance(by: 5)
                    await harness.backend.dispatcher.deliverDue()
                }
                #expect(try await eventually(2 * round, limit: .seconds(30)) { fake.deliveries.count } == 2 * round, "refused: \(fake.refusals)")
                harness.clock.advance(by: 40 * 60)
            }
            #expect(fake.refusals.isEmpty)
            let apnsTokens = Set(fake.deliveries.filter { $0.provider == "apns" }.compactMap { $0.headers["authorization"] })
            #expect(apnsTokens.count == 2, "the first token served 0 and 40 minutes, a new one 80")
            #expect(fake.tokenExchanges == 2, "an FCM access token serves until a minute before its hour: 0 and 40 minutes, then 80 on a new one")
        }
    }

    /// Sends that go out together share one FCM access token: the first buys it, the others
    /// wait for that purchase instead of each buying their own.
    @Test(arguments: TestStore.enabled) func concurrentFCMSendsShareOneTokenFetch(store: TestStore) async throws {
        try await withPush(store: store, providers: [.fcm]) { fake, harness, client in
            let tokens = try await client.signUpUser("fay")
            let phones = (1...4).map { "\(Self.fcmToken)-\($0)" }
            for phone in phones {
                let android: [String: any Sendable] = ["token": phone, "platform": "android"]
                #expect(try await client.send(.post, "/v1/me/devices", json: android, token: tokens.access).status == .created)
            }
            let id = try #require(try await client.send(.get, "/v1/me", token: tokens.access).string("id"))
            fake.delayTokens(by: .milliseconds(300))
            let sender = try await harness.clientToken(client, scope: "push:send")
            let sent = try await push(client, sender, ["userId": id, "body": ["default": "together"]])
            #expect(sent.value("queued.fcm") as? Int == phones.count)
            await harness.backend.dispatcher.deliverDue()
            #expect(try await eventually(phones.count) { fake.deliveries.count } == phones.count, "refused: \(fake.refusals)")
            #expect(fake.tokenExchanges == 1, "one access token for every send of the batch")
        }
    }

    @Test(arguments: TestStore.enabled) func aChildAwaitingConsentReceivesNothing(store: TestStore) async throws {
        try await withPush(store: store) { fake, harness, client in
            let child = try await client.signUpChild("kidpush")
            let iphone: [String: any Sendable] = ["token": Self.apnsToken, "platform": "ios", "topics": ["news"]]
            #expect(try await client.send(.post, "/v1/me/devices", json: iphone, token: child.access).status == .created)
            let childID = try #require(try await client.send(.get, "/v1/me", token: child.access).string("id"))
            let sender = try await harness.clientToken(client, scope: "push:send")
            for target in [["userId": childID], ["topic": "news"], ["deviceToken": Self.apnsToken]] as [[String: any Sendable]] {
                let sent = try await push(client, sender, target.merging(["body": ["default": "hi"]]) { $1 })
                #expect((sent.value("queued") as? [String: Any])?.isEmpty == true && sent.value("skipped") as? Int == 1)
            }
            #expect(try await harness.backend.outbox.list().filter { $0.message.channel == .push }.isEmpty)
        }
    }

    @Test(arguments: TestStore.enabled) func onlyAClientWithPushSendMaySendAndBadRequestsAreRefusedByField(store: TestStore) async throws {
        try await withPush(store: store) { fake, harness, client in
            let user = try await userWithDevices("xia", client)
            let body: [String: any Sendable] = ["userId": user.id, "body": ["default": "hi"]]
            let other = try await harness.clientToken(client, scope: "wallet:read")
            #expect(try await push(client, other, body).status == .forbidden)
            #expect(try await push(client, user.access, body).status == .forbidden)
            #expect(try await client.send(.post, "/v1/push", json: body).status == .unauthorized)

            let sender = try await harness.clientToken(client, scope: "push:send")
            let twoTargets = try await push(client, sender, ["userId": user.id, "topic": "news", "body": ["default": "hi"]])
            #expect(twoTargets.status == .unprocessableContent && twoTargets.fieldCodes == ["invalid_field"])
            let several = try await push(
                client,
                sender,
                ["topic": "no spaces", "title": ["ja": "x"], "collapseId": String(repeating: "c", count: 65), "ttl": -1]
            )
            #expect(several.string("code") == "validation_failed" && several.fieldCodes.count == 4)
            let tooBig = try await push(client, sender, ["userId": user.id, "data": ["blob": String(repeating: "x", count: 4_100)]])
            #expect(tooBig.status == .unprocessableContent)
            let urgent = try await push(client, sender, ["userId": user.id, "priority": "urgent"])
            #expect(urgent.status == .unprocessableContent && urgent.fieldCodes == ["invalid_field"])
            #expect(try await harness.backend.outbox.list().filter { $0.message.channel == .push }.isEmpty)
        }
    }

    /// The credentials are sealed with the installation's key: the database holds neither key.
    @Test func credentialsAreSealedAtRest() async throws {
        try await serving(try await FakePushProvider.start()) { fake in
            let harness = try await harness(fake, store: .sqlite)
            let stored = try await harness.backend.driver.read { db in
                try await db.raw("SELECT sealed FROM push_credentials").all().map { try $0.decode(column: "sealed", as: String.self) }
            }
            #expect(stored.count == 2 && stored.allSatisfy { $0.hasPrefix("sealed:v1:") })
            let keyLine = try #require(fake.apnsKeyPEM.split(separator: "\n").dropFirst().first)
            #expect(!stored.contains { $0.contains(keyLine) || $0.contains(FakePushProvider.clientEmail) })
            #expect(try await harness.backend.pushProviders(app: harness.app, by: .commandLine()) == [.apns, .fcm])
            try await harness.run { _ in }
        }
    }
}

/// The harness's clock, set once the harness exists, for a fake started before it.
final class ManualClockBox: Sendable {
    private let box = NIOLockedValueBox<ManualTimeSource?>(nil)
    var value: ManualTimeSource? {
        get { box.withLockedValue { $0 } }
        set { box.withLockedValue { $0 = newValue } }
    }
}
