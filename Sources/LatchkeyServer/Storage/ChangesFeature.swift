import SQLKit
import ServiceLifecycle

/// The change log every node follows to keep its caches honest (see ``ChangeFeed``), and the
/// follower that applies it (``ChangeFeedFollower``).
struct ChangesFeature: Feature {
    static let id = "changes"
    let follower: ChangeFeedFollower

    init(backend: LatchkeyBackend) {
        follower = backend.changeFollower
    }

    static let migrations = [
        Migration(
            1,
            baseline: 1,
            [
                """
                CREATE TABLE change_events (
                    id TEXT PRIMARY KEY,
                    kind TEXT NOT NULL,
                    subject TEXT NOT NULL,
                    created_at BIGINT NOT NULL
                )
                """,
                "CREATE INDEX change_events_created ON change_events(created_at)",
            ]
        ),
        // Sequenced events numbered from the one-row, commit-ordered counter `change_sequence`
        // (see ChangeFeed). The timestamp-ordered events before are only useful to the poller
        // they served, so they go. Safe to run again: it only ever loses events a day old at most.
        Migration(
            2,
            [
                "DROP TABLE change_events",
                """
                CREATE TABLE change_events (
                    sequence BIGINT PRIMARY KEY,
                    kind TEXT NOT NULL,
                    subject TEXT NOT NULL,
                    payload TEXT,
                    created_at BIGINT NOT NULL
                )
                """,
                "CREATE INDEX change_events_created ON change_events(created_at)",
                "CREATE TABLE IF NOT EXISTS change_sequence (id BIGINT PRIMARY KEY, value BIGINT NOT NULL)",
            ]
        ),
    ]

    static let tables: [OwnedTable] = [
        .shared("change_sequence", why: "the last change sequence handed out, one row"),
        .shared("change_events", why: "ids of changed sessions and users, kept a day for other nodes' caches"),
    ]

    /// Every node has read an event within the day (one that has not drops its caches, see
    /// ``ChangeFeedFollower``).
    static let sweeps = [
        JanitorSweep(name: "changeEvents") { now in "DELETE FROM change_events WHERE created_at < \(bind: now - 86_400) RETURNING sequence" }
    ]

    var services: [any Service] { [follower] }
}
