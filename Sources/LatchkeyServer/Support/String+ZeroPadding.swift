extension String {
    /// `value` written in `radix` with leading zeros up to `width` digits (a longer number is
    /// written whole): the fixed-width numbers of one-time codes, dates and ids that sort as text.
    init<Value: BinaryInteger>(_ value: Value, radix: Int = 10, zeroPaddedTo width: Int) {
        let digits = String(value, radix: radix)
        let padding = Swift.max(0, width - digits.utf8.count)
        self = String(repeating: "0", count: padding) + digits
    }
}
