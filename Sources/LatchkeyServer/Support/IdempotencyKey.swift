/// The rule every idempotency key follows (the wallet's operations, leaderboard submissions):
/// 1 to 128 printable ASCII characters, so a key is safe in logs and compared byte for byte.
enum IdempotencyKey {
    /// The longest key.
    static let maximumLength = 128

    /// Whether `key` is a key.
    static func isValid(_ key: String) -> Bool {
        !key.isEmpty && key.count <= maximumLength && key.unicodeScalars.allSatisfy { (0x21...0x7E).contains($0.value) }
    }
}
