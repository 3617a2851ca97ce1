import Logging
import SQLKit

extension Messenger {
    /// Sends a PIN, code or link to `recipient`: refuses with `429` past the app's limits, then
    /// counts the send, runs `record` (storing the credential) and `deliver` (storing what the
    /// message needs and queueing it) in one transaction, and wakes the dispatcher.
    ///
    /// With `hidingOutcome` (a request whose address may have no account, where `deliver` is nil
    /// for those) the request waits only for the count and `record`, which must be the same work
    /// for every address; `deliver` runs right after, in a transaction of its own that the answer
    /// does not wait for — so the answer's timing says nothing about the address either.
    func send(
        to recipient: String,
        client: ClientInfo,
        app: App,
        driver: any StoreDriver,
        logger: Logger,
        hidingOutcome: Bool = false,
        record: (@Sendable (any SQLDatabase) async throws -> Void)? = nil,
        deliver: (@Sendable (any SQLDatabase) async throws -> Void)?
    ) async throws {
        try await checkLimits(recipient: recipient, client: client, app: app)
        try await driver.write { db in
            try await countSend(recipient: recipient, client: client, app: app, in: db)
            try await record?(db)
            if !hidingOutcome { try await deliver?(db) }
        }
        guard hidingOutcome else { return wake() }
        guard let deliver else { return }
        Task {
            do {
                try await driver.write { db in try await deliver(db) }
                wake()
            } catch {
                logger.error("could not queue a message", metadata: ["error": "\(error)"])
            }
        }
    }
}
