import Foundation

/// A 5-field cron expression (minute, hour, day of month, month, day of week), evaluated in UTC:
/// when a board's reset schedule starts a new period. Each field takes `*`, a number, a range
/// `a-b`, a step `*/n` or `a-b/n`, and comma lists of these; day of week is 0–7 (0 and 7 are
/// Sunday). As in Vixie cron, when both day fields are restricted a day matching either fires.
struct CronSchedule: Sendable, Equatable {
    let minutes: Set<Int>
    let hours: Set<Int>
    let daysOfMonth: Set<Int>
    let months: Set<Int>
    let daysOfWeek: Set<Int>
    private let dayOfMonthRestricted: Bool
    private let dayOfWeekRestricted: Bool

    /// How far back ``latestFire(atOrBefore:)`` looks: long enough for `0 0 29 2 1` (a leap day
    /// that is a Monday) to fire at least once.
    static let searchDays = 366 * 29

    /// The schedules the named resets stand for.
    static let aliases: [String: String] = ["daily": "0 0 * * *", "weekly": "0 0 * * 1", "monthly": "0 0 1 * *"]

    /// Parses `expression`, or a named reset; nil when it is not a valid schedule.
    init?(_ expression: String) {
        let fields = (Self.aliases[expression] ?? expression).split(separator: " ", omittingEmptySubsequences: true)
        guard fields.count == 5,
            let minutes = Self.values(fields[0], 0...59), let hours = Self.values(fields[1], 0...23),
            let daysOfMonth = Self.values(fields[2], 1...31), let months = Self.values(fields[3], 1...12),
            let daysOfWeek = Self.values(fields[4], 0...7)
        else { return nil }
        self.minutes = minutes
        self.hours = hours
        self.daysOfMonth = daysOfMonth
        self.months = months
        self.daysOfWeek = Set(daysOfWeek.map { $0 % 7 })
        dayOfMonthRestricted = !fields[2].hasPrefix("*")
        dayOfWeekRestricted = !fields[4].hasPrefix("*")
    }

    /// The values one field allows, or nil when it is malformed or out of `range`.
    private static func values(_ field: Substring, _ range: ClosedRange<Int>) -> Set<Int>? {
        var result = Set<Int>()
        for part in field.split(separator: ",", omittingEmptySubsequences: false) {
            let pieces = part.split(separator: "/", omittingEmptySubsequences: false)
            guard pieces.count <= 2 else { return nil }
            var step = 1
            if pieces.count == 2 {
                guard let parsed = number(pieces[1]), parsed > 0 else { return nil }
                step = parsed
            }
            let span: ClosedRange<Int>
            if pieces[0] == "*" {
                span = range
            } else {
                let bounds = pieces[0].split(separator: "-", omittingEmptySubsequences: false)
                guard (1...2).contains(bounds.count), let low = number(bounds[0]), let high = number(bounds[bounds.count - 1]),
                    low <= high, range.contains(low), range.contains(high)
                else { return nil }
                // `5/15` means from 5 to the end of the range, every 15.
                span = bounds.count == 1 && pieces.count == 2 ? low...range.upperBound : low...high
            }
            result.formUnion(stride(from: span.lowerBound, through: span.upperBound, by: step))
        }
        return result.isEmpty ? nil : result
    }

    /// A field's number: ASCII digits only, at most 2 (every field's values are below 100).
    private static func number(_ text: Substring) -> Int? {
        guard (1...2).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    /// The latest moment at or before `date` when the schedule fires; nil when it fired at no
    /// moment in the ``searchDays`` before (a schedule naming only impossible days, like 31 February).
    func latestFire(atOrBefore date: Date) -> Date? {
        let calendar = Self.utc
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        let minuteStart = seconds - ((seconds % 60) + 60) % 60
        var day = calendar.startOfDay(for: Date(timeIntervalSince1970: TimeInterval(minuteStart)))
        var limit = Int((minuteStart - Int64(day.timeIntervalSince1970)) / 60)
        for _ in 0..<Self.searchDays {
            let parts = calendar.dateComponents([.day, .month, .weekday], from: day)
            if let dayOfMonth = parts.day, let month = parts.month, let weekday = parts.weekday,
                matchesDay(dayOfMonth: dayOfMonth, month: month, dayOfWeek: weekday - 1),
                let minute = latestMinute(atOrBefore: limit)
            {
                return day.addingTimeInterval(TimeInterval(minute * 60))
            }
            guard let previous = calendar.date(byAdding: .day, value: -1, to: day) else { return nil }
            day = previous
            limit = 24 * 60 - 1
        }
        return nil
    }

    private func matchesDay(dayOfMonth: Int, month: Int, dayOfWeek: Int) -> Bool {
        guard months.contains(month) else { return false }
        let byMonthDay = daysOfMonth.contains(dayOfMonth)
        let byWeekDay = daysOfWeek.contains(dayOfWeek)
        if dayOfMonthRestricted && dayOfWeekRestricted { return byMonthDay || byWeekDay }
        return byMonthDay && byWeekDay
    }

    /// The latest minute of a matching day, counted from midnight, at or before `limit`.
    private func latestMinute(atOrBefore limit: Int) -> Int? {
        for hour in hours.sorted(by: >) where hour * 60 <= limit {
            if let minute = minutes.sorted(by: >).first(where: { hour * 60 + $0 <= limit }) { return hour * 60 + minute }
        }
        return nil
    }

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()
}
