import Foundation

/// Invite codes: eight characters of an alphabet without look-alikes (no `0 O 1 I L`), so a code
/// read aloud or off a screen is typed right; about 39.6 random bits each, drawn without bias.
/// Codes are stored upper-case and matched case-insensitively.
enum InviteCode {
    /// The 31 characters a code is made of.
    static let alphabet = Array("23456789ABCDEFGHJKMNPQRSTUVWXYZ")
    /// Characters per code.
    static let length = 8

    /// A fresh random code.
    static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }

    /// The stored form of a code as typed or pasted (surrounding spaces and line breaks dropped,
    /// upper-cased), or nil when it cannot be a code at all.
    static func normalized(_ typed: String) -> String? {
        let code = typed.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
        guard code.count == length, code.allSatisfy(alphabet.contains) else { return nil }
        return code
    }
}
