import Foundation
import LatchkeyWire

/// One app's open streams and the writes they still need, in revision order.
///
/// Writes reach a node from three sources (its own commits, `NOTIFY`, the sequenced change log)
/// and not in one order across them, so the hub keeps a window of recent ``TreeChange``s by
/// revision and each watcher's position: the revision its stream has been sent everything up to.
/// A watcher is sent the writes after its position one after another, and waits at a revision
/// still on its way (a gap) — until ``TreeHubs/gapTimeout``, after which it reads its location
/// again rather than wait longer. A revision the window no longer holds is also read again.
/// Events are made once per write and location and shared by the watchers of that location.
struct TreeHub {
    /// How many recent writes the window keeps for watchers still catching up.
    static let windowSize = 4_096

    /// Where a watcher stands.
    struct Position {
        /// Every write up to this revision has been posted to it; nil until its first read.
        var revision: Int64?
        /// Since when a later write waits for a missing one (a gap).
        var stalledSince: ContinuousClock.Instant?
        /// A resync was posted and its read has not reported back.
        var resyncing = false
    }

    private(set) var positions: [TreeWatcher: Position] = [:]
    private var window: [Int64: TreeChange] = [:]
    /// Every revision up to this one may have left the window.
    private var evictedThrough: Int64 = 0
    /// The highest revision heard of.
    private var highest: Int64 = 0

    var isEmpty: Bool { positions.isEmpty }

    /// Adds a watcher whose first read is still to come.
    mutating func add(_ watcher: TreeWatcher) {
        positions[watcher] = Position()
    }

    mutating func remove(_ watcher: TreeWatcher) {
        positions[watcher] = nil
    }

    /// Records that `watcher` read its location at `revision` and returns what it is owed since.
    mutating func start(_ watcher: TreeWatcher, at revision: Int64, now: ContinuousClock.Instant) -> [TreeWatcher.Mail] {
        guard var position = positions[watcher] else { return [] }
        position.revision = max(position.revision ?? revision, revision)
        position.resyncing = false
        position.stalledSince = nil
        var events: [Int64: [DataPath: StreamEvent?]] = [:]
        let mail = advance(watcher, &position, now: now, events: &events)
        positions[watcher] = position
        return mail
    }

    /// Takes in committed writes and returns the mail each watcher is owed: their events, and a
    /// ``TreeWatcher/Mail/recheck`` for each watcher whose rules read the tree.
    mutating func receive(_ changes: [TreeChange], now: ContinuousClock.Instant) -> [(TreeWatcher, [TreeWatcher.Mail])] {
        for change in changes where change.revision > evictedThrough {
            window[change.revision] = change
            highest = max(highest, change.revision)
        }
        if window.count > 2 * Self.windowSize {
            let kept = window.keys.sorted().suffix(Self.windowSize)
            evictedThrough = (kept.first ?? evictedThrough + 1) - 1
            window = window.filter { $0.key > evictedThrough }
        }
        var events: [Int64: [DataPath: StreamEvent?]] = [:]
        var deliveries: [(TreeWatcher, [TreeWatcher.Mail])] = []
        for (watcher, var position) in positions {
            var mail = advance(watcher, &position, now: now, events: &events)
            positions[watcher] = position
            // Any write may change what rules that read the tree allow, wherever it lands.
            if watcher.checksReads { mail.append(.recheck) }
            if !mail.isEmpty { deliveries.append((watcher, mail)) }
        }
        return deliveries
    }

    /// The watchers that have waited on a gap since before `deadline`, marked as resyncing.
    mutating func stalled(before deadline: ContinuousClock.Instant) -> [TreeWatcher] {
        let stalled = positions.filter { _, position in
            !position.resyncing && position.stalledSince.map { $0 < deadline } == true
        }.map(\.key)
        for watcher in stalled { positions[watcher]?.resyncing = true }
        return stalled
    }

    /// Moves `position` over every write the window holds right after it, making each one's
    /// mail (events cached per revision and location in `events`).
    private func advance(
        _ watcher: TreeWatcher,
        _ position: inout Position,
        now: ContinuousClock.Instant,
        events: inout [Int64: [DataPath: StreamEvent?]]
    ) -> [TreeWatcher.Mail] {
        guard !position.resyncing, let start = position.revision else { return [] }
        var revision = start
        var mail: [TreeWatcher.Mail] = []
        while let change = window[revision + 1] {
            revision += 1
            if watcher.query != nil {
                if change.reaches(watcher.location) { mail.append(.touched(revision: revision)) }
                continue
            }
            let event: StreamEvent?
            if let cached = events[revision]?[watcher.location] {
                event = cached
            } else {
                event = change.event(for: watcher.location)
                events[revision, default: [:]][watcher.location] = event
            }
            if let event { mail.append(.event(revision: revision, event)) }
        }
        position.revision = revision
        if revision < highest {
            if revision < evictedThrough {
                position.resyncing = true
                position.stalledSince = nil
                mail.append(.resync)
            } else {
                // The wait counts from the last write that moved the watcher on.
                position.stalledSince = revision == start ? position.stalledSince ?? now : now
            }
        } else {
            position.stalledSince = nil
        }
        return mail
    }
}
