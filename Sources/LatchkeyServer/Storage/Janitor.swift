import Foundation
import Logging
import SQLKit
public import ServiceLifecycle

/// Deletes what no one can use any more, so tables do not grow without end: every feature's
/// ``JanitorSweep``s, then their ``UserPurge``s, in one transaction. Runs on every node every ten minutes; the deletes are
/// idempotent, so nodes never need to agree on who sweeps.
public struct Janitor: Service {
    let driver: any StoreDriver
    let sweeps: [JanitorSweep]
    let purges: [UserPurge]
    let administration: UserAdministration
    let time: any TimeSource
    let logger: Logger
    var interval: Duration = .seconds(600)

    /// What one sweep deleted: rows per sweep name, only those that deleted any.
    public typealias Sweep = [String: Int]

    public func run() async throws {
        await Periodic.run(every: interval) {
            do {
                let swept = try await sweep()
                if !swept.isEmpty { logger.info("janitor swept", metadata: ["deleted": "\(swept)"]) }
            } catch {
                logger.warning("janitor could not sweep", metadata: ["error": "\(error)"])
            }
        }
    }

    /// Deletes expired rows now and says how many.
    public func sweep() async throws -> Sweep {
        let now = time.now().epochSeconds
        return try await driver.write { [sweeps, purges, administration] db in
            var swept = Sweep()
            for sweep in sweeps {
                let count = try await db.raw(sweep.statement(now)).all().count
                if count > 0 { swept[sweep.name] = count }
            }
            for purge in purges {
                let users = try await db.raw(purge.candidates(now)).all().map {
                    (try $0.decode(column: "user_id", as: String.self), try $0.decode(column: "app_id", as: String.self))
                }
                for (userID, appID) in users {
                    try await administration.deleteUser(userID: userID, appID: appID, at: Date(epochSeconds: now), in: db)
                }
                if !users.isEmpty { swept[purge.name] = users.count }
            }
            return swept
        }
    }
}
