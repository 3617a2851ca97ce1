/// A migration as the database records it: the feature that owns it and its version there.
struct MigrationName: Hashable, Sendable, CustomStringConvertible {
    var feature: String
    var version: Int

    /// `feature.version`, as logs, errors and `migrate` print it.
    var description: String { "\(feature).\(version)" }
}
