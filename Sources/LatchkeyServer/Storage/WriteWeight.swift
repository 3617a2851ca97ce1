/// How long a write transaction may hold the store's writer: a hint for drivers that serialize
/// writes. SQLite's group commit (``GroupCommitter``) runs a heavy transaction in a batch of its own
/// and lets the light ones that queue behind it go first, so a user's largest write delays
/// everyone else's sign-ins and refreshes by at most one such write, never by a queue of them.
enum WriteWeight: Sendable {
    /// A few rows: a sign-in, a refresh, an award, a small tree write.
    case light
    /// Thousands of rows (a large tree write).
    case heavy

    /// The weight of the write transactions the current task starts.
    @TaskLocal static var current: WriteWeight = .light
}
