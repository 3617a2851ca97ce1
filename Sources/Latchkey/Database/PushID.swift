import Foundation

/// Makes the protocol's push ids (Firebase's `childByAutoId`): 8 characters of the current time
/// in milliseconds, then 12 random ones, from a 64-character alphabet ordered as ASCII, so ids
/// sort by creation time. Two ids made in the same millisecond keep the first one's random part
/// incremented by one, so ids from one generator never collide and stay in order.
struct PushIDGenerator: Sendable {
    /// The alphabet, in ASCII order.
    static let alphabet = Array("-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz")

    private let state = Locked(State())
    private let now: @Sendable () -> Int64
    private let random: @Sendable () -> Int

    private struct State {
        var lastTime: Int64 = -1
        var lastRandom: [Int] = []
    }

    /// A generator reading milliseconds from `now` and digits (0…63) from `random`.
    init(
        now: @escaping @Sendable () -> Int64 = { Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) },
        random: @escaping @Sendable () -> Int = { Int.random(in: 0..<64) }
    ) {
        self.now = now
        self.random = random
    }

    /// The one every reference of the process uses, so ids from two clients never tie.
    static let shared = PushIDGenerator()

    /// A new id.
    func next() -> String {
        let time = now()
        let digits = state.withLock { state -> [Int] in
            if time == state.lastTime {
                // Increment the random part as a base-64 number; it has 72 bits, so it does not wrap in a millisecond.
                var index = state.lastRandom.count - 1
                while index >= 0 && state.lastRandom[index] == 63 {
                    state.lastRandom[index] = 0
                    index -= 1
                }
                if index >= 0 { state.lastRandom[index] += 1 }
            } else {
                state.lastTime = time
                state.lastRandom = (0..<12).map { _ in random() & 63 }
            }
            return state.lastRandom
        }
        var remaining = time
        var timeDigits = [Int](repeating: 0, count: 8)
        for index in stride(from: 7, through: 0, by: -1) {
            timeDigits[index] = Int(remaining % 64)
            remaining /= 64
        }
        return String((timeDigits + digits).map { Self.alphabet[$0] })
    }
}
