import LatchkeyWire

/// NIST SP 800-63B password rules: a length range counted in code points after NFKC, no
/// composition rules, a blocklist of common passwords (shipped as data) and context words.
struct PasswordPolicy: Sendable {
    /// The longest password accepted, in code points.
    static let maximumLength = 256
    private let common: Set<String>

    /// Loads the list of 20 000 common passwords built into the server (`Resources/common-passwords.txt`,
    /// from Django's password validator, itself from Royce Williams' breached-password corpus).
    init() {
        let text = (try? EmbeddedResources.text(at: "common-passwords.txt")) ?? ""
        self.common = Set(text.split(whereSeparator: \.isNewline).map { $0.lowercased() })
    }

    /// Why `password` is refused, or nil. `context` holds words it must not contain (username,
    /// email local part, app name); words shorter than 4 characters are ignored.
    func rejection(of password: String, minimumLength: Int, context: [String]) -> PasswordRejection? {
        let normalized = Canonical.password(password)
        let length = normalized.unicodeScalars.count
        if length < minimumLength { return .tooShort }
        if length > Self.maximumLength { return .tooLong }
        let folded = normalized.lowercased()
        if common.contains(folded) { return .tooCommon }
        for word in context.map({ Canonical.password($0).lowercased() }) where word.count >= 4 {
            if folded.contains(word) { return .containsContext }
        }
        return nil
    }
}
