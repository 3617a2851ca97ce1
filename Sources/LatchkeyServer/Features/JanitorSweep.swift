import SQLKit

/// A statement a feature's janitor runs on every node: deleting rows nobody can use any more, or
/// dropping what they no longer need to hold. Idempotent, so nodes never need to agree on who sweeps.
struct JanitorSweep: Sendable {
    /// The name the sweep's count is reported under.
    var name: String
    /// The `DELETE … RETURNING` (or `UPDATE … RETURNING`) statement for the time `now` (Unix seconds).
    var statement: @Sendable (_ now: Int64) -> SQLQueryString
}

/// Users the janitor deletes with everything they own, through the normal user deletion (every
/// feature's section, then the user row): accounts that may not be kept any longer, such as a
/// child's whose parent never consented.
struct UserPurge: Sendable {
    /// The name the purge's count is reported under.
    var name: String
    /// A `SELECT` of the `user_id` and `app_id` of at most a batch of users to delete at `now`
    /// (Unix seconds).
    var candidates: @Sendable (_ now: Int64) -> SQLQueryString
}
