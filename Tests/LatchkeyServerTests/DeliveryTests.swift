import Crypto
import Foundation
import HTTPTypes
import LatchkeyServer
import LatchkeyTestSupport
import Testing

/// The outbox and its senders: webhook signing, retries with backoff, dead letters, Twilio, and
/// no message lost to a crash.
@Suite struct DeliveryTests {
    static let phone = "+14155550123"
    static let secret = "webhook-test-secret"

    @Test(arguments: TestStore.enabled) func webhookIsSignedAndRetriedWithBackoff(store: TestStore) async throws {
        try await serving(try await MessageReceiver.start(statuses: [.internalServerError, .serviceUnavailable, .ok])) { receiver in
            let harness = try await TestHarness.make(store: store) { _ in
            } configureServer: {
                $0.delivery.smsSender = .webhook
                $0.delivery.webhookURL = receiver.url + "/hooks/latchkey"
                $0.delivery.webhookSecret = Self.secret
            }
            try await harness.run { client in
                #expect(try await client.startPhone(Self.phone).status == .accepted)
                try await eventually { try await harness.latestMessage(to: Self.phone).lastError != nil }
                #expect(receiver.requests.count == 1)
                var entry = try await harness.latestMessage(to: Self.phone)
                #expect(entry.status == .pending)
                #expect(entry.attempts == 1)
                #expect(entry.lastError?.contains("500") == true)
                harness.clock.advance(by: 5)
                // Wait for the outcome to be recorded (its retry time is read from the clock then).
                try await eventually { try await harness.latestMessage(to: Self.phone).lastError?.contains("503") == true }
                #expect(receiver.requests.count == 2)
                harness.clock.advance(by: 10)
                try await eventually { try await harness.latestMessage(to: Self.phone).status == .sent }
                entry = try await harness.latestMessage(to: Self.phone)
                #expect(entry.attempts == 3)
                #expect(entry.message.body == "[delivered]")

                let request = try #require(receiver.requests.last)
                #expect(request.path == "/hooks/latchkey")
                #expect(request.headers[HTTPField.Name("Latchkey-Message-Id")!] == entry.message.id)
                let payload = try #require(try JSONSerialization.jsonObject(with: Data(request.body.utf8)) as? [String: Any])
                #expect(payload["to"] as? String == Self.phone)
                #expect(payload["channel"] as? String == "sms")
                #expect((payload["body"] as? String)?.firstMatch(of: /\d{6}/) != nil)
                let signature = try #require(request.headers[HTTPField.Name("Latchkey-Signature")!])
                let parts = Dictionary(
                    uniqueKeysWithValues: signature.split(separator: ",").map { $0.split(separator: "=", maxSplits: 1).map(String.init) }.map {
                        ($0[0], $0[1])
                    }
                )
                let mac = HMAC<SHA256>.authenticationCode(
                    for: Data("\(parts["t"] ?? "").\(request.body)".utf8),
                    using: SymmetricKey(data: Data(Self.secret.utf8))
                )
                #expect(parts["v1"] == mac.map { String(format: "%02x", $0) }.joined())
            }
        }
    }

    @Test(arguments: TestStore.enabled) func webhookRedirectsAreNotFollowed(store: TestStore) async throws {
        try await serving(try await MessageReceiver.start(statuses: [.ok])) { elsewhere in
            let redirect = try await MessageReceiver.start(statuses: [.temporaryRedirect], headers: [.location: elsewhere.url + "/stolen"])
            try await serving(redirect) { redirecting in
                let harness = try await TestHarness.make(store: store) { _ in
                } configureServer: {
                    $0.delivery.smsSender = .webhook
                    $0.delivery.webhookURL = redirecting.url + "/hook"
                    $0.delivery.webhookSecret = Self.secret
                }
                try await harness.run { client in
                    _ = try await client.startPhone(Self.phone)
                    try await eventually { try await harness.latestMessage(to: Self.phone).status == .dead }
                    #expect(try await harness.latestMessage(to: Self.phone).lastError?.contains("redirect") == true)
                    #expect(redirecting.requests.count == 1)
                    #expect(elsewhere.requests.isEmpty)
                }
            }
        }
    }

    @Test(arguments: TestStore.enabled) func refusedMessagesAndExhaustedRetriesAreDeadLettered(store: TestStore) async throws {
        try await serving(try await MessageReceiver.start(statuses: [.unprocessableContent])) { refusing in
            let harness = try await TestHarness.make(store: store) { _ in
            } configureServer: {
                $0.delivery.smsSender = .webhook
                $0.delivery.webhookURL = refusing.url + "/hook"
                $0.delivery.webhookSecret = Self.secret
                $0.delivery.maximumAttempts = 2
            }
            try await harness.run { client in
                _ = try await client.startPhone(Self.phone)
                try await eventually { try await harness.latestMessage(to: Self.phone).status == .dead }
                #expect(refusing.requests.count == 1)
                #expect(try await harness.backend.outbox.list(status: .dead).count == 1)
            }
        }
    }

    @Test func failingProviderIsDeadLetteredAfterTheLastAttempt() async throws {
        try await serving(try await MessageReceiver.start(statuses: [.badGateway])) { failing in
            let harness = try await TestHarness.make(store: .sqlite) { _ in
            } configureServer: {
                $0.delivery.smsSender = .webhook
                $0.delivery.webhookURL = failing.url + "/hook"
                $0.delivery.webhookSecret = Self.secret
                $0.delivery.maximumAttempts = 2
            }
            try await harness.run { client in
                _ = try await client.startPhone(Self.phone)
                try await eventually { try await harness.latestMessage(to: Self.phone).lastError != nil }
                harness.clock.advance(by: 5)
                try await eventually { try await harness.latestMessage(to: Self.phone).status == .dead }
                #expect(failing.requests.count == 2)
            }
        }
    }

    @Test(arguments: TestStore.enabled) func twilioSenderUsesTheMessagesAPI(store: TestStore) async throws {
        try await serving(try await MessageReceiver.start(statuses: [.created], answer: #"{"sid": "SM0123456789", "status": "queued"}"#)) { twilio in
            let harness = try await TestHarness.make(store: store) { _ in
            } configureServer: {
                $0.delivery.smsSender = .twilio
                $0.delivery.twilioBaseURL = twilio.url
                $0.delivery.twilioAccountSID = "AC42"
                $0.delivery.twilioAuthToken = "twilio-token"
                $0.delivery.twilioFrom = "+15005550006"
            }
            try await harness.run { client in
                _ = try await client.startPhone(Self.phone)
                try await eventually { try await harness.latestMessage(to: Self.phone).status == .sent }
                #expect(try await harness.latestMessage(to: Self.phone).providerMessageID == "SM0123456789")
                let request = try #require(twilio.requests.first)
                #expect(request.path == "/2010-04-01/Accounts/AC42/Messages.json")
                #expect(request.headers[.authorization] == "Basic " + Data("AC42:twilio-token".utf8).base64EncodedString())
                #expect(request.headers[.contentType] == "application/x-www-form-urlencoded")
                #expect(request.body.hasPrefix("To=%2B14155550123&From=%2B15005550006&Body="))
            }
        }
    }

    @Test func senderSettingsAreCheckedAtStartup() async throws {
        await #expect(throws: ConfigurationProblem.self) {
            _ = try await TestHarness.make(store: .sqlite) { _ in
            } configureServer: {
                $0.delivery.smsSender = .webhook
            }
        }
        await #expect(throws: ConfigurationProblem.self) {
            _ = try await TestHarness.make(store: .sqlite) { _ in
            } configureServer: {
                $0.delivery.emailSender = .twilio
            }
        }
    }

    /// The message is queued and its first send is still trying to connect when the server is
    /// killed with SIGKILL; after a restart the same message is delivered.
    @Test func aCrashBetweenQueueingAndSendingLosesNoMessage() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-crash-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let clientID = try await LatchkeyBinary.createApp("Outbox", in: ["--data-dir", directory]).clientID
        // Port 1, where nothing listens: the first attempt fails. (Not a port freed for later:
        // another test's process may take it meanwhile.)
        let environment = { (port: Int) in
            ["LATCHKEY_SMS_SENDER": "webhook", "LATCHKEY_WEBHOOK_URL": "http://127.0.0.1:\(port)/hook", "LATCHKEY_WEBHOOK_SECRET": Self.secret]
        }
        let server = try await ServerProcess(dataDirectory: directory, environment: environment(1))
        let started = try await server.request("POST", "/v1/auth/phone/start", json: ["phone": Self.phone], clientID: clientID)
        #expect(started.status == .accepted)
        let queued = try await outboxEntries(directory)
        #expect(queued.count == 1)
        try await server.stop(signal: SIGKILL)

        try await serving(try await MessageReceiver.start(statuses: [.ok])) { receiver in
            let restarted = try await ServerProcess(dataDirectory: directory, environment: environment(receiver.port))
            // Killed while its first send was connecting: the lease (20 s) runs out, then it is sent.
            // The receiver has the request before the server has read its answer and marked the
            // message sent, so the outbox is read until it says so, with the server still running.
            do {
                try await eventually(timeout: .seconds(50)) { receiver.requests.count == 1 }
                try await eventually(timeout: .seconds(20)) { try await outboxEntries(directory).first?["status"] as? String == "sent" }
            } catch {
                try await restarted.stop()
                throw error
            }
            let delivered = try #require(try JSONSerialization.jsonObject(with: Data(receiver.requests[0].body.utf8)) as? [String: Any])
            #expect(delivered["id"] as? String == (queued.first?["message"] as? [String: Any])?["id"] as? String)
            try await restarted.stop()
            #expect(receiver.requests.count == 1)
        }
    }

    private func outboxEntries(_ directory: String) async throws -> [[String: Any]] {
        try #require(try await LatchkeyBinary.json(["outbox", "list", "--data-dir", directory, "--json"]) as? [[String: Any]])
    }
}

/// Waits until `condition` holds, checking every 50 ms, or fails after `timeout` (generous: the
/// dispatcher ticks once a second, and the whole suite shares two cores in CI).
func eventually(
    timeout: Duration = .seconds(30),
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: @Sendable () async throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try await condition() { return }
        try await Task.sleep(for: .milliseconds(50))
    }
    throw HarnessError.unexpected("condition at \(sourceLocation.fileName):\(sourceLocation.line) not met within \(timeout)")
}
