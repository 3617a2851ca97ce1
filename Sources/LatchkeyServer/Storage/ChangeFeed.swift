import Foundation
import NIOConcurrencyHelpers
import SQLKit

/// The log of changes every node must hear about to keep its caches honest: a session revoked,
/// a user changed. Writers record changes inside their transaction; the rows commit or roll back
/// with it, and the node that wrote them publishes them on its ``ChangeBus`` after the commit.
/// Other nodes hear them through `NOTIFY` (PostgreSQL) and read them back by sequence
/// (``ChangeFeedFollower``), as every node does for writes made by a CLI process.
///
/// **Why a counter row, not a SERIAL column.** A consumer reads "every change after my cursor"
/// and advances the cursor to the last one it saw; that is only sound if no change with a
/// lower sequence can still commit afterwards. A PostgreSQL sequence hands out numbers at
/// `nextval` time, so two transactions can commit out of number order and a reader can skip
/// the late one for good — the timestamp-polled feed this replaces had the same hole, bounded
/// only by its 5 s overlap. Here each write transaction takes its numbers from the single row
/// of `change_sequence` (an upsert `… RETURNING`) at the end of its body, just before `COMMIT`:
/// the row lock it takes is held until the commit, so the next writer gets the next numbers only
/// after this one committed or rolled back. Sequence order is commit order, a rolled-back transaction
/// leaves no gap, and "everything up to N is visible" holds as soon as N is. The cost is that
/// event-recording commits are serialized for the length of that final round trip only, because
/// the numbering is deferred to the end of the body. SQLite has one writer and needs no lock,
/// but the same statements give it the same guarantees, including for writes from a CLI process.
struct ChangeFeed: Sendable {
    let driver: any StoreDriver

    /// The PostgreSQL channel each commit that recorded changes notifies.
    static let channel = "latchkey_changes"
    /// The largest notification payload sent with the changes in it (PostgreSQL allows 8000
    /// bytes); a larger commit notifies with an empty list and listeners read the changes.
    static let maximumPayload = 7_000
    /// How many changes one catch-up read returns at most.
    static let page = 1_000
    /// How many changes one INSERT stores at most (5 binds each).
    static let insertBatch = 500

    /// The changes a write transaction recorded so far, written into it when its body ends.
    @TaskLocal static var pending: PendingChanges?

    /// A change was recorded outside ``ChangeRecordingDriver/write(_:)``: it could never be published.
    struct RecordedOutsideWrite: Error {}

    /// Records a change in the write transaction this task is running; it is written (and
    /// published) only if that transaction commits.
    static func record(_ kind: ChangeKind, _ subject: String, payload: String? = nil, at now: Date) throws {
        guard let pending else { throw RecordedOutsideWrite() }
        pending.append(kind: kind, subject: subject, payload: payload, createdAt: now.epochSeconds)
    }

    /// Runs a write transaction's `body` collecting the changes it records, then — still inside
    /// the transaction — numbers and stores them and, on PostgreSQL, notifies listeners with them
    /// (JSON, so other nodes apply them without a read; the notification is delivered at commit,
    /// never for a rollback). Returns what was stored.
    static func writing<T: Sendable>(
        in db: any SQLDatabase,
        family: SQLFamily,
        _ body: @Sendable (any SQLDatabase) async throws -> T
    ) async throws -> (T, [ChangeEvent]) {
        let pending = PendingChanges()
        let value = try await $pending.withValue(pending) { try await body(db) }
        let recorded = pending.recorded
        guard !recorded.isEmpty else { return (value, []) }
        // An upsert, not an UPDATE of a row the migration inserts: an installation copy then
        // carries the counter over with the events, into a table left empty.
        guard
            let last = try await db.raw(
                """
                INSERT INTO change_sequence (id, value) VALUES (1, \(bind: Int64(recorded.count)))
                ON CONFLICT (id) DO UPDATE SET value = change_sequence.value + excluded.value RETURNING value
                """
            ).first()?.decode(column: "value", as: Int64.self)
        else { throw MissingSequenceRow() }
        let first = last - Int64(recorded.count) + 1
        let events = recorded.enumerated().map { offset, change in
            ChangeEvent(sequence: first + Int64(offset), kind: change.kind, subject: change.subject, payload: change.payload)
        }
        // In statements of `insertBatch` rows: a seeding transaction records thousands, more
        // binds than one statement may carry.
        for start in stride(from: 0, to: events.count, by: insertBatch) {
            let rows: [SQLQueryString] = (start..<min(start + insertBatch, events.count)).map { index in
                let (event, createdAt) = (events[index], recorded[index].createdAt)
                return "(\(bind: event.sequence), \(bind: event.kind.rawValue), \(bind: event.subject), \(bind: event.payload), \(bind: createdAt))"
            }
            try await db.raw(
                "INSERT INTO change_events (sequence, kind, subject, payload, created_at) VALUES \(rows.joined(separator: ", "))"
            ).run()
        }
        if family == .postgres {
            try await db.raw("SELECT pg_notify(\(bind: channel), \(bind: notice(for: events)))").run()
        }
        return (value, events)
    }

    /// The notification payload for `events`: them, or none when they are too large to send.
    static func notice(for events: [ChangeEvent]) -> String {
        let encoded = (try? JSONEncoder().encode(events)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
        return encoded.utf8.count <= maximumPayload ? encoded : "[]"
    }

    /// The changes a notification payload carries (none when they were too large, or it is not ours).
    static func events(inNotice payload: String) -> [ChangeEvent] {
        (try? JSONDecoder().decode([ChangeEvent].self, from: Data(payload.utf8))) ?? []
    }

    /// The counter upsert returned no row.
    struct MissingSequenceRow: Error {}

    /// The last sequence committed so far (0 before the first change).
    func latest() async throws -> Int64 {
        try await driver.read { db in
            try await db.raw("SELECT value FROM change_sequence WHERE id = 1").first()?.decode(column: "value", as: Int64.self) ?? 0
        }
    }

    /// Up to ``page`` changes after `sequence`, in order.
    func changes(after sequence: Int64) async throws -> [ChangeEvent] {
        try await driver.read { db in
            try await db.raw(
                """
                SELECT sequence, kind, subject, payload FROM change_events
                WHERE sequence > \(bind: sequence) ORDER BY sequence LIMIT \(bind: Self.page)
                """
            ).all().map { row in
                ChangeEvent(
                    sequence: try row.decode(column: "sequence", as: Int64.self),
                    kind: ChangeKind(rawValue: try row.decode(column: "kind", as: String.self)),
                    subject: try row.decode(column: "subject", as: String.self),
                    payload: try row.decode(column: "payload", as: String?.self)
                )
            }
        }
    }
}

/// The changes one write body recorded, stored at its end and published after its commit.
final class PendingChanges: Sendable {
    struct Change: Sendable {
        var kind: ChangeKind
        var subject: String
        var payload: String?
        var createdAt: Int64
    }

    private let changes = NIOLockedValueBox<[Change]>([])

    func append(kind: ChangeKind, subject: String, payload: String?, createdAt: Int64) {
        changes.withLockedValue { $0.append(Change(kind: kind, subject: subject, payload: payload, createdAt: createdAt)) }
    }

    var recorded: [Change] { changes.withLockedValue { $0 } }
}
