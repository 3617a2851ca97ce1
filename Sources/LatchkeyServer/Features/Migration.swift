/// One schema change of a feature, recorded as `(feature, version)` in `feature_migrations`.
/// Column types are chosen to mean the same in SQLite and PostgreSQL (TEXT, BIGINT; booleans as
/// 0/1, times as Unix seconds); a migration that needs a dialect's own types or indexes (JSONB,
/// GIN, triggers) states both.
struct Migration: Sendable {
    /// The version within the feature, from 1.
    var version: Int
    /// The installation-wide migration that applied these statements before features had their
    /// own (1 or 2): an installation that recorded it in `schema_migrations` has them already.
    var baseline: Int?
    /// The statements on SQLite.
    var sqlite: [String]
    /// The statements on PostgreSQL.
    var postgres: [String]

    /// A migration whose statements are the same in both dialects.
    init(_ version: Int, baseline: Int? = nil, _ statements: [String]) {
        self.init(version, baseline: baseline, sqlite: statements, postgres: statements)
    }

    /// A migration with statements per dialect.
    init(_ version: Int, baseline: Int? = nil, sqlite: [String], postgres: [String]) {
        self.version = version
        self.baseline = baseline
        self.sqlite = sqlite
        self.postgres = postgres
    }

    /// The statements for `family`.
    func statements(for family: SQLFamily) -> [String] {
        family == .postgres ? postgres : sqlite
    }
}
