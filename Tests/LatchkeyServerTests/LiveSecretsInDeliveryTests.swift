import Foundation
import HTTPTypes
import LatchkeyServer
import LatchkeyTestSupport
import Testing

/// Live PINs and links do not outlive their sending: the `log` sender (which writes them to the
/// log) is refused off loopback unless allowed explicitly, no delivered message keeps its body
/// in the outbox, whichever sender handled it, and a dead-lettered one only while its PIN lives.
@Suite struct LiveSecretsInDeliveryTests {
    static let phone = "+14155550123"

    /// `serve` on a non-loopback address with the log sender stops before it opens the data
    /// directory or binds; with `--allow-log-sender` it gets past that check.
    @Test func theLogSenderIsRefusedOffLoopback() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-logsender-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for arguments in [["--host", "0.0.0.0"], ["--host", "::", "--sms-sender", "webhook", "--webhook-url", "http://127.0.0.1:9/h"]] {
            let refused = try await ServerProcess.refusal(
                dataDirectory: directory,
                extraArguments: arguments,
                environment: ["LATCHKEY_WEBHOOK_SECRET": "s"]
            )
            #expect(refused.status != 0)
            #expect(refused.output.contains("log sender") && refused.output.contains("--allow-log-sender"), "\(refused.output)")
            #expect(!FileManager.default.fileExists(atPath: directory), "the refused server opened its data directory")
        }
        // Allowed: the next check (a malformed secret key) is what stops it, still before binding.
        for (arguments, environment) in [
            (["--host", "0.0.0.0", "--allow-log-sender"], ["LATCHKEY_SECRET_KEY": "not a key"]),
            (["--host", "0.0.0.0"], ["LATCHKEY_SECRET_KEY": "not a key", "LATCHKEY_ALLOW_LOG_SENDER": "1"]),
        ] {
            let allowed = try await ServerProcess.refusal(dataDirectory: directory, extraArguments: arguments, environment: environment)
            #expect(allowed.status != 0)
            #expect(!allowed.output.contains("log sender") && allowed.output.contains("LATCHKEY_SECRET_KEY"), "\(allowed.output)")
        }
        // On loopback the log sender needs no permission.
        let local = try await ServerProcess(dataDirectory: directory, extraArguments: ["--host", "127.0.0.1"])
        #expect(try await local.request("GET", "/v1/hello").status == .ok)
        try await local.stop()
    }

    /// After the log sender delivers a PIN, a reset link and an email sign-in code (which the
    /// email's subject carries too), the outbox rows hold none of them.
    @Test(arguments: TestStore.enabled) func deliveredBodiesAreDroppedFromTheOutbox(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { settings in
            settings.auth.revealTakenEmails = true
            settings.auth.signInMethods.insert(.emailCode)
        }
        try await harness.run { client in
            _ = try await client.signUp(["email": "reset@example.com", "password": "correct horse battery"])
            #expect(try await client.startPhone(Self.phone).status == .accepted)
            let pin = try await harness.latestPIN(to: Self.phone)
            let link = try await harness.resetLinkToken(for: "reset@example.com", client: client)
            #expect(try await client.sendEmailCode("code@example.com").status == .accepted)
            let code = try await harness.latestEmailCode(to: "code@example.com")
            try await eventually {
                try await harness.backend.outbox.list(limit: 10).allSatisfy { $0.status == .sent }
            }
            let bodies = try await StoredSecrets.outboxBodies(harness)
            let subjects = try await StoredSecrets.outboxSubjects(harness)
            #expect(bodies.count == 3 && subjects.count == 2)
            #expect((bodies + subjects).allSatisfy { $0 == "[delivered]" }, "\(bodies) \(subjects)")
            for secret in [pin, link, code] { #expect(!(bodies + subjects).joined().contains(secret)) }
            // As the operators' API lists them.
            let listed = try await harness.backend.outbox.list(limit: 10)
            #expect(!listed.contains { ($0.message.subject ?? "").contains(code) })
        }
    }

    /// A message the webhook refuses is dead-lettered with its body while the PIN in it lives, so
    /// that an operator can still send it again; the janitor drops the body once the PIN expires.
    @Test(arguments: TestStore.enabled) func deadLettersKeepTheirBodyOnlyWhileItsPINLives(store: TestStore) async throws {
        try await withWebhook(answering: [.unprocessableContent], store: store) { harness, client, receiver in
            #expect(try await client.startPhone(Self.phone).status == .accepted)
            try await eventually { try await harness.latestMessage(to: Self.phone).status == .dead }
            let pin = try #require(receiver.requests.first?.pin)
            #expect(try await StoredSecrets.outboxBodies(harness).joined().contains(pin))
            #expect(try await harness.backend.janitor.sweep()["deadMessageBodies"] == nil)
            harness.clock.advance(by: 601)
            #expect(try await harness.backend.janitor.sweep()["deadMessageBodies"] == 1)
            #expect(try await StoredSecrets.outboxBodies(harness) == ["[not delivered]"])
        }
    }

    /// A message whose last attempt fails after its PIN expired is dead-lettered without its body.
    @Test(arguments: TestStore.enabled) func aMessageDyingAfterItsPINExpiredKeepsNoBody(store: TestStore) async throws {
        try await withWebhook(answering: [.badGateway], store: store) { harness, client, receiver in
            #expect(try await client.startPhone(Self.phone).status == .accepted)
            try await eventually { try await harness.latestMessage(to: Self.phone).lastError != nil }
            harness.clock.advance(by: 601)
            try await eventually { try await harness.latestMessage(to: Self.phone).status == .dead }
            #expect(receiver.requests.count == 2)
            #expect(try await StoredSecrets.outboxBodies(harness) == ["[not delivered]"])
        }
    }

    /// Queued and dead-lettered messages hold live PINs, codes and links until they are sent or
    /// expire. No operator, viewer or owner, sees one on any surface: the admin API's outbox in
    /// each state, the console's outbox page, `latchkey outbox list` (text and JSON); each lists
    /// the messages, to whom and why, without what they say.
    @Test(arguments: TestStore.enabled) func operatorsSeeNoLivePINCodeOrLinkAnywhere(store: TestStore) async throws {
        try await serving(try await MessageReceiver.start(statuses: [.unprocessableContent, .badGateway])) { receiver in
            let harness = try await TestHarness.make(store: store) { settings in
                settings.auth.revealTakenEmails = true
                settings.auth.signInMethods.insert(.emailCode)
            } configureServer: {
                $0.delivery.smsSender = .webhook
                $0.delivery.emailSender = .webhook
                $0.delivery.webhookURL = receiver.url + "/hook"
                $0.delivery.webhookSecret = "webhook-test-secret"
            }
            let storeArguments = ["--data-dir", harness.directory.path] + (harness.databaseURL.map { ["--database", $0] } ?? [])
            try await harness.run { client in
                // The first message is refused (dead), the others fail and wait for their retry.
                #expect(try await client.startPhone(Self.phone).status == .accepted)
                try await eventually { try await harness.latestMessage(to: Self.phone).status == .dead }
                _ = try await client.signUp(["email": "reset@example.com", "password": "correct horse battery"])
                _ = try await client.send(.post, "/v1/auth/password/reset", json: ["email": "reset@example.com"], app: client.clientID)
                #expect(try await client.sendEmailCode("code@example.com").status == .accepted)
                try await eventually {
                    let entries = try await harness.backend.outbox.list(limit: 20)
                    return entries.count >= 3 && entries.allSatisfy { $0.lastError != nil }
                }
                let queued = try await harness.backend.outbox.list(limit: 20)
                #expect(queued.contains { $0.status == .pending } && queued.contains { $0.status == .dead })
                let secrets = Self.secrets(in: receiver.requests)
                #expect(secrets.count >= 3, "\(receiver.requests.map(\.body))")

                var surfaces: [String: String] = [:]
                let (owner, _, viewer) = try await harness.operatorTokens(client)
                for (role, token) in [("viewer", viewer), ("owner", owner)] {
                    for query in ["", "?status=pending", "?status=dead"] {
                        let listed = try await client.send(.get, "/v1/operator/outbox\(query)", token: token)
                        #expect(listed.status == .ok)
                        surfaces["\(role) GET /v1/operator/outbox\(query)"] = listed.text
                    }
                }
                let items = try #require(try await client.send(.get, "/v1/operator/outbox", token: viewer).value("items") as? [[String: Any]])
                #expect(items.count == queued.count)
                #expect(
                    items.allSatisfy { item in
                        let message = item["message"] as? [String: Any] ?? [:]
                        return message["body"] == nil && message["subject"] == nil && message["purpose"] is String && message["recipient"] is String
                    }
                )
                for role in [OperatorRole.viewer, .owner] {
                    var browser = ConsolePagesTests.Browser()
                    try await browser.signIn(client, harness, try await harness.makeOperator("page\(role.rawValue)", role: role))
                    for query in ["", "?status=pending", "?status=dead"] {
                        let page = try await browser.get(client, "/console/outbox\(query)")
                        #expect(page.status == .ok)
                        surfaces["\(role) /console/outbox\(query)"] = page.text
                    }
                }
                for arguments in [["outbox", "list"], ["outbox", "list", "--json"], ["outbox", "list", "--status", "pending"]] {
                    let listed = try await LatchkeyBinary.run(arguments + storeArguments)
                    #expect(listed.status == 0, "\(listed.stderr)")
                    #expect(listed.stdout.contains("code@example.com"))
                    surfaces["latchkey \(arguments.joined(separator: " "))"] = listed.stdout + listed.stderr
                }
                for (surface, text) in surfaces {
                    let words = Set(text.split { !$0.isLetter && !$0.isNumber && $0 != "_" && $0 != "-" }.map(String.init))
                    for secret in secrets { #expect(!words.contains(secret), "\(surface) shows \(secret)") }
                }
            }
        }
    }

    /// The PINs, codes and link tokens in what the webhook received (its subjects and bodies).
    private static func secrets(in requests: [MessageReceiver.Received]) -> Set<String> {
        var secrets: Set<String> = []
        for request in requests {
            let payload = (try? JSONSerialization.jsonObject(with: Data(request.body.utf8))) as? [String: Any] ?? [:]
            let text = [payload["subject"], payload["body"]].compactMap { $0 as? String }.joined(separator: "\n")
            secrets.formUnion(text.matches(of: /\b\d{6}\b/).map { String($0.output) })
            secrets.formUnion(text.matches(of: /token=([A-Za-z0-9_\-]+)/).map { String($0.output.1) })
        }
        return secrets
    }

    /// Runs `body` on a server whose SMS go to a webhook answering `statuses` in turn, two attempts at most.
    private func withWebhook(
        answering statuses: [HTTPResponse.Status],
        store: TestStore,
        _ body: @Sendable (TestHarness, Client, MessageReceiver) async throws -> Void
    ) async throws {
        try await serving(try await MessageReceiver.start(statuses: statuses)) { receiver in
            let harness = try await TestHarness.make(store: store) { _ in
            } configureServer: {
                $0.delivery.smsSender = .webhook
                $0.delivery.webhookURL = receiver.url + "/hook"
                $0.delivery.webhookSecret = "webhook-test-secret"
                $0.delivery.maximumAttempts = 2
            }
            try await harness.run { client in try await body(harness, client, receiver) }
        }
    }
}
