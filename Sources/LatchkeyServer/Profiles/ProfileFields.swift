import Foundation
import LatchkeyWire

/// The rules profile fields follow, and how a provider's profile maps onto them.
enum ProfileFields {
    /// The most Unicode code points in a first name or display name (as JSON Schema counts).
    static let maximumNameLength = 64
    /// The most bytes in an avatar URL.
    static let maximumAvatarURLLength = 2_048

    /// A name as stored (surrounding whitespace dropped), or nil when it is empty, too long or holds
    /// control characters (``isControl(_:)``).
    static func name(_ value: String) -> String? {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.unicodeScalars.count <= maximumNameLength, !trimmed.unicodeScalars.contains(where: isControl)
        else { return nil }
        return trimmed
    }

    /// Whether `value` is an absolute `https` URL with a host, of at most 2,048 bytes, without
    /// spaces or control characters.
    static func isValidAvatarURL(_ value: String) -> Bool {
        guard value.utf8.count <= maximumAvatarURLLength,
            !value.unicodeScalars.contains(where: { $0.properties.isWhitespace || isControl($0) }),
            let components = URLComponents(string: value), components.scheme?.lowercased() == "https",
            let host = components.host, !host.isEmpty
        else { return false }
        return true
    }

    /// Whether a character controls rather than shows text, which a name or URL others see must
    /// not hold: control codes, line and paragraph separators, and bidirectional controls (a
    /// right-to-left override makes others read the rest of the line reversed).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: scalar.properties.isBidiControl
        }
    }

    /// A provider's gender claim as a profile's: `female` and `male` as they are, anything else
    /// stated as `other`.
    static func gender(fromProvider value: String?) -> Gender? {
        guard let value = value?.trimmingCharacters(in: .whitespaces).lowercased(), !value.isEmpty else { return nil }
        return Gender(rawValue: value) ?? .other
    }

    /// A provider's birthday as `YYYY-MM-DD` when it is a full, valid date: OpenID Connect's
    /// `birthdate` is `YYYY-MM-DD` already, Facebook's `birthday` is `MM/DD/YYYY` (a year or a
    /// month and day alone, which it sends for some permissions, are not a date of birth).
    static func dateOfBirth(fromProvider value: String?, today: Date) -> String? {
        guard let value else { return nil }
        let parts = value.split(separator: "/", omittingEmptySubsequences: false)
        let date = parts.count == 3 ? "\(parts[2])-\(parts[0])-\(parts[1])" : value
        return Validation.isValidDateOfBirth(date, today: today) ? date : nil
    }
}
