import Foundation
import LatchkeyWire

/// Sends a push: finds the target's active devices, leaves out children awaiting parental
/// consent and providers the app has no credentials for, and queues one outbox message per
/// device — in one transaction, so a push is queued whole or not at all — then wakes the
/// dispatcher. Nothing waits for a provider here.
struct PushService: Sendable {
    let driver: any StoreDriver
    let devices: DeviceStore
    let credentials: PushCredentialStore
    let outbox: OutboxStore
    let dispatcher: OutboxDispatcher
    let time: any TimeSource

    init(backend: LatchkeyBackend) {
        driver = backend.driver
        devices = backend.push.devices
        credentials = backend.push.credentials
        outbox = backend.outbox
        dispatcher = backend.dispatcher
        time = backend.time
    }

    /// Queues `request` for the app's devices it names.
    func send(_ request: PushRequest, app: App) async throws -> PushResult {
        try PushValidation.check(request)
        let now = time.now()
        let configured = try await credentials.providers(appID: app.id)
        let composer = PushComposer(request: request, now: now)
        var messages: [(OutboundMessage, MessageSenderKind, userID: String)] = []
        var skipped = 0
        for device in try await devices.targets(of: request, appID: app.id) {
            guard !device.restricted, configured.contains(device.provider) else {
                skipped += 1
                continue
            }
            let envelope = composer.envelope(for: device)
            let body = try envelope.encoded()
            guard try WireCoding.makeEncoder().encode(envelope.payload).count <= PushComposer.maximumPayloadBytes else {
                throw APIError.validation([FieldError(field: "data", code: .invalidField, reason: "payload_too_large")])
            }
            let message = OutboundMessage(
                id: Messenger.sortableID(at: now),
                appID: app.id,
                channel: .push,
                purpose: "push",
                recipient: device.token,
                subject: nil,
                body: body,
                createdAt: now
            )
            messages.append((message, device.provider == .apns ? .apns : .fcm, device.userID))
        }
        try await driver.write { [outbox, messages] db in
            for (message, sender, userID) in messages { try await outbox.enqueue(message, sender: sender, userID: userID, in: db) }
        }
        if !messages.isEmpty { dispatcher.wake() }
        let queued = Dictionary(grouping: messages, by: { $0.1.rawValue }).mapValues(\.count)
        return PushResult(queued: queued, skipped: skipped)
    }
}
