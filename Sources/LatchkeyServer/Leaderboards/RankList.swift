/// The order of one board period's entries, kept in memory so that a rank is found without
/// counting rows: an order-statistic list of sorted chunks. Finding an entry's chunk is a binary
/// search over the chunks' last keys, its rank the sum of the counts of the chunks before it
/// (about 2,000 additions at 1M entries) plus its place in the chunk; an insert or removal moves
/// at most one chunk's worth of keys. Both stay flat from 10k to 1M entries, where a
/// `COUNT(*)` over an index grows with the rank.
struct RankList: Sendable {
    /// One entry's place in the order: score, then subscore, then user id (so every rank is distinct).
    struct Key: Sendable, Equatable {
        var score: Int64
        var subscore: Int64
        var userID: String
    }

    /// Whether higher scores come first.
    let descending: Bool
    private var chunks: [[Key]] = []
    /// How many keys a chunk holds before it splits in two.
    static let chunkCapacity = 1024

    init(descending: Bool) {
        self.descending = descending
    }

    /// Builds the list from keys in any order.
    init(descending: Bool, keys: [Key]) {
        self.descending = descending
        let sorted = keys.sorted { Self.precedes($0, $1, descending: descending) }
        let half = Self.chunkCapacity / 2
        count = sorted.count
        chunks = stride(from: 0, to: sorted.count, by: half).map { Array(sorted[$0..<min($0 + half, sorted.count)]) }
    }

    /// How many entries the list holds.
    private(set) var count = 0

    /// Whether `a` ranks above `b`.
    static func precedes(_ a: Key, _ b: Key, descending: Bool) -> Bool {
        if a.score != b.score { return descending ? a.score > b.score : a.score < b.score }
        if a.subscore != b.subscore { return descending ? a.subscore > b.subscore : a.subscore < b.subscore }
        return a.userID < b.userID
    }

    private func precedes(_ a: Key, _ b: Key) -> Bool { Self.precedes(a, b, descending: descending) }

    /// The chunk `key` belongs in: the first whose last key does not rank above it (or the last chunk).
    private func chunkIndex(for key: Key) -> Int {
        var low = 0
        var high = chunks.count - 1
        while low < high {
            let middle = (low + high) / 2
            if let last = chunks[middle].last, precedes(last, key) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The position in `chunk` of the first key that does not rank above `key`.
    private func position(of key: Key, in chunk: [Key]) -> Int {
        var low = 0
        var high = chunk.count
        while low < high {
            let middle = (low + high) / 2
            if precedes(chunk[middle], key) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Adds `key` (not already present).
    mutating func insert(_ key: Key) {
        count += 1
        guard !chunks.isEmpty else {
            chunks = [[key]]
            return
        }
        let index = chunkIndex(for: key)
        chunks[index].insert(key, at: position(of: key, in: chunks[index]))
        if chunks[index].count > Self.chunkCapacity {
            let upper = Array(chunks[index][(Self.chunkCapacity / 2)...])
            chunks[index].removeLast(upper.count)
            chunks.insert(upper, at: index + 1)
        }
    }

    /// Removes `key` if present.
    mutating func remove(_ key: Key) {
        guard !chunks.isEmpty else { return }
        let index = chunkIndex(for: key)
        let at = position(of: key, in: chunks[index])
        guard at < chunks[index].count, chunks[index][at] == key else { return }
        count -= 1
        chunks[index].remove(at: at)
        if chunks[index].isEmpty { chunks.remove(at: index) }
    }

    /// The 0-based rank of `key`, which must be present.
    func rank(of key: Key) -> Int? {
        guard !chunks.isEmpty else { return nil }
        let index = chunkIndex(for: key)
        let at = position(of: key, in: chunks[index])
        guard at < chunks[index].count, chunks[index][at] == key else { return nil }
        var before = at
        for chunk in chunks[..<index] { before += chunk.count }
        return before
    }

    /// Up to `limit` keys from 0-based rank `offset` on, in order.
    func keys(from offset: Int, limit: Int) -> [Key] {
        guard limit > 0 else { return [] }
        var result: [Key] = []
        var skip = offset
        for chunk in chunks {
            if skip >= chunk.count {
                skip -= chunk.count
                continue
            }
            result.append(contentsOf: chunk[skip..<min(chunk.count, skip + limit - result.count)])
            skip = 0
            if result.count == limit { break }
        }
        return result
    }
}
