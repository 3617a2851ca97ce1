import Logging
import PostgresNIO

/// A dedicated connection, outside the pool, that `LISTEN`s on ``ChangeFeed/channel``: every
/// commit that recorded changes notifies it with those changes, so other nodes apply a
/// revocation within milliseconds instead of a polling period, without a read. The follower still
/// reads every change by sequence (that is what moves its cursor), so a lost notification only
/// costs latency. When the connection fails it reconnects after
/// `retryDelay`, and every (re)connect counts as a notification, so what committed while it was
/// away is caught up at once.
struct PostgresChangeListener: Sendable {
    let configuration: PostgresConnection.Configuration
    let logger: Logger
    var retryDelay: Duration = .seconds(1)

    /// Listens until the task is cancelled, calling `heard` with the changes of each notification,
    /// and with none after each (re)connect.
    func run(heard: @escaping @Sendable ([ChangeEvent]) -> Void) async {
        while !Task.isCancelled {
            do {
                let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
                do {
                    try await connection.listen(on: ChangeFeed.channel) { notifications in
                        heard([])
                        for try await notification in notifications { heard(ChangeFeed.events(inNotice: notification.payload)) }
                    }
                } catch {
                    try? await connection.close()
                    throw error
                }
                try? await connection.close()
            } catch where !Task.isCancelled {
                logger.warning("change listener lost its connection", metadata: ["error": "\(error)"])
            } catch {
                return
            }
            try? await Task.sleep(for: retryDelay)
        }
    }
}
