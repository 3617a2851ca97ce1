/// How the rules decided one request, as the console's rules simulator shows it: every rule
/// evaluated, in the order the server evaluates them, and whether it held. The last step is the
/// one that decided, unless no rule applied (a read or write no `.read`/`.write` covers is
/// refused).
struct RuleTrace: Sendable, Equatable {
    /// One rule evaluated at one location.
    struct Step: Sendable, Equatable {
        /// `.read`, `.write` or `.validate`.
        var kind: RuleKind
        /// Where the rule is written, `$variables` as named there (`/users/$uid`).
        var location: String
        /// The rule as the document writes it.
        var rule: String
        /// Whether it held (a `.validate` step is recorded only when it refused).
        var held: Bool
    }

    /// The rules evaluated, in order.
    var steps: [Step] = []
    /// Whether the request is allowed.
    var allowed = false
}
