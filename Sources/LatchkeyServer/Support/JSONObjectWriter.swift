import Foundation

/// Writes a flat JSON object member by member, for the answers on hot paths whose shape is fixed
/// (an access token's claims, a refresh's tokens): Foundation's `JSONEncoder` spent more on them
/// than on anything else of a refresh's own work, the ES256 signature included, boxing every
/// member and sorting the keys each time.
///
/// Members are written in the order they are added, so callers add them sorted by name, as the
/// wire encoder (`.sortedKeys`) writes them: the bytes are the ones it would write.
struct JSONObjectWriter {
    private var text = "{"
    private var hasMembers = false

    /// Adds a string member.
    mutating func add(_ name: StaticString, _ value: String) {
        startMember(name)
        JSONText.appendQuoted(value, to: &text)
    }

    /// Adds a string member when `value` is present; an absent one is left out, as the wire
    /// encoder leaves out a `nil` optional.
    mutating func add(_ name: StaticString, _ value: String?) {
        if let value { add(name, value) }
    }

    /// Adds a whole-number member.
    mutating func add(_ name: StaticString, _ value: Int) {
        startMember(name)
        text += String(value)
    }

    /// Adds a Boolean member when `value` is present.
    mutating func add(_ name: StaticString, _ value: Bool?) {
        guard let value else { return }
        startMember(name)
        text += value ? "true" : "false"
    }

    /// Adds a date member as the wire encoder writes dates (ISO 8601 in UTC, whole seconds).
    mutating func add(_ name: StaticString, _ value: Date) {
        startMember(name)
        text += "\""
        text += JSONText.iso8601(value)
        text += "\""
    }

    /// The object's text.
    consuming func finish() -> String {
        text += "}"
        return text
    }

    /// Writes the comma before every member but the first, then the member's name (member names
    /// are the code's own constants and need no escaping).
    private mutating func startMember(_ name: StaticString) {
        if hasMembers { text += "," }
        hasMembers = true
        text += "\""
        text += name.description
        text += "\":"
    }
}

/// JSON's string syntax (RFC 8259 §7), shared by the writers that do not go through `JSONEncoder`.
enum JSONText {
    /// Appends `string` quoted and escaped; a string with nothing to escape (the common case) is
    /// appended whole rather than a scalar at a time. Slashes stay unescaped, as the wire encoder
    /// writes them (`.withoutEscapingSlashes`).
    static func appendQuoted(_ string: String, to output: inout String) {
        output += "\""
        @inline(__always) func isEscaped(_ byte: UInt8) -> Bool {
            byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
        }
        // Over the string's own bytes when it has them in one piece (a native string does): a
        // plain loop over memory rather than the UTF-8 view's index steps.
        let needsEscaping =
            string.utf8.withContiguousStorageIfAvailable { $0.contains(where: isEscaped) }
            ?? string.utf8.contains(where: isEscaped)
        if !needsEscaping {
            output += string
            output += "\""
            return
        }
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                output += "\\u" + String(scalar.value, radix: 16, zeroPaddedTo: 4)
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }

    /// `date` as the wire encoder writes dates: `2026-11-27T11:30:00Z`, in UTC, the fraction of a
    /// second dropped. Written by hand in the Gregorian years 1583–9999 (Foundation's format style
    /// builds calendar components for each date, a tenth of a refresh's encoding), by Foundation
    /// outside them: before the reform of 1582 it counts Julian days.
    static func iso8601(_ date: Date) -> String {
        guard let seconds = Int64(exactly: date.timeIntervalSince1970.rounded(.down)) else { return date.formatted(.iso8601) }
        let (days, secondOfDay) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let (day, second) = secondOfDay < 0 ? (days - 1, secondOfDay + 86_400) : (days, secondOfDay)
        // Days since 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's civil_from_days).
        let shifted = day + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let dayOfMonth = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        guard (1_583...9_999).contains(year) else { return date.formatted(.iso8601) }
        func digits(_ value: Int64, _ width: Int) -> String { String(value, zeroPaddedTo: width) }
        return digits(year, 4) + "-" + digits(month, 2) + "-" + digits(dayOfMonth, 2) + "T" + digits(second / 3_600, 2)
            + ":" + digits(second / 60 % 60, 2) + ":" + digits(second % 60, 2) + "Z"
    }
}
