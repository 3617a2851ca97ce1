public import Foundation
import NIOConcurrencyHelpers

/// Where the server reads the current time. Injected so tests move time instead of sleeping.
public protocol TimeSource: Sendable {
    /// The current time.
    func now() -> Date
}

/// The system clock.
public struct SystemTimeSource: TimeSource {
    /// Creates the system clock.
    public init() {}
    /// The current wall-clock time.
    public func now() -> Date { Date() }
}

/// A clock that only moves when told to; for tests.
public final class ManualTimeSource: TimeSource, Sendable {
    private let current: NIOLockedValueBox<Date>

    /// Creates a clock that starts at `start`.
    public init(start: Date = Date()) {
        self.current = NIOLockedValueBox(start)
    }

    /// The clock's current time.
    public func now() -> Date { current.withLockedValue { $0 } }

    /// Moves the clock forward.
    public func advance(by seconds: TimeInterval) {
        current.withLockedValue { $0 += seconds }
    }
}

extension Date {
    /// Whole seconds since 1970, the unit the database stores.
    var epochSeconds: Int64 { Int64(timeIntervalSince1970.rounded(.down)) }
    /// Milliseconds since the Unix epoch (the data tree's `now` and `timestamp`).
    var epochMilliseconds: Int64 { Int64((timeIntervalSince1970 * 1000).rounded(.down)) }

    /// A date from whole seconds since 1970.
    init(epochSeconds: Int64) { self.init(timeIntervalSince1970: TimeInterval(epochSeconds)) }
}
