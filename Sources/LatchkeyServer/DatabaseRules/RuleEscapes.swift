/// The backslash escapes the rules document, rule strings and regular expressions share.
enum RuleEscapes {
    /// The control character a one-letter escape (`\n`, `\t`, `\r`, `\f`, `\v`, `\0`) stands for.
    static func control(_ letter: Unicode.Scalar) -> Unicode.Scalar? {
        switch letter {
        case "n": "\n"
        case "t": "\t"
        case "r": "\r"
        case "f": "\u{C}"
        case "v": "\u{B}"
        case "0": "\0"
        default: nil
        }
    }

    /// The value of the `digits` hexadecimal digits at `start` of `text`; nil unless all are there.
    static func hex(_ text: [Unicode.Scalar], at start: Int, digits: Int) -> UInt32? {
        guard start >= 0, start + digits <= text.count else { return nil }
        var value: UInt32 = 0
        for scalar in text[start..<(start + digits)] {
            guard scalar.isASCII, let digit = UInt32(String(scalar), radix: 16) else { return nil }
            value = value * 16 + digit
        }
        return value
    }
}
