extension String {
    /// The string without one trailing `suffix`, if it ends with it (`https://x/` → `https://x`).
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
