import HTTPTypes
import LatchkeyWire

/// What one write may carry and what an app's tree may hold. A write runs inside the store's
/// write transaction, which on SQLite every other write of the node (sign-ins, refreshes, other
/// apps' trees) waits behind, so each write's work is bounded by these, not by what the app
/// already stores: its body, the leaves it adds, the rows it replaces and a `PATCH`'s members.
/// The app's quota (``DatabaseSettings/databaseMaxLeaves``, ``DatabaseSettings/databaseMaxBytes``) is its
/// operator's to set; a write that would pass it is refused, while writes that shrink the tree
/// always go through.
extension DatabaseFeature {
    /// The largest write body.
    static let maximumWriteBytes = 8 * 1024 * 1024
    /// The most leaves one write adds plus the most it replaces, each.
    static let maximumWriteLeaves = 50_000
    /// The most members (child paths) of one `PATCH`.
    static let maximumPatchMembers = 1_000

    static let settingsSection: SettingSection? = .dataTree

    static let settings: [AppSetting] = [
        .integer(
            "databaseMaxLeaves",
            \DatabaseSettings.databaseMaxLeaves,
            flag: "database-max-leaves",
            help: "Most leaves (scalar values) the app's data tree holds.",
            unit: .count,
            range: 1_000...1_000_000_000,
            rule: "data-tree leaf quota must be 1,000 to 1,000,000,000"
        ),
        .integer(
            "databaseMaxBytes",
            \DatabaseSettings.databaseMaxBytes,
            flag: "database-max-bytes",
            help: "Most bytes (paths and JSON values) the app's data tree holds.",
            unit: .bytes,
            range: 1_048_576...1_099_511_627_776,
            rule: "data-tree byte quota must be 1 MiB to 1 TiB"
        ),
        .custom(
            "databaseHost",
            \DatabaseSettings.databaseHost,
            flag: "database-host",
            help: "A host name (kii.db.example.com) that names the app's data tree, for clients that know it only by URL (empty: none).",
            format: { [$0 ?? ""] },
            parse: { values in values.last.flatMap { $0.isEmpty ? nil : $0.lowercased() } },
            problem: { host in
                host.map { PasskeysFeature.isDomain($0) ? nil : "the database host is a domain name, such as kii.db.example.com" } ?? nil
            }
        ),
    ]

    /// A write that adds or replaces more than ``maximumWriteLeaves``.
    static let writeTooBig = DatabaseError(
        status: .contentTooLarge,
        message:
            "Write too big: a write may add at most \(maximumWriteLeaves) values and replace at most \(maximumWriteLeaves); write or delete in smaller parts."
    )

    /// A `PATCH` of more than ``maximumPatchMembers`` children.
    static let tooManyMembers = DatabaseError(
        status: .contentTooLarge,
        message: "Write too big: a multi-path update may name at most \(maximumPatchMembers) paths; update in smaller parts."
    )

    /// A write that would take the app's tree past its quota.
    static func quotaExceeded(_ settings: AppSettings) -> DatabaseError {
        DatabaseError(
            status: .forbidden,
            message:
                "Quota exceeded: the app's data tree may hold \(settings.database.databaseMaxLeaves) values and \(settings.database.databaseMaxBytes) bytes; delete data or ask the operator to raise database-max-leaves or database-max-bytes."
        )
    }
}

extension TreeUsage {
    /// Whether adding `change` to this (the new total) passes `settings`' quota. A change that
    /// does not grow a measure never passes it, so a tree over its quota can always shrink.
    func exceedsQuota(after change: TreeUsage, of settings: AppSettings) -> Bool {
        (change.leaves > 0 && leaves > settings.database.databaseMaxLeaves) || (change.bytes > 0 && bytes > settings.database.databaseMaxBytes)
    }
}

extension JSONValue {
    /// The scalars of this value, counted up to just past `limit`: a write's size is known
    /// before its transaction starts, at a cost bounded by the limit.
    func scalarCount(upTo limit: Int) -> Int {
        var count = 0
        var pending: [JSONValue] = [self]
        while let value = pending.popLast(), count <= limit {
            switch value {
            case .null: break
            case .bool, .integer, .number, .string: count += 1
            case .array(let items): pending.append(contentsOf: items)
            case .object(let members): pending.append(contentsOf: members.values)
            }
        }
        return count
    }
}
