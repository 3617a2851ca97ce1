import Logging
import PostgresNIO

/// A dedicated connection, outside the pool, that `LISTEN`s on ``ChangeFeed/channel``: every
/// commit that recorded changes notifies it with those changes, so other nodes apply a
/// revocation within milliseconds instead of a polling period, without a read. The follower still
/// reads every change by sequence (that is what moves its cursor), so a lost notification only
/// costs latency. When the connection fails it says so and reconnects after `retryDelay`; after
/// each (re)connect the follower reads what committed while it was away.
struct PostgresChangeListener: Sendable {
    let configuration: PostgresConnection.Configuration
    let logger: Logger
    var retryDelay: Duration = .seconds(1)

    /// What the listener reports.
    enum Signal: Sendable {
        /// `LISTEN` is in effect: every commit from now on will be heard.
        case listening
        /// A notification's changes (none when they were too large to send).
        case heard([ChangeEvent])
        /// The connection failed or could not be made: commits may go unheard until `listening`.
        case lost
    }

    /// Listens until the task is cancelled, reporting to `signal`.
    func run(signal: @escaping @Sendable (Signal) -> Void) async {
        while !Task.isCancelled {
            do {
                let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
                do {
                    try await connection.listen(on: ChangeFeed.channel) { notifications in
                        signal(.listening)
                        for try await notification in notifications {
                            signal(.heard(ChangeFeed.events(inNotice: notification.payload)))
                        }
                    }
                } catch {
                    try? await connection.close()
                    throw error
                }
                try? await connection.close()
            } catch  where !Task.isCancelled {
                logger.warning("change listener lost its connection", metadata: ["error": "\(error)"])
            } catch {
                return
            }
            signal(.lost)
            try? await Task.sleep(for: retryDelay)
        }
    }
}
