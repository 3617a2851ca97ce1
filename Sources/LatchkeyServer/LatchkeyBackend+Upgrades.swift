import Foundation
public import Logging

extension LatchkeyBackend {
    /// The migrations that opening `configuration`'s store would run, as `feature.version`, found
    /// without changing the store: an operator sees what an upgrade will do before doing it.
    /// An embedded store not yet created would get every migration. Throws
    /// ``NewerDatabaseError`` for a store a newer version has migrated.
    public static func pendingMigrations(
        _ configuration: LatchkeyConfiguration,
        logger: Logger = Logger(label: "latchkey")
    ) async throws
        -> [String]
    {
        if configuration.databaseURL == nil, !FileManager.default.fileExists(atPath: configuration.databasePath) {
            return Migrations.declared().map(\.description)
        }
        let driver = try await openDriver(configuration, logger: logger)
        do {
            let pending = try await Migrations.pending(on: driver)
            await driver.shutdown()
            return pending
        } catch {
            await driver.shutdown()
            throw error
        }
    }
}
