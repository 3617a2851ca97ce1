import NIOConcurrencyHelpers

/// The protocol's push ids (`POST`): 8 characters of the millisecond time, then 12 random ones, in
/// an alphabet whose byte order is its value order, so ids sort as they were made. Ids made in one
/// millisecond keep the random part and count it up, so they stay in order on this node.
final class PushIDGenerator: Sendable {
    /// The 64 characters, in ascending byte order.
    private static let alphabet = Array("-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz")
    private let last = NIOLockedValueBox<(time: Int64, random: [Int])>((-1, []))

    /// A new id for `now` (milliseconds since the Unix epoch).
    func make(at now: Int64) -> String {
        let (stamp, random) = last.withLockedValue { last -> (Int64, [Int]) in
            if now <= last.time, !last.random.isEmpty {
                // The same (or an earlier) millisecond: the previous random part plus one.
                var next = last.random
                var index = next.count - 1
                while index >= 0, next[index] == 63 {
                    next[index] = 0
                    index -= 1
                }
                if index >= 0 { next[index] += 1 }
                last.random = next
            } else {
                last = (now, (0..<12).map { _ in Int.random(in: 0..<64) })
            }
            return last
        }
        var time = stamp
        var timeCharacters = [Character](repeating: "-", count: 8)
        for index in stride(from: 7, through: 0, by: -1) {
            timeCharacters[index] = Self.alphabet[Int(time % 64)]
            time /= 64
        }
        return String(timeCharacters) + String(random.map { Self.alphabet[$0] })
    }
}
