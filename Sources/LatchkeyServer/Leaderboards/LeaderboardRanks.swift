import Foundation
import NIOConcurrencyHelpers

/// Every node's in-memory order of the board periods it serves (Nakama's rank cache), so that
/// `my rank`, the top of a board and the entries around a user cost no `COUNT(*)`.
///
/// A period's list is loaded from the database the first time it is read and then kept in step
/// by the ``ChangeBus``: each committed change of an entry (``ChangeKind/leaderboardEntry``)
/// carries the entry's revision, score and subscore, on this node at commit and on the others
/// through `NOTIFY` and the change feed. Changes may arrive out of order and twice, and a load
/// may overlap with them, so each user's entry keeps the highest revision seen and an older one
/// is ignored: applying a change is idempotent and commutes, and every node converges on the
/// committed state. A deleted entry (its user deleted) keeps a tombstone with the highest
/// revision. A board change (``ChangeKind/leaderboard``: redefined or deleted) drops its lists;
/// lost changes (``ChangeBus/Delivery/unknown``) drop them all; they load again when next read.
final class LeaderboardRanks: Sendable {
    /// A board period.
    struct Period: Hashable, Sendable {
        var appID: String
        var boardID: String
        var start: Int64
    }

    /// An entry as loaded or changed: its key (nil once deleted) and revision.
    struct Row: Sendable {
        var key: RankList.Key?
        var revision: Int64
    }

    /// One period's order and what is known of each user's entry.
    struct Standing: Sendable {
        var list: RankList
        var known: [String: Row] = [:]
        var loaded = false
        /// Which load made this standing (a dropped standing's load must not come back).
        var generation: Int
        var lastUse: Int

        mutating func apply(userID: String, _ row: Row) {
            if let current = known[userID], current.revision >= row.revision { return }
            if let old = known[userID]?.key { list.remove(old) }
            if let key = row.key { list.insert(key) }
            known[userID] = row
        }

        /// The user's key, if they have a live entry.
        func key(of userID: String) -> RankList.Key? { known[userID]?.key }
    }

    private struct State {
        var standings: [Period: Standing] = [:]
        var loads: [Period: Task<Void, any Error>] = [:]
        var generation = 0
        var clock = 0
    }

    /// The most periods kept in memory; the least recently read one goes first.
    let capacity: Int
    private let state = NIOLockedValueBox(State())

    init(bus: ChangeBus, capacity: Int = 64) {
        self.capacity = capacity
        bus.subscribe(to: [.leaderboardEntry, .leaderboard]) { [weak self] delivery in
            switch delivery {
            case .changed(let events): self?.apply(events)
            case .unknown: self?.state.withLockedValue { $0.standings.removeAll() }
            }
        }
    }

    /// Runs `body` on the period's standing, loading it with `load` first when needed.
    func read<T>(
        _ period: Period,
        descending: Bool,
        load: @escaping @Sendable () async throws -> [Row],
        _ body: (Standing) -> T
    ) async throws -> T {
        while true {
            let (answer, pending): (T?, Task<Void, any Error>?) = state.withLockedValue { state in
                state.clock += 1
                if let standing = state.standings[period], standing.loaded, standing.list.descending == descending {
                    state.standings[period]?.lastUse = state.clock
                    return (body(standing), nil)
                }
                if let task = state.loads[period] { return (nil, task) }
                return (nil, startLoad(period, descending: descending, load: load, in: &state))
            }
            if let answer { return answer }
            try await pending?.value
        }
    }

    /// Registers an empty standing that changes apply to from now on, and loads it.
    private func startLoad(
        _ period: Period,
        descending: Bool,
        load: @escaping @Sendable () async throws -> [Row],
        in state: inout State
    ) -> Task<Void, any Error> {
        state.generation += 1
        let generation = state.generation
        state.standings[period] = Standing(list: RankList(descending: descending), generation: generation, lastUse: state.clock)
        evict(from: &state)
        let task = Task<Void, any Error> { [self] in
            do {
                let rows = try await load()
                finishLoad(period, generation: generation, descending: descending, rows: rows)
            } catch {
                self.state.withLockedValue { state in
                    state.loads[period] = nil
                    if state.standings[period]?.generation == generation { state.standings[period] = nil }
                }
                throw error
            }
        }
        state.loads[period] = task
        return task
    }

    /// Builds the list from the loaded rows (outside the lock: a million entries take a while),
    /// then applies the changes heard while loading (the newer revision wins).
    private func finishLoad(_ period: Period, generation: Int, descending: Bool, rows: [Row]) {
        let known = Dictionary(rows.compactMap { row in row.key.map { ($0.userID, row) } }) { first, _ in first }
        let list = RankList(descending: descending, keys: known.values.compactMap(\.key))
        state.withLockedValue { state in
            state.loads[period] = nil
            guard let heard = state.standings[period], heard.generation == generation else { return }
            var standing = Standing(list: list, known: known, loaded: true, generation: generation, lastUse: heard.lastUse)
            for (userID, row) in heard.known { standing.apply(userID: userID, row) }
            state.standings[period] = standing
        }
    }

    private func evict(from state: inout State) {
        while state.standings.count > capacity {
            guard let oldest = state.standings.filter({ $0.value.loaded }).min(by: { $0.value.lastUse < $1.value.lastUse })
            else { return }
            state.standings[oldest.key] = nil
        }
    }

    private func apply(_ events: [ChangeEvent]) {
        state.withLockedValue { state in
            for event in events {
                if event.kind == .leaderboard {
                    let parts = event.subject.split(separator: "/", maxSplits: 1).map(String.init)
                    guard parts.count == 2 else { continue }
                    for period in state.standings.keys where period.appID == parts[0] && period.boardID == parts[1] {
                        state.standings[period] = nil
                    }
                } else if let change = Self.entryChange(event), state.standings[change.period] != nil {
                    state.standings[change.period]?.apply(userID: change.userID, change.row)
                }
            }
        }
    }

    // MARK: The change's wire form

    /// The subject of an entry's change: `app/board/period/user`.
    static func subject(_ period: Period, userID: String) -> String {
        "\(period.appID)/\(period.boardID)/\(period.start)/\(userID)"
    }

    /// The payload of an entry's change: `revision score subscore`, or `revision` for a deletion.
    static func payload(_ row: Row) -> String {
        guard let key = row.key else { return "\(row.revision)" }
        return "\(row.revision) \(key.score) \(key.subscore)"
    }

    /// The revision a deletion carries: above every revision a live entry can have.
    static let deletedRevision = Int64.max

    private static func entryChange(_ event: ChangeEvent) -> (period: Period, userID: String, row: Row)? {
        let parts = event.subject.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let numbers = (event.payload ?? "").split(separator: " ").compactMap { Int64($0) }
        guard parts.count == 4, let start = Int64(parts[2]), numbers.count == 1 || numbers.count == 3 else { return nil }
        let key = numbers.count == 3 ? RankList.Key(score: numbers[1], subscore: numbers[2], userID: parts[3]) : nil
        return (Period(appID: parts[0], boardID: parts[1], start: start), parts[3], Row(key: key, revision: numbers[0]))
    }
}

extension ChangeKind {
    /// A board was defined, redefined or deleted; the subject is `app/board`.
    static let leaderboard: ChangeKind = "leaderboard"
    /// A board entry changed or was deleted; the subject is `app/board/period/user`, the payload
    /// `revision score subscore` (or `revision` alone for a deletion).
    static let leaderboardEntry: ChangeKind = "leaderboard_entry"
}
