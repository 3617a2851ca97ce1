/// The database records migrations this binary does not know: a newer version of Latchkey has run
/// on it. Starting anyway would read and write tables whose meaning this binary does not know, so
/// it stops and says which migrations, and what to do.
public struct NewerDatabaseError: Error, CustomStringConvertible, Equatable {
    /// The unknown migrations, as `feature.version`.
    public var migrations: [String]

    public var description: String {
        """
        this database was migrated by a newer version of Latchkey: it records migrations this binary does not know \
        (\(migrations.joined(separator: ", "))). Run the newer binary, or restore the backup taken before the upgrade \
        (docs/deploy.md, Upgrading)
        """
    }
}
