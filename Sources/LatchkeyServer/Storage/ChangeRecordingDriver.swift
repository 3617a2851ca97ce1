import SQLKit

/// The driver every store writes through: it lets write bodies record changes
/// (``ChangeFeed/record(_:_:payload:at:)``), stores them at the end of the transaction, and
/// publishes them on this node's ``ChangeBus`` once — and only if — the transaction committed.
/// Cache invalidation after a write therefore happens here, in one place, for every writer.
///
/// Only what committed is published: a body that throws (rolled back — in an SQLite batch, alone,
/// to its savepoint) returns no changes, and a failed `COMMIT` makes `write` throw before the
/// publish.
struct ChangeRecordingDriver: StoreDriverWrapper {
    let base: any StoreDriver
    let bus: ChangeBus

    func write<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        let family = base.family
        let (value, events) = try await base.write { db in try await ChangeFeed.writing(in: db, family: family, body) }
        bus.publish(events)
        return value
    }
}
