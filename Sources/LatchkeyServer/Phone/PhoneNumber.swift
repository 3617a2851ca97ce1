import Foundation

/// A phone number in E.164 form: `+`, a country code not starting with 0, 8 to 15 digits in all.
///
/// Spaces, dashes, dots and brackets between digits are dropped; anything else — letters, a
/// missing `+`, a national `0` prefix (also as `(0)`), too few or too many digits — is refused. Two spellings of one
/// number give one canonical value, which is what users are keyed by.
struct PhoneNumber: Sendable, Equatable, CustomStringConvertible {
    /// The canonical `+<digits>` form.
    let e164: String

    init?(_ input: String) {
        let trimmed = input.trimmingCharacters(in: .whitespaces)
        // `+44 (0) 20…`: a national trunk prefix inside an international number is a common mistake.
        guard trimmed.utf8.count <= 32, trimmed.first == "+", !trimmed.contains("(0)") else { return nil }
        var digits = ""
        for character in trimmed.dropFirst() {
            if character.isASCII, character.isNumber {
                digits.append(character)
            } else if !" -.()".contains(character) {
                return nil
            }
        }
        guard (8...15).contains(digits.count), digits.first != "0" else { return nil }
        e164 = "+" + digits
    }

    var description: String { e164 }
}
