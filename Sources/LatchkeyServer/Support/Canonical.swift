import Foundation

/// One canonical form per identifier, so that uniqueness and throttling see through case and
/// Unicode variants (SECURITY.md, "Input").
enum Canonical {
    /// Usernames: NFKC, then lower case.
    static func username(_ value: String) -> String {
        value.precomposedStringWithCompatibilityMapping.lowercased()
    }

    /// Emails: NFC, trimmed, then lower case (every mainstream provider treats the local part
    /// case-insensitively).
    static func email(_ value: String) -> String {
        value.precomposedStringWithCanonicalMapping.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// The throttling key of an email: its canonical form without a `+tag` alias, so that
    /// `a+1@x.io` and `A@x.io` share one failure counter.
    static func emailThrottleKey(_ value: String) -> String {
        let email = Canonical.email(value)
        guard let at = email.lastIndex(of: "@") else { return email }
        let local = email[..<at]
        let base = local.split(separator: "+", maxSplits: 1, omittingEmptySubsequences: false).first ?? local
        return String(base + email[at...])
    }

    /// Passwords: NFKC (NIST SP 800-63B §5.1.1.2), so that equivalent input always hashes the same.
    static func password(_ value: String) -> String {
        value.precomposedStringWithCompatibilityMapping
    }
}
