import ServiceLifecycle

/// The change log other nodes read to keep their caches honest (see ``ChangeFeed``).
struct ChangesFeature: Feature {
    static let id = "changes"
    let backend: LatchkeyBackend

    init(backend: LatchkeyBackend) {
        self.backend = backend
    }

    static let migrations = [
        Migration(1, baseline: 1, [
            """
            CREATE TABLE change_events (
                id TEXT PRIMARY KEY,
                kind TEXT NOT NULL,
                subject TEXT NOT NULL,
                created_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX change_events_created ON change_events(created_at)",
        ])
    ]

    static let tables: [OwnedTable] = [
        .shared("change_events", why: "ids of changed sessions and users, kept a day for other nodes' caches")
    ]

    var services: [any Service] {
        [
            ChangeFeedPoller(
                feed: backend.changeFeed, gate: backend.gate, users: backend.userCache, interval: .milliseconds(250),
                logger: backend.logger)
        ]
    }
}
