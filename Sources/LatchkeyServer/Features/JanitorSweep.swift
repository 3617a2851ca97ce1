import SQLKit

/// A delete a feature's janitor runs on every node: rows nobody can use any more. Idempotent,
/// so nodes never need to agree on who sweeps.
struct JanitorSweep: Sendable {
    /// The name the sweep's count is reported under.
    var name: String
    /// The `DELETE … RETURNING` statement for the time `now` (Unix seconds).
    var statement: @Sendable (_ now: Int64) -> SQLQueryString
}
