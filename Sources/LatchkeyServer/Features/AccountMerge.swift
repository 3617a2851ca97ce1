import Foundation

/// A guest being merged into another account of the same app, as each feature's
/// ``Feature/merge(_:in:)`` sees it: both users locked, the guest still there, its deletion next.
struct AccountMerge: Sendable {
    /// The guest whose data moves; deleted once every feature is done.
    var guest: UserAccount
    /// The account that takes the data in and keeps its own where both have something.
    var target: UserAccount
    /// The app both belong to, whose settings (limits, currencies) the merged data keeps to.
    var app: App
    /// The store, for the few statements whose form depends on its dialect.
    var driver: any StoreDriver
    /// The merge's time.
    var now: Date
}
