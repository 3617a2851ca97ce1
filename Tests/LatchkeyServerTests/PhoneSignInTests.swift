import Foundation
import HTTPTypes
import HummingbirdTesting
import LatchkeyServer
import LatchkeyTestSupport
import Testing

/// Kuggle's phone sign-in: PIN by SMS, verification, and the rules of SECURITY.md for PINs.
@Suite struct PhoneSignInTests {
    static let phone = "+14155550123"

    @Test(arguments: TestStore.enabled) func pinSignsInAndTheFirstVerificationCreatesTheUser(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let started = try await client.startPhone("+1 (415) 555-0123")
            #expect(started.status == .accepted)
            #expect(started.string("phone") == Self.phone)
            #expect(started.value("expiresIn") as? Int == 600)
            let requestID = try #require(started.string("requestId"))
            let pin = try await harness.latestPIN(to: Self.phone)
            #expect(pin.count == 6 && pin.allSatisfy(\.isNumber))

            let created = try await client.verifyPhone(requestID, pin: pin)
            #expect(created.status == .created)
            #expect(created.string("user.phone") == Self.phone)
            #expect(created.value("user.profileCreated") as? Bool == false)
            #expect(created.string("user.uid")?.hasPrefix("phone:") == true)
            #expect(created.string("session.accessToken") != nil)
            let userID = try #require(created.string("user.id"))

            let again = try await client.startPhone(Self.phone)
            let second = try await client.verifyPhone(try #require(again.string("requestId")), pin: try await harness.latestPIN(to: Self.phone))
            #expect(second.status == .ok)
            #expect(second.string("user.id") == userID)
        }
    }

    /// A phone user re-authenticates with a PIN sent to their own number (bound to its request,
    /// single use), which a deletion needs once the sign-in is more than five minutes old.
    @Test(arguments: TestStore.enabled) func aPINToTheUsersOwnNumberReauthenticates(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let requestID = try #require(try await client.startPhone(Self.phone).string("requestId"))
            let access = try #require(
                try await client.verifyPhone(requestID, pin: try await harness.latestPIN(to: Self.phone)).string("session.accessToken")
            )
            harness.clock.advance(by: 301)
            #expect(try await client.send(.delete, "/v1/me", token: access).string("code") == "reauthentication_required")

            let otherNumber = "+14155550199"
            let foreign = try #require(try await client.startPhone(otherNumber).string("requestId"))
            let foreignPIN = try await harness.latestPIN(to: otherNumber)
            let reauthenticate = { (requestID: String, pin: String) in
                try await client.send(.post, "/v1/me/reauthenticate", json: ["requestId": requestID, "pin": pin], token: access)
            }
            #expect(try await reauthenticate(foreign, foreignPIN).string("code") == "code_expired")
            let own = try #require(try await client.startPhone(Self.phone).string("requestId"))
            let pin = try await harness.latestPIN(to: Self.phone)
            let wrongPIN = pin == "000000" ? "111111" : "000000"
            #expect(try await reauthenticate(own, wrongPIN).string("code") == "invalid_code")
            #expect(try await reauthenticate(own, pin).status == .noContent)
            #expect(try await reauthenticate(own, pin).string("code") == "code_expired")
            #expect(try await client.send(.delete, "/v1/me", token: access).status == .noContent)
        }
    }

    @Test(arguments: TestStore.enabled) func invalidNumbersAreTypedErrors(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            for number in ["4155550123", "+0123456789", "+1 415 CALL ME", "+1234", "+1234567890123456", "", "+44 (0) 20 7946"] {
                let response = try await client.startPhone(number)
                #expect(response.status == .badRequest, "\(number)")
                #expect(response.string("code") == "invalid_phone", "\(number)")
            }
            #expect(try await harness.backend.outbox.list().isEmpty)
        }
    }

    @Test(arguments: TestStore.enabled) func pinExpiresAfterTenMinutes(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let requestID = try #require(try await client.startPhone(Self.phone).string("requestId"))
            let pin = try await harness.latestPIN(to: Self.phone)
            harness.clock.advance(by: 601)
            let late = try await client.verifyPhone(requestID, pin: pin)
            #expect(late.status == .badRequest)
            #expect(late.string("code") == "code_expired")
        }
    }

    @Test(arguments: TestStore.enabled) func sixthCheckIsRefusedEvenWithTheRightPIN(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let requestID = try #require(try await client.startPhone(Self.phone).string("requestId"))
            let pin = try await harness.latestPIN(to: Self.phone)
            let wrong = pin == "000000" ? "111111" : "000000"
            for _ in 0..<5 {
                let response = try await client.verifyPhone(requestID, pin: wrong)
                #expect(response.string("code") == "invalid_code")
            }
            let sixth = try await client.verifyPhone(requestID, pin: pin)
            #expect(sixth.status == .badRequest)
            #expect(sixth.string("code") == "code_expired")
        }
    }

    @Test(arguments: TestStore.enabled) func wrongPINsCountPerNumberAcrossItsPINsAndLockIt(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.phone.pinFailureLimit = 3 }
        try await harness.run { client in
            let first = try #require(try await client.startPhone(Self.phone).string("requestId"))
            let firstPIN = try await harness.latestPIN(to: Self.phone)
            let second = try #require(try await client.startPhone(Self.phone).string("requestId"))
            let secondPIN = try await harness.latestPIN(to: Self.phone)
            // Two wrong PINs on one request and one on the other: three on the number.
            for (requestID, pin) in [(first, firstPIN), (first, firstPIN), (second, secondPIN)] {
                let wrong = try await client.verifyPhone(requestID, pin: pin == "000000" ? "111111" : "000000")
                #expect(wrong.string("code") == "invalid_code")
            }
            // Locked: each request still has checks left, but even the right PIN is refused.
            for (requestID, pin) in [(first, firstPIN), (second, secondPIN)] {
                let locked = try await client.verifyPhone(requestID, pin: pin)
                #expect(locked.status == .tooManyRequests)
                #expect(locked.string("code") == "rate_limited")
                #expect(Int(locked.headers[.retryAfter] ?? "") ?? 0 > 0)
            }
            // Another number is not held up.
            let other = try #require(try await client.startPhone("+14155550199").string("requestId"))
            let otherPIN = try await harness.latestPIN(to: "+14155550199")
            #expect(try await client.verifyPhone(other, pin: otherPIN, phone: "+14155550199").status == .created)
            // After the window a new PIN works.
            harness.clock.advance(by: 901)
            let third = try #require(try await client.startPhone(Self.phone).string("requestId"))
            #expect(try await client.verifyPhone(third, pin: try await harness.latestPIN(to: Self.phone)).status == .created)
        }
    }

    @Test(arguments: TestStore.enabled) func wrongPINsCountPerIPAcrossNumbers(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.auth.ipFailureLimit = 3 }
        try await harness.run(.live) { client in
            var started: [(phone: String, requestID: String, pin: String)] = []
            for index in 0..<4 {
                let phone = "+1415555020\(index)"
                let requestID = try #require(try await client.startPhone(phone).string("requestId"))
                started.append((phone, requestID, try await harness.latestPIN(to: phone)))
            }
            for attempt in started.prefix(3) {
                let wrong = try await client.verifyPhone(
                    attempt.requestID,
                    pin: attempt.pin == "000000" ? "111111" : "000000",
                    phone: attempt.phone
                )
                #expect(wrong.string("code") == "invalid_code")
            }
            let locked = try await client.verifyPhone(started[3].requestID, pin: started[3].pin, phone: started[3].phone)
            #expect(locked.status == .tooManyRequests)
            #expect(locked.headers[.retryAfter] != nil)
        }
    }

    @Test(arguments: TestStore.enabled) func pinIsBoundToItsRequestAndSingleUse(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run { client in
            let first = try #require(try await client.startPhone(Self.phone).string("requestId"))
            let firstPIN = try await harness.latestPIN(to: Self.phone)
            let second = try #require(try await client.startPhone(Self.phone).string("requestId"))
            let secondPIN = try await harness.latestPIN(to: Self.phone)
            if firstPIN != secondPIN {
                #expect(try await client.verifyPhone(second, pin: firstPIN).string("code") == "invalid_code")
            }
            let other = try await client.send(
                .post,
                "/v1/auth/phone/verify",
                json: ["phone": "+14155550999", "requestId": first, "pin": firstPIN],
                app: client.clientID
            )
            #expect(other.string("code") == "code_expired")
            #expect(try await client.verifyPhone(first, pin: firstPIN).status == .created)
            #expect(try await client.verifyPhone(first, pin: firstPIN).string("code") == "code_expired")
        }
    }

    @Test(arguments: TestStore.enabled) func twentyParallelVerificationsOfOnePINSucceedOnce(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store)
        try await harness.run(.live) { client in
            let requestID = try #require(try await client.startPhone(Self.phone).string("requestId"))
            let pin = try await harness.latestPIN(to: Self.phone)
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<20 { group.addTask { try await client.verifyPhone(requestID, pin: pin).status } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0.kind == .successful }.count == 1)
            #expect(statuses.filter { $0 == .badRequest }.count == 19)
        }
    }

    @Test(arguments: TestStore.enabled) func sendsAreLimitedPerNumberAndPerIP(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) {
            $0.delivery.recipientSendLimit = 2
            $0.delivery.ipSendLimit = 3
        }
        try await harness.run(.live) { client in
            #expect(try await client.startPhone(Self.phone).status == .accepted)
            #expect(try await client.startPhone(Self.phone).status == .accepted)
            let limited = try await client.startPhone(Self.phone)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter].flatMap(Int.init) ?? 0 > 0)
            #expect(try await client.startPhone("+14155550124").status == .accepted)
            #expect(try await client.startPhone("+14155550125").status == .tooManyRequests)
            #expect(try await harness.backend.outbox.list().count == 3)
        }
    }

    /// Parallel sends to one number are counted and refused inside their transactions, so they
    /// stay within the limit instead of all passing a check made before any of them counted.
    @Test(arguments: TestStore.enabled) func parallelSendsToOneNumberStayWithinItsLimit(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) {
            $0.delivery.recipientSendLimit = 3
            $0.delivery.ipSendLimit = 1_000
        }
        try await harness.run { client in
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<20 { group.addTask { try await client.startPhone(Self.phone).status } }
                return try await group.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .accepted }.count == 3, "\(statuses)")
            #expect(statuses.allSatisfy { $0 == .accepted || $0 == .tooManyRequests }, "\(statuses)")
            #expect(try await harness.backend.outbox.list().count == 3)
        }
    }

    @Test(arguments: TestStore.enabled) func phoneSignInCanBeTurnedOff(store: TestStore) async throws {
        let harness = try await TestHarness.make(store: store) { $0.auth.signInMethods = [.username] }
        try await harness.run { client in
            let response = try await client.startPhone(Self.phone)
            #expect(response.status == .forbidden)
            #expect(response.string("code") == "method_disabled")
        }
    }
}

extension Client {
    /// `POST /v1/auth/phone/start`.
    func startPhone(_ phone: String) async throws -> TestResponse {
        try await send(.post, "/v1/auth/phone/start", json: ["phone": phone], app: clientID)
    }

    /// `POST /v1/auth/phone/verify` for ``PhoneSignInTests/phone``.
    func verifyPhone(_ requestID: String, pin: String, phone: String = PhoneSignInTests.phone) async throws -> TestResponse {
        try await send(.post, "/v1/auth/phone/verify", json: ["phone": phone, "requestId": requestID, "pin": pin], app: clientID)
    }
}

extension TestHarness {
    /// The newest message to `recipient` in the outbox, waiting up to five seconds for one: a reset
    /// link is queued just after its request is answered.
    func latestMessage(to recipient: String) async throws -> OutboxStore.Entry {
        for _ in 0..<100 {
            if let entry = try await backend.outbox.list(recipient: recipient, limit: 1).first { return entry }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw HarnessError.unexpected("no message to \(recipient)")
    }

    /// The newest message to `recipient` in the outbox as the log sender sent it (with its body,
    /// which the outbox drops), waiting up to five seconds for the sending.
    func latestSent(to recipient: String) async throws -> LoggedMessages.Message {
        let id = try await latestMessage(to: recipient).message.id
        for _ in 0..<100 {
            if let message = messages.all.last(where: { $0.id == id }) { return message }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw HarnessError.unexpected("message \(id) to \(recipient) was not sent")
    }

    /// The message to `recipient` that `action` sends (waiting up to five seconds for it).
    func message(to recipient: String, sentBy action: () async throws -> Void) async throws -> LoggedMessages.Message {
        let before = messages.all.filter { $0.recipient == recipient }.count
        try await action()
        for _ in 0..<100 {
            let sent = messages.all.filter { $0.recipient == recipient }
            if sent.count > before, let newest = sent.last { return newest }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw HarnessError.unexpected("no new message to \(recipient)")
    }

    /// The PIN of the newest SMS to `phone`.
    func latestPIN(to phone: String) async throws -> String {
        let body = try await latestSent(to: phone).body
        guard let match = body.firstMatch(of: /\d{6}/) else { throw HarnessError.unexpected("no PIN in \(body)") }
        return String(match.output)
    }

    /// The `token` of the link in the newest email to `email`.
    func latestLinkToken(to email: String) async throws -> String {
        try Self.linkToken(in: try await latestSent(to: email))
    }

    /// The `token` of the link in a message.
    static func linkToken(in message: LoggedMessages.Message) throws -> String {
        guard let match = message.body.firstMatch(of: /token=([A-Za-z0-9_\-]+)/) else {
            throw HarnessError.unexpected("no link in \(message.body)")
        }
        return String(match.output.1)
    }
}
