import Foundation
import LatchkeyWire
import Logging

/// Sends a 6-digit PIN by SMS — for a sign-in or for a number a signed-in user adds — under one
/// set of rules: the messenger's per-number and per-IP send limits (`429`), the PIN stored as a
/// digest bound to the id of its request (and to the user it was sent for, when there is one),
/// valid ten minutes, and checked later by ``RecipientCodeCheck``.
struct PhonePINs: Sendable {
    let codes: OneTimeCodeStore
    let driver: any StoreDriver
    let logger: Logger
    let messenger: Messenger
    let time: any TimeSource

    init(backend: LatchkeyBackend) {
        self.codes = backend.codes
        self.driver = backend.driver
        self.logger = backend.logger
        self.messenger = backend.messenger
        self.time = backend.time
    }

    /// How long a PIN lives, in seconds.
    static let lifetime = 600

    /// Sends a `purpose` PIN to `phone`, for `userID` when the PIN may only serve that user.
    func send(
        to phone: PhoneNumber,
        purpose: OneTimeCodeStore.Purpose,
        userID: String?,
        app: App,
        client: ClientInfo,
        language: Language
    ) async throws -> PhoneStartResponse {
        let now = time.now()
        let requestID = SecureRandom.identifier()
        let pin = SecureRandom.digits(6)
        let expiresAt = now.addingTimeInterval(TimeInterval(Self.lifetime))
        try await messenger.send(
            to: phone.e164,
            client: client,
            app: app,
            driver: driver,
            logger: logger,
            record: { db in
                try await codes.create(
                    id: requestID,
                    appID: app.id,
                    purpose: purpose,
                    recipient: phone.e164,
                    userID: userID,
                    codeHash: RecipientCodeCheck.digest(code: pin, id: requestID),
                    expiresAt: expiresAt,
                    at: now,
                    in: db
                )
            },
            deliver: { db in
                try await messenger.queue(
                    purpose,
                    to: phone.e164,
                    channel: .sms,
                    app: app,
                    language: language,
                    values: ["pin": pin],
                    liveUntil: expiresAt,
                    at: now,
                    in: db
                )
            }
        )
        return PhoneStartResponse(requestId: requestID, phone: phone.e164, expiresIn: Self.lifetime, expiresAt: expiresAt)
    }
}
