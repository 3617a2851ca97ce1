import Foundation

/// Text that is not a duration an operator may write.
public struct DurationSyntaxError: Error, CustomStringConvertible, Equatable {
    /// The text as given.
    public var text: String

    public var description: String {
        "'\(text)' is not a duration: write a whole number followed by s, m, h or d (30m, 6h, 1d)"
    }
}

extension Duration {
    /// Reads the durations operators write in flags and variables — `90s`, `30m`, `6h`, `1d` — so a
    /// schedule reads the way people say it; anything else, zero or a negative number included,
    /// is a ``DurationSyntaxError`` rather than a guess.
    public init(parsing text: String) throws(DurationSyntaxError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let unit = trimmed.last, let count = Int64(trimmed.dropLast()), count > 0, trimmed.first != "+" else {
            throw DurationSyntaxError(text: text)
        }
        let (seconds, overflow): (Int64, Bool)
        switch unit {
        case "s": (seconds, overflow) = (count, false)
        case "m": (seconds, overflow) = count.multipliedReportingOverflow(by: 60)
        case "h": (seconds, overflow) = count.multipliedReportingOverflow(by: 3_600)
        case "d": (seconds, overflow) = count.multipliedReportingOverflow(by: 86_400)
        default: throw DurationSyntaxError(text: text)
        }
        guard !overflow else { throw DurationSyntaxError(text: text) }
        self = .seconds(seconds)
    }
}
