public import Foundation

/// The field rules shared by the server (which enforces them) and the SDK (which may check early).
public enum Validation {
    /// Usernames: 3–32 characters from `A–Z a–z 0–9 . _ -`, starting with a letter or digit.
    public static func isValidUsername(_ username: String) -> Bool {
        let scalars = username.unicodeScalars
        guard (3...32).contains(scalars.count), let first = scalars.first, isASCIIAlphanumeric(first) else {
            return false
        }
        return scalars.allSatisfy { isASCIIAlphanumeric($0) || $0 == "." || $0 == "_" || $0 == "-" }
    }

    /// Email addresses: one `@`, a local part of 1–64 printable ASCII characters without spaces,
    /// quotes or brackets, and a domain of dot-separated LDH labels with at least one dot; 254 at most.
    /// (Internationalized addresses are accepted in their ASCII/punycode form.)
    public static func isValidEmail(_ email: String) -> Bool {
        guard email.utf8.count <= 254 else { return false }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        let local = parts[0].unicodeScalars
        let domain = parts[1]
        guard (1...64).contains(local.count) else { return false }
        let forbidden: Set<Unicode.Scalar> = [" ", "\"", "(", ")", ",", ":", ";", "<", ">", "[", "\\", "]"]
        guard local.allSatisfy({ $0.isASCII && $0.value > 32 && $0.value < 127 && !forbidden.contains($0) }),
            local.first != ".", local.last != ".", !parts[0].contains("..")
        else { return false }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2 else { return false }
        for label in labels {
            let scalars = label.unicodeScalars
            guard (1...63).contains(scalars.count), scalars.first != "-", scalars.last != "-",
                scalars.allSatisfy({ isASCIIAlphanumeric($0) || $0 == "-" })
            else { return false }
        }
        return labels.last.map { $0.unicodeScalars.allSatisfy { $0.properties.isAlphabetic } } ?? false
    }

    /// A calendar date `YYYY-MM-DD` (year 1900 or later) that is not after `today`.
    public static func isValidDateOfBirth(_ value: String, today: Date) -> Bool {
        guard let date = parseDate(value) else { return false }
        return date <= today
    }

    /// Parses a strict `YYYY-MM-DD` calendar date (UTC midnight), or returns nil.
    public static func parseDate(_ value: String) -> Date? {
        let scalars = Array(value.unicodeScalars)
        guard scalars.count == 10, scalars[4] == "-", scalars[7] == "-" else { return nil }
        let digitPositions = [0, 1, 2, 3, 5, 6, 8, 9]
        guard digitPositions.allSatisfy({ ("0"..."9").contains(scalars[$0]) }) else { return nil }
        guard let year = Int(value.prefix(4)), let month = Int(value.dropFirst(5).prefix(2)),
            let day = Int(value.suffix(2)), year >= 1900, (1...12).contains(month), day >= 1
        else { return nil }
        let isLeap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let days = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        guard day <= days else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar.date(from: DateComponents(year: year, month: month, day: day))
    }

    /// An assigned ISO 3166-1 alpha-2 code, upper case (`GB`, `CN`, `JP`).
    public static func isValidCountry(_ code: String) -> Bool {
        countryCodes.contains(code)
    }

    /// Every officially assigned ISO 3166-1 alpha-2 code.
    public static let countryCodes: Set<String> = Set(
        """
        AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ \
        CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO \
        FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE \
        JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO \
        MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW \
        PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM \
        TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW
        """.split(separator: " ").map(String.init)
    )

    private static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }
}
